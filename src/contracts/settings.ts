import * as v from 'valibot'
import { MSG, multiLine, ordered, singleLine } from './common'

/*
 * The firm's settings (issue 30, server/modules/settings): what its reports and share pages print about
 * it. Admins keep them in 'Pengaturan Firma'; every signed-in user reads them. Until an admin saves, the
 * name is the server's FIRM_NAME and the rest is empty.
 */

/** One line of the signature block: 'Disetujui oleh' / 'Ir. Budi Santoso' / 'Team Leader'. */
/** As the settings call answers them (SignatorySchema and FirmSettingsSchema below are what a save sends). */
export const SignatoryViewSchema = v.object({ label: v.string(), name: v.string(), title: v.string() })
export type Signatory = v.InferOutput<typeof SignatoryViewSchema>

export const FirmSettingsViewSchema = v.object({
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  signatories: v.array(SignatoryViewSchema),
  /** The logo's address (a public image), or null. */
  logo_url: v.nullable(v.string()),
  /** When an admin last saved them; null while FIRM_NAME is all there is. */
  updated_at: v.nullable(v.string()),
  /**
   * The hour (0-23, the firm's time zone) the diary reminder goes out at to a project whose diary for
   * today is still empty, Monday to Saturday; null: no reminder (docs/decisions/0092).
   */
  diary_reminder_hour: v.nullable(v.number()),
})
export type FirmSettings = v.InferOutput<typeof FirmSettingsViewSchema>

export const FIRM_NAME_MAX = 120
export const FIRM_ADDRESS_MAX = 300
export const FIRM_PHONE_MAX = 40
export const SIGNATORY_FIELD_MAX = 80
export const SIGNATORIES_MAX = 4
export const LOGO_MAX_BYTES = 1024 * 1024
/** The diary reminder's hour until an admin chooses one (16.00). */
export const DIARY_REMINDER_DEFAULT_HOUR = 16

/** The three lines every Indonesian supervision report signs, offered when none are set. */
export const DEFAULT_SIGNATORY_LABELS = ['Dibuat oleh', 'Diperiksa oleh', 'Disetujui oleh'] as const

export const SETTINGS_MSG = {
  read: 'Pengaturan firma',
  saved: 'Pengaturan firma berhasil disimpan',
  logoSaved: 'Logo firma berhasil diperbarui',
  logoRemoved: 'Logo firma berhasil dihapus',
  logoMissing: 'Silakan pilih file logo',
  logoType: 'Logo harus berupa gambar PNG atau JPEG',
  logoTooLarge: 'Ukuran logo maksimal 1 MB',
  nameRequired: 'Nama firma harus diisi',
  nameLong: `Nama firma terlalu panjang (maks. ${FIRM_NAME_MAX} karakter)`,
  addressLong: `Alamat terlalu panjang (maks. ${FIRM_ADDRESS_MAX} karakter)`,
  addressText: 'Alamat berisi karakter yang tidak diperbolehkan',
  phoneLong: `Nomor telepon terlalu panjang (maks. ${FIRM_PHONE_MAX} karakter)`,
  phoneFormat: 'Nomor telepon hanya boleh berisi angka, spasi, +, -, ( dan )',
  labelRequired: 'Keterangan harus diisi (mis. Disetujui oleh)',
  signerRequired: 'Nama penanda tangan harus diisi',
  fieldLong: `Terlalu panjang (maks. ${SIGNATORY_FIELD_MAX} karakter)`,
  tooMany: `Paling banyak ${SIGNATORIES_MAX} penanda tangan`,
  notList: 'Daftar penanda tangan tidak valid',
  reminderHour: 'Jam pengingat harus 0 sampai 23, atau matikan pengingat',
} as const

/** One line of text, may be left empty. */
const text = (max: number, long: string) =>
  ordered(v.pipe(v.optional(v.string(MSG.validation), ''), v.trim(), v.maxLength(max, long), singleLine()))

/** One line of text that must be filled in. */
const filled = (max: number, long: string, required: string) =>
  ordered(
    v.pipe(
      v.optional(v.string(required), ''),
      v.trim(),
      v.nonEmpty(required),
      v.maxLength(max, long),
      singleLine(),
    ),
  )

const SignatorySchema = v.object(
  {
    label: filled(SIGNATORY_FIELD_MAX, SETTINGS_MSG.fieldLong, SETTINGS_MSG.labelRequired),
    name: filled(SIGNATORY_FIELD_MAX, SETTINGS_MSG.fieldLong, SETTINGS_MSG.signerRequired),
    // A title is often left for later ('Team Leader', 'Direksi Teknis').
    title: text(SIGNATORY_FIELD_MAX, SETTINGS_MSG.fieldLong),
  },
  SETTINGS_MSG.notList,
)

export const FirmSettingsSchema = v.object(
  {
    name: filled(FIRM_NAME_MAX, SETTINGS_MSG.nameLong, SETTINGS_MSG.nameRequired),
    // An address may span lines on a letterhead; the report prints it on one.
    address: ordered(
      v.pipe(
        v.optional(v.string(MSG.validation), ''),
        v.trim(),
        v.maxLength(FIRM_ADDRESS_MAX, SETTINGS_MSG.addressLong),
        multiLine(SETTINGS_MSG.addressText),
      ),
    ),
    phone: ordered(
      v.pipe(
        v.optional(v.string(MSG.validation), ''),
        v.trim(),
        v.maxLength(FIRM_PHONE_MAX, SETTINGS_MSG.phoneLong),
        v.regex(/^[0-9+\-() .]*$/, SETTINGS_MSG.phoneFormat),
      ),
    ),
    signatories: ordered(
      v.pipe(
        v.optional(v.array(SignatorySchema, SETTINGS_MSG.notList), []),
        v.maxLength(SIGNATORIES_MAX, SETTINGS_MSG.tooMany),
      ),
    ),
    // Absent: left as it is (a client that does not know it never turns the reminder back on or off).
    diary_reminder_hour: v.optional(
      v.nullable(
        v.pipe(
          v.number(SETTINGS_MSG.reminderHour),
          v.integer(SETTINGS_MSG.reminderHour),
          v.minValue(0, SETTINGS_MSG.reminderHour),
          v.maxValue(23, SETTINGS_MSG.reminderHour),
        ),
      ),
    ),
  },
  MSG.validation,
)
export type FirmSettingsInput = v.InferInput<typeof FirmSettingsSchema>
export type FirmSettingsValues = v.InferOutput<typeof FirmSettingsSchema>
