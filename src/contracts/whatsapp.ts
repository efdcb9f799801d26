import * as v from 'valibot'

/** The WhatsApp bot (SPEC sections 2, 3, 7, 8). */

/** How the server's bot stands: off (WHATSAPP_DRIVER=off), starting, waiting for a scan, connected. */
export const WHATSAPP_STATUSES = ['off', 'starting', 'waiting_scan', 'connected'] as const
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number]

/** GET /api/whatsapp/qr: data.qr is an image data URL (null while none is ready), data.active_session. */
export const WhatsAppSessionSchema = v.object({
  qr: v.nullable(v.string()),
  active_session: v.boolean(),
  status: v.picklist(WHATSAPP_STATUSES),
  /** The linked WhatsApp number once connected. */
  account: v.nullable(v.string()),
  /**
   * Messages in the queue that will still go out (issue 32): 'Belum terhubung · 63 pesan menunggu'.
   * Notifications past WHATSAPP_MAX_AGE_MIN are not counted: they are not sent.
   */
  waiting: v.number(),
})
export type WhatsAppSession = v.InferOutput<typeof WhatsAppSessionSchema>

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
