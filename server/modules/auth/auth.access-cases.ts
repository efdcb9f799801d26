import * as endpoints from '../../../src/contracts/auth.endpoints'
import { type MatrixCase, matrixCase, PASSWORD, users } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.login, {
    // A deactivated user with the right password is told so (403, issue 32); anyone else logs in.
    expect: { deactivated: 403 },
    call: async ({ user }) => ({
      path: '/api/auth/login',
      json: { email: (user ?? users.admin).email, password: PASSWORD },
    }),
  }),
  // Public: the same 200 for every email, and a wrong code is a 422 whoever asks.
  matrixCase(endpoints.forgot, {
    call: async ({ user }) => ({ path: '/api/auth/forgot', json: { email: (user ?? users.admin).email } }),
  }),
  matrixCase(endpoints.reset, {
    call: async ({ user }) => ({
      path: '/api/auth/reset',
      json: { email: (user ?? users.admin).email, code: '000000', new_password: 'password-baru-123' },
    }),
  }),
  matrixCase(endpoints.logout, {
    call: async () => ({ path: '/api/auth/logout' }),
  }),
]
