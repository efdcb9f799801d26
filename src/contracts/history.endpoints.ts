import * as v from 'valibot'
import { endpoint } from './endpoint'
import { HistoryEntrySchema } from './history'

export const project = endpoint({
  method: 'GET',
  path: '/api/project/:id/history',
  access: 'history.read',
  tag: 'Riwayat',
  summary: 'Riwayat project, terbaru dahulu, per halaman (admin)',
  query: { cursor: 'lanjutan halaman' },
  response: v.array(HistoryEntrySchema),
  beside: { next_cursor: v.nullable(v.string()) },
})

export const doc = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/history/:uuid',
  access: 'doc.read',
  tag: 'Riwayat',
  summary: 'Riwayat satu dokumentasi: versi, review dan alasannya, komentar',
  response: v.array(HistoryEntrySchema),
})
