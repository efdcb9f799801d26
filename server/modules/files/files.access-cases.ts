import * as endpoints from '../../../src/contracts/files.endpoints'
import { areaFile, type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.upload, {
    area: 'pengawasan',
    call: async ({ project }) => {
      const body = new FormData()
      body.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'laporan.pdf')
      return { path: `/api/file/${project?.slug}/upload/pengawasan`, body }
    },
  }),
  matrixCase(endpoints.download, {
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/download/perencanaan/${await areaFile(project, 'perencanaan')}`,
    }),
  }),
  matrixCase(endpoints.review, {
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/status/${await areaFile(project, 'pengawasan')}/approved`,
    }),
  }),
  matrixCase(endpoints.removeFile, {
    area: 'perencanaan',
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/remove/${await areaFile(project, 'perencanaan')}`,
    }),
  }),
]
