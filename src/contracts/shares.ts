import * as v from 'valibot'
import { MSG, ordered } from './common'
import { PeriodEntries, REPORT_MSG, WorkItemIdsSchema, withPeriodChecks } from './reports'

/*
 * Share links (issue 24): a link the project owner opens without an account, on a phone: '/s/{token}',
 * a small read-only page (no app code) with the report to download and the photos to view. Of a report,
 * or of the approved documentation of a period. Expires (1-90 days), can be revoked, may have a PIN.
 */

export const SHARE_DAYS_MIN = 1
export const SHARE_DAYS_MAX = 90
export const SHARE_DAYS_DEFAULT = 14
/** Wrong PINs allowed per link in SHARE_PIN_WINDOW_MIN minutes before it answers 429. */
export const SHARE_PIN_TRIES = 5
export const SHARE_PIN_WINDOW_MIN = 15

export type ShareState = 'active' | 'expired' | 'revoked'

export type Share = {
  id: number
  /** The full link to give the client (PUBLIC_URL + /s/{token}, else the server's own address). */
  url: string
  report: { id: number; title: string } | null
  /** A period link: its days (YYYY-MM-DD, Asia/Jakarta); a report link: the report's. */
  period_from: string
  period_to: string
  work_item_ids: number[] | null
  has_pin: boolean
  expires_at: string
  revoked_at: string | null
  state: ShareState
  view_count: number
  last_viewed_at: string | null
  created_by: { id: number; name: string }
  created_at: string
}

export const SHARE_MSG = {
  listed: 'Daftar tautan bagikan',
  created: 'Tautan berhasil dibuat',
  revoked: 'Tautan dicabut',
  notFound: 'Tautan tidak ditemukan',
  gone: 'Tautan ini sudah tidak berlaku.',
  pinRequired: 'Masukkan PIN 6 angka untuk membuka tautan ini',
  pinWrong: 'PIN salah',
  pinThrottled: (minutes: number) => `Terlalu banyak percobaan PIN. Coba lagi dalam ${minutes} menit.`,
  whatsappQueued: 'Tautan akan dikirim via WhatsApp',
  whatsappNotLinked: 'WhatsApp belum terhubung. Hubungkan bot WhatsApp di menu WhatsApp terlebih dahulu.',
  badPhone: 'Nomor WhatsApp tidak valid (contoh: 081234567890)',
  badDays: `Masa berlaku harus ${SHARE_DAYS_MIN} sampai ${SHARE_DAYS_MAX} hari`,
  badPin: 'PIN harus 6 angka',
  badTarget: 'Pilih laporan atau periode yang dibagikan',
  reportNotReady: 'Laporan belum selesai disusun',
  // The page and the dialog
  buttonShare: 'Bagikan',
  buttonWhatsApp: 'Kirim via WhatsApp',
  buttonRevoke: 'Cabut',
  // The web client's dialog (UI strings only)
  sharePeriod: 'Bagikan dokumentasi periode',
  sharePeriodHint: 'Tautan ke foto yang disetujui pada periode ini, tanpa laporan PDF.',
  expiresLabel: 'Berlaku',
  days: (n: number) => `${n} hari`,
  pinLabel: 'PIN (opsional)',
  pinHint: 'Klien memasukkan PIN ini untuk membuka tautan. Sampaikan terpisah dari tautannya.',
  makePin: 'Buat PIN',
  create: 'Buat tautan',
  createFailed: 'Gagal membuat tautan',
  copy: 'Salin tautan',
  copyShort: 'Salin',
  copied: 'Tautan disalin',
  copyFailed: 'Tautan tidak dapat disalin otomatis. Tandai lalu salin secara manual.',
  phoneLabel: 'Nomor WhatsApp klien',
  whatsappFailed: 'Gagal mengirim via WhatsApp',
  revokeTitle: 'Cabut tautan?',
  revokeText: 'Tautan langsung tidak berlaku. Klien yang membukanya melihat: Tautan ini sudah tidak berlaku.',
  revokeFailed: 'Gagal mencabut tautan',
  listTitle: 'Tautan yang dibuat',
  noLinks: 'Belum ada tautan.',
  listFailed: 'Gagal memuat tautan',
  states: { active: 'Aktif', expired: 'Kedaluwarsa', revoked: 'Dicabut' } as Record<ShareState, string>,
  views: (n: number) => `${n}× dilihat`,
  withPin: 'Dengan PIN',
  noPin: 'Tanpa PIN',
} as const

