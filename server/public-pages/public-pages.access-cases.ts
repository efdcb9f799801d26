import { pathTo } from '../../src/contracts/endpoint'
import * as endpoints from '../../src/contracts/public.endpoints'
import { type MatrixCase, matrixCase } from '../test/access-matrix-fixtures'
import { matrixReportLink } from '../test/share-fixtures'

/** How the access matrix opens each public page: every caller, anonymous or not, gets the page. */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.sharePage, {
    call: async () => ({
      path: pathTo(endpoints.sharePage, { token: (await matrixReportLink()).share.token }),
    }),
  }),
  matrixCase(endpoints.sharePagePin, {
    call: async () => ({
      path: pathTo(endpoints.sharePagePin, { token: (await matrixReportLink()).share.token }),
      body: new URLSearchParams({ pin: '' }),
    }),
  }),
  matrixCase(endpoints.verifyPage, {
    call: async () => ({
      path: pathTo(endpoints.verifyPage, { code: (await matrixReportLink()).report.code }),
    }),
  }),
]
