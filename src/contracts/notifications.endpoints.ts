import * as v from 'valibot'
import { endpoint } from './endpoint'
import { NotificationSchema, ReadAllResultSchema } from './notifications'

/** /api/notification: the caller's own notifications (server/modules/notifications). */

export const list = endpoint({
  method: 'GET',
  path: '/api/notification/list',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Notifikasi pengguna, terbaru dahulu',
  response: v.array(NotificationSchema),
})

export const read = endpoint({
  method: 'PUT',
  path: '/api/notification/read/:id',
  access: ['notification.list', 'notification.read'],
  tag: 'Notifikasi',
  summary: 'Tandai satu notifikasi dibaca',
  response: NotificationSchema,
})

export const readAll = endpoint({
  method: 'PUT',
  path: '/api/notification/read-all',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Tandai semua notifikasi dibaca',
  response: ReadAllResultSchema,
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
