import * as endpoints from '../../../src/contracts/contract.endpoints'
import { type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.get, {
    call: async ({ project }) => ({ path: `/api/project/${project?.id}/contract` }),
  }),
  matrixCase(endpoints.put, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.slug}/contract`,
      json: { number: 'KTR-01', site: { lat: -6.2, lng: 106.8, radius_m: 300 } },
    }),
  }),
]
