import { endpoint } from './endpoint'

/**
 * Public pages and data (issue 24): no account, no app code. The token or code in the path is the only
 * key; every answer for a revoked or expired link is 410 'Tautan ini sudah tidak berlaku.'
 */

export const sharePage = endpoint({
  method: 'GET',
  path: '/s/:token',
  access: 'public',
  tag: 'Publik',
  summary: 'Halaman tautan bagikan untuk klien (tanpa akun); meminta PIN bila ada',
  produces: 'html',
})

export const sharePagePin = endpoint({
  method: 'POST',
  path: '/s/:token',
  access: 'public',
  tag: 'Publik',
  summary:
    'PIN dari formulir halaman tautan (form pin=...): PIN benar menyimpan izin di cookie tautan itu lalu 303 ke halamannya; selain itu formulir dengan pesannya',
  produces: 'html',
})

export const shareData = endpoint({
  method: 'GET',
  path: '/api/public/share/:token',
  access: 'public',
  tag: 'Publik',
  summary: 'Isi tautan bagikan (PIN di header X-Share-Pin; salah berkali-kali dibatasi)',
})

export const shareReport = endpoint({
  method: 'GET',
  path: '/api/public/share/:token/report',
  access: 'public',
  tag: 'Publik',
  summary: 'PDF laporan tautan bagikan (URL bertanda tangan dari isi tautan)',
  query: { exp: 'Batas waktu URL (detik epoch)', sig: 'Tanda tangan URL' },
  produces: 'file',
})

export const sharePhoto = endpoint({
  method: 'GET',
  path: '/api/public/share/:token/photo/:imageId',
  access: 'public',
  tag: 'Publik',
  summary: 'Foto tautan bagikan (URL bertanda tangan dari isi tautan)',
  query: { size: 'thumb atau full', exp: 'Batas waktu URL (detik epoch)', sig: 'Tanda tangan URL' },
  produces: 'file',
})

export const verifyPage = endpoint({
  method: 'GET',
  path: '/v/:code',
  access: 'public',
  tag: 'Publik',
  summary: 'Halaman verifikasi laporan dari kode di setiap halamannya',
  produces: 'html',
})

export const verifyData = endpoint({
  method: 'GET',
  path: '/api/public/verify/:code',
  access: 'public',
  tag: 'Publik',
  summary:
    'Isi laporan menurut server: project, periode, SHA-256 dan waktu ambil tiap foto, masih berlaku atau tidak',
})

export const verifyPhoto = endpoint({
  method: 'GET',
  path: '/api/public/verify/:code/photo/:position',
  access: 'public',
  tag: 'Publik',
  summary:
    'Thumbnail foto ke-n laporan pada halaman verifikasi, selama fotonya tidak berubah dan tidak di sampah',
  produces: 'file',
})
