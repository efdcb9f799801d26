import * as v from 'valibot'
import { endpoint } from './endpoint'
import { TrashItemSchema, TrashRestoredSchema } from './trash'

export const list = endpoint({
  method: 'GET',
  path: '/api/project/:id/trash',
  access: 'trash.manage',
  tag: 'Sampah',
  summary: 'File, folder dan dokumentasi yang dihapus (30 hari) (admin)',
  response: v.array(TrashItemSchema),
})

export const restore = endpoint({
  method: 'POST',
  path: '/api/project/:id/trash/:kind/:uuid/restore',
  access: 'trash.manage',
  tag: 'Sampah',
  summary: 'Pulihkan dari sampah (beserta file, komentar, suka dan riwayatnya) (admin)',
  response: TrashRestoredSchema,
  errors: [409],
})

export const purge = endpoint({
  method: 'DELETE',
  path: '/api/project/:id/trash/:kind/:uuid',
  access: 'trash.manage',
  tag: 'Sampah',
  summary: 'Hapus permanen dari sampah (admin)',
  response: null,
})
