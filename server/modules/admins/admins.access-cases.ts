import { randomUUID } from 'node:crypto'
import * as endpoints from '../../../src/contracts/admins.endpoints'
import { account, type MatrixCase, matrixCase, PASSWORD } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Admin accounts: the superadmin only.
  matrixCase(endpoints.create, {
    call: async () => ({
      path: '/api/admin/create',
      json: {
        name: 'Admin Baru',
        email: `admin-${randomUUID()}@berkas.test`,
        password: PASSWORD,
        phone: '081234567890',
      },
    }),
  }),
  matrixCase(endpoints.list, {
    call: async () => ({ path: '/api/admin/list' }),
  }),
  matrixCase(endpoints.update, {
    call: async () => ({
      path: `/api/admin/update/${(await account('admin')).id}`,
      json: { name: 'Admin Diubah', email: `admin-${randomUUID()}@berkas.test`, phone: '081234567890' },
    }),
  }),
  matrixCase(endpoints.resetPassword, {
    call: async () => ({ path: `/api/admin/reset-password/${(await account('admin')).id}`, json: {} }),
  }),
  matrixCase(endpoints.remove, {
    call: async () => ({ path: `/api/admin/remove/${(await account('admin')).id}` }),
  }),
]
