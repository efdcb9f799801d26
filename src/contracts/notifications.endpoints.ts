import { endpoint } from './endpoint'

/** /api/notification: the caller's own notifications (server/modules/notifications). */

export const list = endpoint({
  method: 'GET',
  path: '/api/notification/list',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Notifikasi pengguna, terbaru dahulu',
})

export const read = endpoint({
  method: 'PUT',
  path: '/api/notification/read/:id',
  access: ['notification.list', 'notification.read'],
  tag: 'Notifikasi',
  summary: 'Tandai satu notifikasi dibaca',
})

export const readAll = endpoint({
  method: 'PUT',
  path: '/api/notification/read-all',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Tandai semua notifikasi dibaca',
})

export const stream = endpoint({
  method: 'GET',
  path: '/api/notification/stream',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Notifikasi baru secara langsung (server-sent events)',
  query: { timeout: 'detik sebelum aliran ditutup (klien menyambung lagi)' },
  produces: 'event-stream',
})
