import { pathTo } from '../../../src/contracts/endpoint'
import * as endpoints from '../../../src/contracts/public.endpoints'
import { type MatrixCase, matrixApp, matrixCase } from '../../test/access-matrix-fixtures'
import { matrixReportLink } from '../../test/share-fixtures'

/** How the access matrix calls a report's verification (all public; its page: server/public-pages/). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.verifyPhoto, {
    call: async () => {
      const { report, photo } = await matrixReportLink()
      // The fixture's photo has no thumbnail; its stored bytes stand in for one.
      await matrixApp()
        .deps.db.updateTable('doc_images')
        .set({ thumb_key: photo.blobKey, thumb_state: 'ready' })
        .where('id', '=', photo.imageId)
        .execute()
      return { path: pathTo(endpoints.verifyPhoto, { code: report.code, position: 1 }) }
    },
  }),
  matrixCase(endpoints.verifyData, {
    call: async () => ({
      path: pathTo(endpoints.verifyData, { code: (await matrixReportLink()).report.code }),
    }),
  }),
]
