import type { WhatsAppSession } from '../../contracts/whatsapp'
import { api, dataOf } from '../../lib/api'

export const whatsappPaths = {
  qr: '/api/whatsapp/qr',
  logout: '/api/whatsapp/logout',
}

export async function fetchWhatsAppSession(): Promise<WhatsAppSession> {
  return dataOf(await api.get<WhatsAppSession>(whatsappPaths.qr))
}

export async function logoutWhatsApp(): Promise<void> {
  await api.post(whatsappPaths.logout)
}
