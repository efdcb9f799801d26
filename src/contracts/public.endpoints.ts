import { endpoint } from './endpoint'
import { PUBLIC_PAGE_PREFIXES } from './public-paths'
import { PublicShareSchema, ReportVerificationSchema } from './shares'

/**
 * Public pages and data (issue 24): no account, no app code. The token or code in the path is the only
 * key; every answer for a revoked or expired link is 410 'Tautan ini sudah tidak berlaku.' The pages'
 * paths start with their prefix in public-paths.ts, which the service worker and `vite dev` read too.
 */

export const sharePage = endpoint({
  method: 'GET',
  path: `${PUBLIC_PAGE_PREFIXES.share}:token`,
  access: 'public',
  tag: 'Publik',
  summary: 'Halaman tautan bagikan untuk klien (tanpa akun); meminta PIN bila ada',
  produces: 'html',
  // The PIN form (401), a link gone (410) or unknown (404), too many tries (429): pages too.
  errors: [401, 410, 429],
})

export const sharePagePin = endpoint({
  method: 'POST',
  path: `${PUBLIC_PAGE_PREFIXES.share}:token`,
  access: 'public',
  tag: 'Publik',
  summary:
    'PIN dari formulir halaman tautan (form pin=...): PIN benar menyimpan izin di cookie tautan itu lalu 303 ke halamannya; selain itu formulir dengan pesannya',
  produces: 'html',
  // A right PIN: 303 to the page; a wrong or malformed one: the form again (401, 422).
  errors: [303, 401, 410, 422, 429],
})

export const shareData = endpoint({
  method: 'GET',
  path: '/api/public/share/:token',
  access: 'public',
  tag: 'Publik',
  summary: 'Isi tautan bagikan (PIN di header X-Share-Pin; salah berkali-kali dibatasi)',
  response: PublicShareSchema,
  // 401: the link has a PIN and none or a wrong one came; 422: a PIN that is not 6 digits.
  errors: [401, 410, 422],
})

export const shareReport = endpoint({
  method: 'GET',
  path: '/api/public/share/:token/report',
  access: 'public',
  tag: 'Publik',
  summary: 'PDF laporan tautan bagikan (URL bertanda tangan dari isi tautan)',
  query: { exp: 'Batas waktu URL (detik epoch)', sig: 'Tanda tangan URL' },
  produces: 'file',
  files: { types: ['application/pdf'], range: true },
  errors: [403, 410],
})

export const sharePhoto = endpoint({
  method: 'GET',
  path: '/api/public/share/:token/photo/:imageId',
  access: 'public',
  tag: 'Publik',
  summary: 'Foto tautan bagikan (URL bertanda tangan dari isi tautan)',
  query: { size: 'thumb atau full', exp: 'Batas waktu URL (detik epoch)', sig: 'Tanda tangan URL' },
  produces: 'file',
  files: { types: ['image/*'] },
  // 403: the URL's signature is wrong or expired.
  errors: [403, 410],
})

export const verifyPage = endpoint({
  method: 'GET',
  path: `${PUBLIC_PAGE_PREFIXES.verify}:code`,
  access: 'public',
  tag: 'Publik',
  summary: 'Halaman verifikasi laporan dari kode di setiap halamannya',
  produces: 'html',
  errors: [429],
})

export const verifyData = endpoint({
  method: 'GET',
  path: '/api/public/verify/:code',
  access: 'public',
  tag: 'Publik',
  summary:
    'Isi laporan menurut server: project, periode, SHA-256 dan waktu ambil tiap foto, masih berlaku atau tidak',
  response: ReportVerificationSchema,
})

export const verifyPhoto = endpoint({
  method: 'GET',
  path: '/api/public/verify/:code/photo/:position',
  access: 'public',
  tag: 'Publik',
  summary:
    'Thumbnail foto ke-n laporan pada halaman verifikasi, selama fotonya tidak berubah dan tidak di sampah',
  produces: 'file',
  // The thumbnails the server makes are WebP; it serves a thumbnail by its stored name's type.
  files: { types: ['image/webp', 'image/*'] },
})

export const signPage = endpoint({
  method: 'GET',
  path: `${PUBLIC_PAGE_PREFIXES.sign}:token`,
  access: 'public',
  tag: 'Publik',
  summary:
    'Halaman tanda tangan laporan harian untuk kontraktor (tanpa akun): isi hari, Setuju atau Kembalikan',
  produces: 'html',
  // A link used, expired or revoked (410) or unknown (404), too many requests (429): pages too.
  errors: [410, 429],
})

export const signPagePost = endpoint({
  method: 'POST',
  path: `${PUBLIC_PAGE_PREFIXES.sign}:token`,
  access: 'public',
  tag: 'Publik',
  summary:
    'Jawaban dari formulir halaman tanda tangan (form decision=setuju|kembalikan, name, position, note, signature: data URL PNG): halaman terima kasih, atau formulir lagi dengan pesannya',
  produces: 'html',
  errors: [410, 422, 429],
})
