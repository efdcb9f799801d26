import * as endpoints from '../../../src/contracts/history.endpoints'
import { docIn, type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // The project's history: admins; an item's: everyone who sees the project.
  matrixCase(endpoints.project, {
    call: async ({ project }) => ({ path: `/api/project/${project?.id}/history` }),
  }),
  matrixCase(endpoints.doc, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/history/${(await docIn(project?.id as number)).uuid}`,
    }),
  }),
]
