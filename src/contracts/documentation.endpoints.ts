import { CommentCreateSchema } from './documentation'
import { endpoint } from './endpoint'

/** /api/doc: documentation photos of the dokumentasi area (server/modules/documentation). */

export const upload = endpoint({
  method: 'POST',
  path: '/api/doc/:slug/upload',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary: 'Unggah foto dokumentasi dengan deskripsi (thumb: null sampai pratinjaunya selesai dibuat)',
  multipart: {
    fields: { description: 'deskripsi (10-2000 karakter)' },
    files: { files: { many: true, description: 'gambar JPEG, PNG, WebP' } },
  },
  created: true,
})

export const list = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/list',
  access: 'doc.read',
  tag: 'Dokumentasi',
  summary: 'Daftar dokumentasi, terbaru dahulu, per halaman',
  query: { cursor: 'lanjutan halaman', limit: 'item per halaman' },
})

export const comments = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/comment/:postId/list',
  access: 'doc.read',
  tag: 'Dokumentasi',
  summary: 'Komentar sebuah dokumentasi',
})

export const comment = endpoint({
  method: 'POST',
  path: '/api/doc/:slug/comment/:postId/submit',
  access: 'comment.create',
  tag: 'Dokumentasi',
  summary: 'Kirim komentar',
  json: CommentCreateSchema,
  created: true,
})

export const review = endpoint({
  method: 'PATCH',
  path: '/api/doc/:slug/status/:uuid/:status',
  access: 'doc.review',
  tag: 'Dokumentasi',
  summary: 'Setujui atau minta revisi',
})

export const like = endpoint({
  method: 'PATCH',
  path: '/api/doc/:slug/like/:uuid/:flag',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary: 'Suka (true) atau batal suka (false)',
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/doc/:slug/remove/:uuid',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary: 'Hapus dokumentasi',
})
