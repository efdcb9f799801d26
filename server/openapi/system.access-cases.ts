import * as endpoints from '../../src/contracts/system.endpoints'
import { type MatrixCase, matrixCase } from '../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.health, { call: async () => ({ path: '/api/health' }) }),
  matrixCase(endpoints.openApi, {
    call: async () => ({ path: '/api/openapi.json' }),
  }),
  matrixCase(endpoints.reference, { call: async () => ({ path: '/api/docs' }) }),
]
