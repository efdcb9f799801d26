import { ForgotSchema, LoginResultSchema, LoginSchema, ResetSchema } from './auth'
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
  // 403: a deactivated account with the right password (issue 32).
  errors: [401, 403],
})

export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'signed-in',
  tag: 'Akun',
  summary: 'Keluar; token sesi dicabut di semua proses',
  response: null,
})

export const forgot = endpoint({
  method: 'POST',
  path: '/api/auth/forgot',
  access: 'public',
  tag: 'Akun',
  summary:
    "'Lupa password?': kode 6 angka dikirim lewat WhatsApp ke nomor akun; jawabannya selalu sama, terdaftar atau tidak",
  json: ForgotSchema,
  response: null,
})

export const reset = endpoint({
  method: 'POST',
  path: '/api/auth/reset',
  access: 'public',
  tag: 'Akun',
  summary:
    'Password baru dengan kode dari WhatsApp (15 menit, sekali pakai, 5 percobaan); semua sesi berakhir',
  json: ResetSchema,
  response: null,
})