const pin = v.optional(ordered(v.pipe(v.string(SHARE_MSG.badPin), v.regex(/^\d{6}$/, SHARE_MSG.badPin))))
const expiresInDays = v.optional(
  v.pipe(
    v.number(SHARE_MSG.badDays),
    v.integer(SHARE_MSG.badDays),
    v.minValue(SHARE_DAYS_MIN, SHARE_MSG.badDays),
    v.maxValue(SHARE_DAYS_MAX, SHARE_MSG.badDays),
  ),
  SHARE_DAYS_DEFAULT,
)

/** POST /api/share/{slug}/create: `{ report_id }` or `{ from, to, work_item_ids? }`, plus expiry and PIN. */
export const ShareCreateSchema = v.union(
  [
    v.object(
      {
        report_id: v.pipe(v.number(SHARE_MSG.badTarget), v.integer(SHARE_MSG.badTarget), v.minValue(1)),
        expires_in_days: expiresInDays,
        pin,
      },
      MSG.validation,
    ),
    withPeriodChecks(
      v.object(
        { ...PeriodEntries, work_item_ids: WorkItemIdsSchema, expires_in_days: expiresInDays, pin },
        MSG.validation,
      ),
    ),
  ],
  SHARE_MSG.badTarget,
)
export type ShareCreateInput = v.InferInput<typeof ShareCreateSchema>
export type ShareCreate = v.InferOutput<typeof ShareCreateSchema>

/** POST /api/share/{slug}/whatsapp/{id}. */
export const ShareWhatsAppSchema = v.object(
  {
    phone: ordered(
      v.pipe(
        v.string(SHARE_MSG.badPhone),
        v.trim(),
        v.nonEmpty(SHARE_MSG.badPhone),
        v.maxLength(30, SHARE_MSG.badPhone),
      ),
    ),
  },
  MSG.validation,
)

/** One photo on the public page: its caption's parts and short-lived signed URLs. */
export type PublicPhoto = {
  id: number
  description: string
  work_item: string | null
  location: string | null
  taken_at: string | null
  uploader: string
  progress: number | null
  thumb_url: string
  full_url: string
}

/** GET /api/public/share/{token}: what the client sees (PIN in the X-Share-Pin header). */
export type PublicShare = {
  firm: string
  project: { name: string; description: string }
  title: string
  period_from: string
  period_to: string
  expires_at: string
  report: {
    title: string
    pages: number | null
    size_bytes: number | null
    download_url: string
    code: string
  } | null
  photos: PublicPhoto[]
}

/** GET /api/public/verify/{code}: what a printed report's code says. */
export type ReportVerification = {
  code: string
  /** True while the report exists and none of its photos changed or went away since it was made. */
  valid: boolean
  /** Why it is not valid, in Indonesian. */
  reason: string | null
  project: string
  title: string
  period_from: string
  period_to: string
  created_at: string
  photos: {
    position: number
    sha256: string | null
    taken_at: string | null
    description: string
    unchanged: boolean
  }[]
}

export const VERIFY_MSG = {
  notFound: 'Kode verifikasi tidak dikenal',
  valid: 'Laporan ini sah: isinya sama dengan data di server.',
  removed: 'Laporan ini sudah dihapus dan tidak berlaku lagi.',
  changed: 'Sebagian foto dalam laporan ini sudah berubah atau dihapus sejak laporan dibuat.',
} as const

export { REPORT_MSG }
