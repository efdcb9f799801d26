import * as v from 'valibot'
import { MSG, ordered, singleLine } from './common'
import { idNumber } from './ids'
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
/** The longest name an admin gives a link ('Pak Budi, PPK Dinas PU'). */
export const SHARE_LABEL_MAX = 80

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
  /** What the admin calls the link (whom it is for), or null (issue 30). */
  label: string | null
  /** The number it was last sent to by WhatsApp ('6281234567890') and when it was queued; null if never. */
  sent_phone: string | null
  sent_at: string | null
}

export const SHARE_MSG = {
  listed: 'Daftar tautan bagikan',
  created: 'Tautan berhasil dibuat',
  revoked: 'Tautan dicabut',
  notFound: 'Tautan tidak ditemukan',
  gone: 'Tautan ini sudah tidak berlaku.',
  pinRequired: 'Masukkan PIN 6 angka untuk membuka tautan ini',
  pinWrong: 'PIN salah',
  /** A wrong PIN with the guesses left in this window (the last one before the wait says so too). */
  pinWrongLeft: (left: number, minutes: number) =>
    left > 0
      ? `PIN salah. Sisa ${left} percobaan.`
      : `PIN salah. Percobaan habis, coba lagi dalam ${minutes} menit.`,
  /** Whom the visitor asks for the PIN or a new link: the firm, with its phone when it has one. */
  contact: (firm: string, phone: string | null) =>
    phone
      ? `Hubungi ${firm} (${phone}) bila Anda tidak tahu PIN-nya.`
      : `Hubungi ${firm} bila Anda tidak tahu PIN-nya.`,
  pinThrottled: (minutes: number) => `Terlalu banyak percobaan PIN. Coba lagi dalam ${minutes} menit.`,
  whatsappQueued: 'Tautan akan dikirim via WhatsApp',
  whatsappNotLinked: 'WhatsApp belum terhubung. Hubungkan bot WhatsApp di menu WhatsApp terlebih dahulu.',
  badPhone: 'Nomor WhatsApp tidak valid (contoh: 081234567890)',
  badDays: `Masa berlaku harus ${SHARE_DAYS_MIN} sampai ${SHARE_DAYS_MAX} hari`,
  badPin: 'PIN harus 6 angka',
  badTarget: 'Pilih laporan atau periode yang dibagikan',
  badLabel: `Nama tautan paling banyak ${SHARE_LABEL_MAX} karakter, satu baris`,
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
  labelLabel: 'Untuk siapa (opsional)',
  labelPlaceholder: 'mis. Pak Budi, PPK Dinas PU',
  labelHint: 'Nama ini hanya terlihat oleh admin, untuk membedakan tautan.',
  unlabeled: 'Tautan tanpa nama',
  sentTo: (phone: string, when: string) => `Dikirim ke ${phone} · ${when}`,
  notSent: 'Belum dikirim via WhatsApp',
  resend: 'Kirim ulang',
  /** A row's send for a link never sent: short beside 'Salin' and 'Cabut', its name says where. */
  sendFirst: 'Kirim',
  sendFirstName: 'Kirim tautan via WhatsApp',
  resendTitle: 'Kirim ulang via WhatsApp',
  resendSend: 'Kirim',
} as const

const pin = v.optional(ordered(v.pipe(v.string(SHARE_MSG.badPin), v.regex(/^\d{6}$/, SHARE_MSG.badPin))))
/** The link's name: optional, one line; blank is no name. */
const label = v.optional(
  ordered(
    v.pipe(
      v.string(SHARE_MSG.badLabel),
      v.trim(),
      v.maxLength(SHARE_LABEL_MAX, SHARE_MSG.badLabel),
      singleLine(SHARE_MSG.badLabel),
    ),
  ),
)
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
        report_id: idNumber(SHARE_MSG.badTarget),
        expires_in_days: expiresInDays,
        pin,
        label,
      },
      MSG.validation,
    ),
    withPeriodChecks(
      v.object(
        { ...PeriodEntries, work_item_ids: WorkItemIdsSchema, expires_in_days: expiresInDays, pin, label },
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
  /** When the server received it: the caption's time when no capture time is known (issue 30). */
  uploaded_at: string
  uploader: string
  progress: number | null
  thumb_url: string
  full_url: string
  /** Its review status, shown in the viewer's caption (issue 30). */
  status: 'pending' | 'approved' | 'rejected'
  /** The stored photo's size in pixels, when known: the viewer keeps its shape while it loads. */
  width: number | null
  height: number | null
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
    /**
     * Its thumbnail, to match a printed photo by eye (issue 30): only while the photo is unchanged and
     * its item not in the trash, and only the small WebP the server made (never the original's bytes).
     */
    thumb_url: string | null
  }[]
}

export const VERIFY_MSG = {
  notFound: 'Kode verifikasi tidak dikenal',
  valid: 'Laporan ini sah: isinya sama dengan data di server.',
  removed: 'Laporan ini sudah dihapus dan tidak berlaku lagi.',
  changed: 'Sebagian foto dalam laporan ini sudah berubah atau dihapus sejak laporan dibuat.',
} as const

export { REPORT_MSG }
