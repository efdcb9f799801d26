import * as endpoints from '../../../src/contracts/whatsapp.endpoints'
import { type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // The WhatsApp bot: admins only (simulate-scan exists with the simulated driver, the tests' default).
  matrixCase(endpoints.qr, {
    call: async () => ({ path: '/api/whatsapp/qr' }),
  }),
  matrixCase(endpoints.logout, {
    call: async () => ({ path: '/api/whatsapp/logout' }),
  }),
  matrixCase(endpoints.simulateScan, {
    call: async () => ({ path: '/api/whatsapp/simulate-scan' }),
  }),
]
