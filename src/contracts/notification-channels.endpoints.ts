import { endpoint } from './endpoint'
import { NotificationChannelsSchema, NotificationChannelsUpdateSchema } from './notification-channels'

/** /api/user/notification-channels: what reaches the caller's WhatsApp (server/modules/notifications). */

export const read = endpoint({
  method: 'GET',
  path: '/api/user/notification-channels',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Notifikasi mana yang juga dikirim ke WhatsApp Anda',
  response: NotificationChannelsSchema,
})

export const update = endpoint({
  method: 'PUT',
  path: '/api/user/notification-channels',
  access: 'notification.list',
  tag: 'Notifikasi',
  summary: 'Ubah notifikasi mana yang dikirim ke WhatsApp Anda (lonceng tetap menampilkan semuanya)',
  json: NotificationChannelsUpdateSchema,
  response: NotificationChannelsSchema,
})
