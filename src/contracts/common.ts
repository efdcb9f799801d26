import * as v from 'valibot'

/** Every API answer has this envelope (docs/architecture.md, how a request flows). */
export type ApiEnvelope<T = unknown> = {
  success: boolean
  message: string
  data?: T
  /** Field errors in Indonesian, keyed by field name (422 only). */
  errors?: Record<string, string>
}

export const ROLES = ['superadmin', 'admin', 'perencanaan', 'pengawasan'] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = v.picklist(ROLES)

/**
 * Answers are declared as valibot schemas of the envelope's `data` (the endpoint's `response`): the
 * OpenAPI document and the client's types come from them (docs/adding-things.md). Who did something.
 */
export const PersonRefSchema = v.object({ id: v.number(), name: v.string() })
export const EMPLOYEE_ROLES = ['perencanaan', 'pengawasan'] as const
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Super Admin',
  admin: 'Administrator',
  perencanaan: 'Tim Perencanaan',
  pengawasan: 'Tim Pengawasan',
}

/**
 * The basic email check the forms use (SPEC section 5): one '@' with something before it, and after it a
 * domain with a dot that has characters on both sides; no whitespace anywhere. The rule of the pattern
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ (plus: no control characters), written as a single pass because that
 * pattern backtracks quadratically on long input (a 60,000-character email blocked the server ~5 s).
 */
export const EMAIL_MAX = 254
export function isEmail(s: string): boolean {
  if (s.length > EMAIL_MAX) return false
  const at = s.indexOf('@')
  if (at < 1 || s.indexOf('@', at + 1) !== -1) return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\s\u0000-\u001f\u007f]/.test(s)) return false
  const domain = s.slice(at + 1)
  const dot = domain.indexOf('.', 1)
  return dot !== -1 && dot < domain.length - 1
}

// C0 controls and DEL. NUL cannot be stored in PostgreSQL text at all; the others have no business in a
// name or an email. Tab, line feed and carriage return are allowed only in multi-line text (descriptions).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_EXCEPT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
// Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): in a one-line name they
// reorder what is shown, so 'foto\u202egpj.exe' reads as 'fotoexe.jpg' and hides the real extension.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/
// A UTF-16 surrogate without its partner (JSON allows "\ud800"): it cannot be encoded as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/

/**
 * True when `s` may be stored as text: no control characters (tab and line breaks only when `multiline`)
 * and no lone surrogates; one-line text (names) also has no bidirectional controls. Linear: each pattern is a single character class or a fixed-length pair.
 */
export function isCleanText(s: string, multiline = false): boolean {
  if (multiline) return !CONTROL_EXCEPT_BREAKS.test(s) && !LONE_SURROGATE.test(s)
  return !CONTROL.test(s) && !BIDI_CONTROL.test(s) && !LONE_SURROGATE.test(s)
}

/** A check for one-line text (names, emails, phones, slugs). */
export const singleLine = (message: string = MSG.controlChars) =>
  v.check<string, string>((s) => isCleanText(s), message)
/** A check for multi-line text (descriptions): tab and line breaks are allowed. */
export const multiLine = (message: string = MSG.controlChars) =>
  v.check<string, string>((s) => isCleanText(s, true), message)

/**
 * A field whose pipe stops at its first failing action. valibot runs every validation action of a pipe
 * and collects the issues by default, so a pattern placed after a length limit would still run on an
 * over-long value; with this, putting the lengths first guarantees no check ever sees such a value.
 */
export const ordered = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true })

/** Flattens valibot issues into { field: first message }, the shape of `errors` in the envelope. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_'
    if (!(key in errors)) errors[key] = issue.message
  }
  return errors
}

/** A trimmed string field; non-strings fail with the given "required" message. */
export const requiredText = (message: string) =>
  present(v.pipe(v.string(message), v.trim(), v.nonEmpty(message)))

/**
 * valibot reports a missing object key with its own English "Invalid key" message; defaulting the key to ''
 * makes an absent field fail with the field's own Indonesian message, like an empty one.
 */
export const present = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, '')

/** Messages shared by server and web app so both say the same thing. */
export const MSG = {
  unauthenticated: 'Sesi Anda telah berakhir, silakan masuk kembali',
  forbidden: 'Anda tidak memiliki akses untuk tindakan ini',
  notFound: 'Data tidak ditemukan',
  malformed: 'Permintaan tidak valid',
  validation: 'Data yang dikirim tidak valid',
  controlChars: 'Teks berisi karakter yang tidak diperbolehkan',
  tooLarge: 'Ukuran data terlalu besar',
  unsupportedType: 'Jenis file tidak didukung',
  serverError: 'Terjadi kesalahan pada server',
  rateLimited: (minutes: number) => `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`,
  loginFailed: 'Email atau password salah',
  emailTaken: 'Email sudah terdaftar',
  loadFailed: 'Terjadi kesalahan saat memuat data',
} as const

// The net under every schema: each field names its own Indonesian message, and whatever valibot would
// otherwise word itself (in English, e.g. 'Invalid type: Expected string but received 123') says this
// instead. Set here because every contract imports this module, so the server, the web app and the SW
// all get it before any schema runs.
v.setGlobalMessage(MSG.validation)

/** Name of an admin and of one's own profile (SPEC 5: required, at least 3). */
export const accountName = () =>
  ordered(
    v.pipe(
      requiredText('Nama harus diisi'),
      v.maxLength(100, 'Nama terlalu panjang'),
      v.minLength(3, 'Nama minimal 3 karakter'),
      singleLine(),
    ),
  )

/** Phone of an admin and of one's own profile (SPEC 5: required, at least 10). */
export const accountPhone = () =>
  ordered(
    v.pipe(
      requiredText('Nomor telepon harus diisi'),
      v.maxLength(30, 'Nomor telepon terlalu panjang'),
      v.minLength(10, 'Nomor telepon minimal 10 karakter'),
      singleLine(),
    ),
  )
