import * as v from 'valibot'
import { AdminCreateSchema } from './admins'
import { UserSchema } from './auth'
import { endpoint } from './endpoint'

/** /api/admin: the superadmin's admin accounts (server/modules/admins). */

export const create = endpoint({
  method: 'POST',
  path: '/api/admin/create',
  access: 'admin.manage',
  tag: 'Admin',
  summary: 'Buat admin (superadmin)',
  json: AdminCreateSchema,
  created: true,
  response: UserSchema,
  errors: [409],
})

export const list = endpoint({
  method: 'GET',
  path: '/api/admin/list',
  access: 'admin.manage',
  tag: 'Admin',
  summary: 'Daftar admin (superadmin)',
  response: v.array(UserSchema),
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/admin/remove/:id',
  access: 'admin.manage',
  tag: 'Admin',
  summary: 'Hapus admin (superadmin)',
  response: null,
})
