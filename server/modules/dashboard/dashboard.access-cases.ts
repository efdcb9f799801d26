import * as endpoints from '../../../src/contracts/projects.endpoints'
import { type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.dashboard, {
    call: async () => ({ path: '/api/dashboard/analysis' }),
  }),
]
