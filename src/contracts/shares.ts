import * as v from 'valibot'
import { MSG, ordered, PersonRefSchema, singleLine } from './common'
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

export const SHARE_STATES = ['active', 'expired', 'revoked'] as const
export type ShareState = (typeof SHARE_STATES)[number]

export const ShareSchema = v.object({
  id: v.number(),
  /** The full link to give the client (PUBLIC_URL + /s/{token}, else the server's own address). */
  url: v.string(),
  report: v.nullable(v.object({ id: v.number(), title: v.string() })),
  /** A period link: its days (YYYY-MM-DD, Asia/Jakarta); a report link: the report's. */
  period_from: v.string(),
  period_to: v.string(),
  work_item_ids: v.nullable(v.array(v.number())),
  has_pin: v.boolean(),
  expires_at: v.string(),
  revoked_at: v.nullable(v.string()),
  state: v.picklist(SHARE_STATES),
  view_count: v.number(),
  last_viewed_at: v.nullable(v.string()),
  created_by: PersonRefSchema,
  created_at: v.string(),
  /** What the admin calls the link (whom it is for), or null (issue 30). */
  label: v.nullable(v.string()),
  /** The number it was last sent to by WhatsApp ('6281234567890') and when it was queued; null if never. */
  sent_phone: v.nullable(v.string()),
  sent_at: v.nullable(v.string()),
})
export type Share = v.InferOutput<typeof ShareSchema>

/** POST /api/share/{slug}/create: the new link (the list has the rest). */
export const ShareCreatedSchema = v.object({ id: v.number(), url: v.string(), expires_at: v.string() })
export type ShareCreated = v.InferOutput<typeof ShareCreatedSchema>

/** Whom a visitor of a public page asks for the PIN or a new link: the firm's name and phone (firm settings). */
export type FirmContact = { name: string; phone: string | null }

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
export const PublicPhotoSchema = v.object({
  id: v.number(),
  description: v.string(),
  work_item: v.nullable(v.string()),
  location: v.nullable(v.string()),
  taken_at: v.nullable(v.string()),
  /** When the server received it: the caption's time when no capture time is known (issue 30). */
  uploaded_at: v.string(),
  uploader: v.string(),
  progress: v.nullable(v.number()),
  thumb_url: v.string(),
  full_url: v.string(),
  /** Its review status, shown in the viewer's caption (issue 30). */
  status: v.picklist(['pending', 'approved', 'rejected']),
  /** The stored photo's size in pixels, when known: the viewer keeps its shape while it loads. */
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
})
export type PublicPhoto = v.InferOutput<typeof PublicPhotoSchema>

/** GET /api/public/share/{token}: what the client sees (PIN in the X-Share-Pin header). */
export const PublicShareSchema = v.object({
  firm: v.string(),
  project: v.object({ name: v.string(), description: v.string() }),
  title: v.string(),
  period_from: v.string(),
  period_to: v.string(),
  expires_at: v.string(),
  report: v.nullable(
    v.object({
      title: v.string(),
      pages: v.nullable(v.number()),
      size_bytes: v.nullable(v.number()),
      download_url: v.string(),
      code: v.string(),
    }),
  ),
  photos: v.array(PublicPhotoSchema),
})
export type PublicShare = v.InferOutput<typeof PublicShareSchema>

/** GET /api/public/verify/{code}: what a printed report's code says. */
export const ReportVerificationSchema = v.object({
  code: v.string(),
  /** True while the report exists and none of its photos changed or went away since it was made. */
  valid: v.boolean(),
  /** Why it is not valid, in Indonesian. */
  reason: v.nullable(v.string()),
  project: v.string(),
  title: v.string(),
  period_from: v.string(),
  period_to: v.string(),
  created_at: v.string(),
  photos: v.array(
    v.object({
      position: v.number(),
      sha256: v.nullable(v.string()),
      taken_at: v.nullable(v.string()),
      description: v.string(),
      unchanged: v.boolean(),
      /**
       * Its thumbnail, to match a printed photo by eye (issue 30): only while the photo is unchanged and
       * its item not in the trash, and only the small WebP the server made (never the original's bytes).
       */
      thumb_url: v.nullable(v.string()),
      /**
       * Where it was taken against the project's site now, in words ('Di lokasi', 'Di luar lokasi: 3,4 km
       * dari proyek', 'Tanpa lokasi'; null without a site): never coordinates (decision 0072, issue 34).
       */
      site: v.nullable(v.string()),
      /** 'Jam perangkat selisih 2 jam' when the uploading phone's clock was off by 5 minutes or more; else null. */
      clock: v.nullable(v.string()),
    }),
  ),
  /**
   * Only for a printed diary day's code (issue 34, decision 0091): its day and revision, whether it is
   * the signed, current version, and who signed it. The report's fields then say 'Laporan Harian ...',
   * the day as the period, no photos.
   */
  diary: v.optional(
    v.object({
      day: v.string(),
      revision: v.number(),
      /** 'signed': signed and current; 'superseded': replaced by a revision; 'changed': edited since printed; 'unsigned'. */
      state: v.picklist(['signed', 'superseded', 'changed', 'unsigned']),
      /** What the page says ('Laporan harian ini sah: ditandatangani oleh ..., dan merupakan versi terkini'). */
      message: v.string(),
      signatures: v.array(
        v.object({ label: v.string(), name: v.string(), position: v.string(), signed_at: v.string() }),
      ),
    }),
  ),
})
export type ReportVerification = v.InferOutput<typeof ReportVerificationSchema>

export const VERIFY_MSG = {
  notFound: 'Kode verifikasi tidak dikenal',
  valid: 'Laporan ini sah: isinya sama dengan data di server.',
  removed: 'Laporan ini sudah dihapus dan tidak berlaku lagi.',
  changed: 'Sebagian foto dalam laporan ini sudah berubah atau dihapus sejak laporan dibuat.',
} as const

export { REPORT_MSG }
