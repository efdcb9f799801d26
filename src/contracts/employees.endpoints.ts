import * as v from 'valibot'
import { PasswordResetResultSchema, PasswordResetSchema, UserSchema } from './auth'
import { EmployeeCreateSchema, EmployeeUpdateSchema } from './employees'
import { endpoint } from './endpoint'

/** /api/employee: admins manage perencanaan and pengawasan accounts (server/modules/employees). */

export const create = endpoint({
  method: 'POST',
  path: '/api/employee/create/:id',
  access: 'employee.manage',
  tag: 'Karyawan',
  summary: 'Buat karyawan di bawah admin :id',
  json: EmployeeCreateSchema,
  created: true,
  response: UserSchema,
  errors: [409],
})

export const list = endpoint({
  method: 'GET',
  path: '/api/employee/list',
  access: 'employee.manage',
  tag: 'Karyawan',
  summary: 'Daftar karyawan',
  response: v.array(UserSchema),
})

export const update = endpoint({
  method: 'PUT',
  path: '/api/employee/update/:id',
  access: 'employee.manage',
  tag: 'Karyawan',
  summary: 'Ubah karyawan',
  json: EmployeeUpdateSchema,
  response: UserSchema,
  errors: [409],
})

export const setActive = endpoint({
  method: 'PATCH',
  path: '/api/employee/set-active/:id/:flag',
  access: 'employee.manage',
  tag: 'Karyawan',
  summary: 'Aktifkan (true) atau nonaktifkan (false)',
  response: UserSchema,
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/employee/remove/:id',
  access: 'employee.manage',
  tag: 'Karyawan',
  summary: 'Hapus karyawan',
  response: null,
})

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/employee/reset-password/:id',
  access: 'employee.manage',
  tag: 'Karyawan',
  summary:
    'Reset password karyawan: password baru ditampilkan sekali, atau dikirim lewat WhatsApp dengan { via: "whatsapp" }; semua sesinya berakhir',
  jsonOptional: PasswordResetSchema,
  response: PasswordResetResultSchema,
  // 409: WhatsApp asked with no linked bot; 422 also: the account has no number WhatsApp takes.
  errors: [409],
})
