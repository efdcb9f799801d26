import { pathTo } from '../../../src/contracts/endpoint'
import * as endpoints from '../../../src/contracts/public.endpoints'
import { type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'
import { matrixReportLink, signedPath } from '../../test/share-fixtures'

/** How the access matrix calls a share link's public calls (all public; its page: server/public-pages/). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.shareData, {
    call: async () => ({
      path: pathTo(endpoints.shareData, { token: (await matrixReportLink()).share.token }),
    }),
  }),
  matrixCase(endpoints.shareReport, {
    call: async () => ({ path: signedPath((await matrixReportLink()).share, 'report', 'pdf') }),
  }),
  matrixCase(endpoints.sharePhoto, {
    call: async () => {
      const { share, photo } = await matrixReportLink()
      return { path: signedPath(share, String(photo.imageId), 'thumb') }
    },
  }),
]
