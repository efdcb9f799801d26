import * as v from 'valibot'
import { endpoint } from './endpoint'
import { ShareCreatedSchema, ShareCreateSchema, ShareSchema, ShareWhatsAppSchema } from './shares'

/** /api/share/{slug}: admins make, list, revoke and send share links (issue 24). */

export const create = endpoint({
  method: 'POST',
  path: '/api/share/:slug/create',
  access: 'share.manage',
  tag: 'Bagikan',
  summary: 'Buat tautan bagikan laporan atau dokumentasi disetujui suatu periode (admin)',
  json: ShareCreateSchema,
  created: true,
  response: ShareCreatedSchema,
  errors: [409],
})

export const list = endpoint({
  method: 'GET',
  path: '/api/share/:slug/list',
  access: 'share.manage',
  tag: 'Bagikan',
  summary: 'Tautan bagikan project, dengan masa berlaku dan jumlah dilihat (admin)',
  response: v.array(ShareSchema),
})

export const revoke = endpoint({
  method: 'DELETE',
  path: '/api/share/:slug/revoke/:id',
  access: 'share.manage',
  tag: 'Bagikan',
  summary: 'Cabut tautan bagikan: langsung tidak berlaku (admin)',
  response: null,
})

export const whatsapp = endpoint({
  method: 'POST',
  path: '/api/share/:slug/whatsapp/:id',
  access: 'share.manage',
  tag: 'Bagikan',
  summary: 'Kirim tautan (dan PDF laporan) via bot WhatsApp ke nomor tertentu, sekali (admin)',
  json: ShareWhatsAppSchema,
  // 202: queued in the durable send queue; the bot sends it when it can (once).
  accepted: true,
  response: v.object({ id: v.number(), phone: v.string() }),
  // 409: no WhatsApp linked; 410: the link is no longer active.
  errors: [409, 410],
})
