import { endpoint } from './endpoint'
import { WhatsAppSessionSchema } from './whatsapp'

/** /api/whatsapp: the notification bot, linked by an admin (server/modules/whatsapp). */

export const qr = endpoint({
  method: 'GET',
  path: '/api/whatsapp/qr',
  access: 'whatsapp.manage',
  tag: 'WhatsApp',
  summary: 'QR untuk menautkan bot, atau status sesi aktif (admin)',
  response: WhatsAppSessionSchema,
})

export const logout = endpoint({
  method: 'POST',
  path: '/api/whatsapp/logout',
  access: 'whatsapp.manage',
  tag: 'WhatsApp',
  summary: 'Putuskan bot WhatsApp (admin)',
  response: null,
})

/** Registered only with the simulated driver (tests and demos). */
export const simulateScan = endpoint({
  method: 'POST',
  path: '/api/whatsapp/simulate-scan',
  access: 'whatsapp.manage',
  tag: 'WhatsApp',
  summary: 'Hanya driver simulated: tandai QR sudah dipindai (uji dan demo)',
  response: null,
  errors: [409],
})
