import * as endpoints from '../../../src/contracts/recaps.endpoints'
import { type MatrixCase, matrixCase, recapIn } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Rekap: everyone who sees the project lists and downloads; admins upload and delete.
  matrixCase(endpoints.upload, {
    call: async ({ project }) => {
      const body = new FormData()
      body.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'rekap.pdf')
      return { path: `/api/rekap/${project?.slug}/upload`, body }
    },
  }),
  matrixCase(endpoints.list, {
    call: async ({ project }) => ({ path: `/api/rekap/${project?.slug}/list` }),
  }),
  matrixCase(endpoints.download, {
    call: async ({ project }) => ({ path: `/api/rekap/${project?.slug}/download/${await recapIn(project)}` }),
  }),
  matrixCase(endpoints.remove, {
    call: async ({ project }) => ({ path: `/api/rekap/${project?.slug}/remove/${await recapIn(project)}` }),
  }),
]
