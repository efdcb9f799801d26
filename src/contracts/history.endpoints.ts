import { endpoint } from './endpoint'

export const project = endpoint({
  method: 'GET',
  path: '/api/project/:id/history',
  access: 'history.read',
  tag: 'Riwayat',
  summary: 'Riwayat project, terbaru dahulu, per halaman (admin)',
  query: { cursor: 'lanjutan halaman' },
})

export const doc = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/history/:uuid',
  access: 'doc.read',
  tag: 'Riwayat',
  summary: 'Riwayat satu dokumentasi: versi, review dan alasannya, komentar',
})
