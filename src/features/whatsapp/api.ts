import * as whatsappEndpoints from '../../contracts/whatsapp.endpoints'
import { call } from '../../lib/api'

export async function fetchWhatsAppSession() {
  return (await call(whatsappEndpoints.qr)).data
}

export async function logoutWhatsApp(): Promise<void> {
  await call(whatsappEndpoints.logout)
}
