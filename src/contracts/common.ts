import * as v from 'valibot'

/** Every API answer has this envelope (DESIGN.md, server conventions). */
export type ApiEnvelope<T = unknown> = {
  success: boolean
  message: string
  data?: T
  /** Field errors in Indonesian, keyed by field name (422 only). */
  errors?: Record<string, string>
}

export const ROLES = ['superadmin', 'admin', 'perencanaan', 'pengawasan'] as const
export type Role = (typeof ROLES)[number]
export const EMPLOYEE_ROLES = ['perencanaan', 'pengawasan'] as const
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Super Admin',
  admin: 'Administrator',
  perencanaan: 'Tim Perencanaan',
  pengawasan: 'Tim Pengawasan',
}

/** The basic email pattern the forms use (SPEC section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

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
  tooLarge: 'Ukuran data terlalu besar',
  unsupportedType: 'Jenis file tidak didukung',
  serverError: 'Terjadi kesalahan pada server',
  rateLimited: (minutes: number) => `Terlalu banyak percobaan masuk. Coba lagi dalam ${minutes} menit.`,
  loginFailed: 'Email atau password salah',
  emailTaken: 'Email sudah terdaftar',
  loadFailed: 'Terjadi kesalahan saat memuat data',
} as const
