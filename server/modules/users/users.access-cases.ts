import * as endpoints from '../../../src/contracts/users.endpoints'
import { type MatrixCase, matrixCase, PASSWORD } from '../../test/access-matrix-fixtures'
import { formWith, samplePng } from '../../test/harness'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Own account: everyone who is logged in.
  matrixCase(endpoints.me, { call: async () => ({ path: '/api/user/me' }) }),
  matrixCase(endpoints.update, {
    call: async () => ({ path: '/api/user/update', json: { name: 'Nama Baru', phone: '081234567890' } }),
  }),
  matrixCase(endpoints.avatar, {
    call: async () => ({
      path: '/api/user/update-avatar',
      body: formWith({ avatar: { data: await samplePng(), name: 'a.png', type: 'image/png' } }),
    }),
  }),
  matrixCase(endpoints.password, {
    // The same password again, so the caller's next login still works.
    call: async () => ({
      path: '/api/user/update-password',
      json: { current_password: PASSWORD, new_password: PASSWORD, confirm_new_password: PASSWORD },
    }),
  }),
]
