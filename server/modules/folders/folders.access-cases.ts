import { randomUUID } from 'node:crypto'
import * as endpoints from '../../../src/contracts/files.endpoints'
import { areaFolder, type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Folders and files (SPEC section 6 area rules: admin everywhere, perencanaan in perencanaan,
  // pengawasan in pengawasan; reading both areas is for everyone who sees the project).
  matrixCase(endpoints.createFolder, {
    area: 'perencanaan',
    call: async ({ project }) => ({
      path: `/api/folder/${project?.slug}/create/perencanaan`,
      json: { name: `Folder ${randomUUID()}` },
    }),
  }),
  matrixCase(endpoints.explore, {
    call: async ({ project }) => ({ path: `/api/folder/${project?.slug}/explore/pengawasan` }),
  }),
  matrixCase(endpoints.renameFolder, {
    area: 'pengawasan',
    call: async ({ project }) => ({
      path: `/api/folder/${project?.slug}/rename/pengawasan/${await areaFolder(project, 'pengawasan')}`,
      json: { name: `Nama ${randomUUID()}` },
    }),
  }),
  matrixCase(endpoints.removeFolder, {
    area: 'perencanaan',
    call: async ({ project }) => ({
      path: `/api/folder/${project?.slug}/remove/${await areaFolder(project, 'perencanaan')}`,
    }),
  }),
]
