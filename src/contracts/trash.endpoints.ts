import { endpoint } from './endpoint'

export const list = endpoint({
  method: 'GET',
  path: '/api/project/:id/trash',
  access: 'trash.manage',
  tag: 'Sampah',
  summary: 'File, folder dan dokumentasi yang dihapus (30 hari) (admin)',
})

export const restore = endpoint({
  method: 'POST',
  path: '/api/project/:id/trash/:kind/:uuid/restore',
  access: 'trash.manage',
  tag: 'Sampah',
  summary: 'Pulihkan dari sampah (beserta file, komentar, suka dan riwayatnya) (admin)',
})

export const purge = endpoint({
  method: 'DELETE',
  path: '/api/project/:id/trash/:kind/:uuid',
  access: 'trash.manage',
  tag: 'Sampah',
  summary: 'Hapus permanen dari sampah (admin)',
})
