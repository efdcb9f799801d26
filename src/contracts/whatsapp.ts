/** The WhatsApp bot (SPEC sections 2, 3, 7, 8). */

/** How the server's bot stands: off (WHATSAPP_DRIVER=off), starting, waiting for a scan, connected. */
export type WhatsAppStatus = 'off' | 'starting' | 'waiting_scan' | 'connected'

/** GET /api/whatsapp/qr: data.qr is an image data URL (null while none is ready), data.active_session. */
export type WhatsAppSession = {
  qr: string | null
  active_session: boolean
  status: WhatsAppStatus
  /** The linked WhatsApp number once connected. */
  account: string | null
}

/** SPEC 8: the dialog's toasts (English in the SPEC, kept verbatim). */
export const WHATSAPP_MSG = {
  qrFailedTitle: 'Error',
  qrFailed: 'Failed to fetch QR code. Please try again.',
  logoutFailedTitle: 'Error',
  logoutFailed: 'Failed to logout WhatsApp session. Please try again.',
  logoutOkTitle: 'Success',
  logoutOk: 'WhatsApp session logged out successfully.',
  session: 'Sesi WhatsApp',
  loggedOut: 'Sesi WhatsApp telah diakhiri',
  scanned: 'Kode QR dipindai (simulasi)',
  noQrToScan: 'Tidak ada kode QR yang menunggu dipindai',
} as const
