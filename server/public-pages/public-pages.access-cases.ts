import { pathTo } from '../../src/contracts/endpoint'
import * as endpoints from '../../src/contracts/public.endpoints'
import { submittedDayWithLink } from '../modules/diary/diary-fixtures'
import { type MatrixCase, matrixApp, matrixCase, project, users } from '../test/access-matrix-fixtures'
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
  matrixCase(endpoints.signPage, {
    call: async () => {
      const { token } = await submittedDayWithLink(matrixApp().db, {
        projectId: (await project('other')).id,
        userId: users.admin.id,
      })
      return { path: pathTo(endpoints.signPage, { token }) }
    },
  }),
  matrixCase(endpoints.signPagePost, {
    // A return needs no drawn signature; a link used once answers the 'tidak berlaku' page (410).
    call: async () => {
      const { token } = await submittedDayWithLink(matrixApp().db, {
        projectId: (await project('other')).id,
        userId: users.admin.id,
      })
      return {
        path: pathTo(endpoints.signPagePost, { token }),
        body: new URLSearchParams({
          decision: 'kembalikan',
          note: 'Cek ulang',
          name: 'Budi',
          position: 'SM',
        }),
      }
    },
  }),
]
