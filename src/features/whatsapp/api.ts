import type { WhatsAppSession } from '../../contracts/whatsapp'
import * as whatsappEndpoints from '../../contracts/whatsapp.endpoints'
import { api, dataOf } from '../../lib/api'

export async function fetchWhatsAppSession(): Promise<WhatsAppSession> {
  return dataOf(await api.get<WhatsAppSession>(whatsappEndpoints.qr.path))
}

export async function logoutWhatsApp(): Promise<void> {
  await api.post(whatsappEndpoints.logout.path)
}
