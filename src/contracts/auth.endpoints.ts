import { LoginResultSchema, LoginSchema } from './auth'
import { endpoint } from './endpoint'

/** /api/auth (server/modules/auth). */

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  tag: 'Akun',
  summary: 'Masuk; mengembalikan token sesi',
  json: LoginSchema,
  response: LoginResultSchema,
  errors: [401],
})

export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'signed-in',
  tag: 'Akun',
  summary: 'Keluar; token sesi dicabut di semua proses',
  response: null,
})
