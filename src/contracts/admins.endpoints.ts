import * as v from 'valibot'
import { AdminCreateSchema, AdminUpdateSchema } from './admins'
import { PasswordResetResultSchema, PasswordResetSchema, UserSchema } from './auth'
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

export const update = endpoint({
  method: 'PUT',
  path: '/api/admin/update/:id',
  access: 'admin.manage',
  tag: 'Admin',
  summary: 'Ubah nama, email dan nomor telepon admin (superadmin)',
  json: AdminUpdateSchema,
  response: UserSchema,
  errors: [409],
})

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/admin/reset-password/:id',
  access: 'admin.manage',
  tag: 'Admin',
  summary:
    'Reset password admin (superadmin): password baru ditampilkan sekali, atau dikirim lewat WhatsApp dengan { via: "whatsapp" }; semua sesinya berakhir',
  jsonOptional: PasswordResetSchema,
  response: PasswordResetResultSchema,
  // 409: WhatsApp asked with no linked bot; 422 also: the account has no number WhatsApp takes.
  errors: [409],
})
