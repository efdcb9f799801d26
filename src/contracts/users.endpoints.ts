import * as v from 'valibot'
import { MeSchema, UserSchema } from './auth'
import { endpoint } from './endpoint'
import { PasswordChangeSchema, ProfileUpdateSchema } from './users'

/** /api/user: the caller's own account (server/modules/users). */

export const me = endpoint({
  method: 'GET',
  path: '/api/user/me',
  access: 'signed-in',
  tag: 'Akun',
  summary: 'Data pengguna yang masuk, dengan apa yang boleh dilakukannya',
  response: MeSchema,
})

export const update = endpoint({
  method: 'PUT',
  path: '/api/user/update',
  access: 'profile.edit',
  tag: 'Akun',
  summary: 'Ubah nama dan nomor telepon sendiri',
  json: ProfileUpdateSchema,
  response: UserSchema,
})

export const avatar = endpoint({
  method: 'PATCH',
  path: '/api/user/update-avatar',
  access: 'profile.edit',
  tag: 'Akun',
  summary: 'Ganti foto profil (gambar, maks. 5 MB)',
  multipart: { files: { avatar: { many: false, description: 'JPEG, PNG, WebP atau GIF' } } },
  response: UserSchema,
})

export const password = endpoint({
  method: 'PATCH',
  path: '/api/user/update-password',
  access: 'profile.edit',
  tag: 'Akun',
  summary: 'Ganti password; sesi lain berakhir',
  json: PasswordChangeSchema,
  response: v.object({ token: v.string() }),
})
