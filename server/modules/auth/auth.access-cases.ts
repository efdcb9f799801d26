import * as endpoints from '../../../src/contracts/auth.endpoints'
import { type MatrixCase, matrixCase, PASSWORD, users } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.login, {
    // A deactivated user cannot log in (401); anyone else logs in with their own account.
    expect: { deactivated: 401 },
    call: async ({ user }) => ({
      path: '/api/auth/login',
      json: { email: (user ?? users.admin).email, password: PASSWORD },
    }),
  }),
  matrixCase(endpoints.logout, {
    call: async () => ({ path: '/api/auth/logout' }),
  }),
]
