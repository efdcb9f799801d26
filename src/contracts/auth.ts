import * as v from 'valibot'
import { EMAIL_MAX, isEmail, MSG, ordered, present, RoleSchema } from './common'
import { PasswordChangeSchema } from './users'

// The same email rule as the account forms, so every account that can be created can log in. Lengths
// first, and each pipe stops at its first failure (ordered), so no check runs on an over-long value.
export const LoginSchema = v.object(
  {
    email: present(
      ordered(
        v.pipe(
          v.string('Email tidak valid'),
          v.trim(),
          v.maxLength(EMAIL_MAX, 'Email tidak valid'),
          v.toLowerCase(),
          v.check(isEmail, 'Email tidak valid'),
        ),
      ),
    ),
    password: present(
      ordered(
        v.pipe(
          v.string('Password minimal 6 karakter'),
          // Generous: a superadmin password comes from the environment, not from the 200-character form.
          v.maxLength(1024, 'Password terlalu panjang'),
          v.minLength(6, 'Password minimal 6 karakter'),
        ),
      ),
    ),
  },
  MSG.validation,
)
export type LoginInput = v.InferInput<typeof LoginSchema>

/** A user as every account/admin/employee call returns it (SPEC section 3). */
export const UserSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  role: RoleSchema,
  avatar: v.nullable(v.string()),
  is_active: v.boolean(),
  created_at: v.string(),
})
export type User = v.InferOutput<typeof UserSchema>

/**
 * What the signed-in user may do firm-wide, decided by the server's one access policy (server/access.ts,
 * docs/access.md) and sent with their own account (/api/user/me, the login answer): the screens read it
 * and never re-decide it from the role. What they may do in one project comes with the project (`can`).
 */
export const UserCanSchema = v.object({
  /** 'Kelola Admin' (admin.manage). */
  manage_admins: v.boolean(),
  /** 'Karyawan' (employee.manage). */
  manage_employees: v.boolean(),
  /** Works in projects: the project list, the dashboard, the bell, the outbox (project.list). */
  projects: v.boolean(),
  /** Sees every project, not only their memberships: 'Semua Project' and its totals. */
  all_projects: v.boolean(),
  /** 'Buat Project' (project.create). */
  create_projects: v.boolean(),
  /** The bell and 'Notifikasi' (notification.list). */
  notifications: v.boolean(),
  /** Link the WhatsApp bot: QR, logout (whatsapp.manage). */
  whatsapp: v.boolean(),
  /** 'Pengaturan Firma' (settings.write). */
  settings: v.boolean(),
})
export type UserCan = v.InferOutput<typeof UserCanSchema>

/** The signed-in user's own account, with what they may do. */
export const MeSchema = v.object({ ...UserSchema.entries, can: UserCanSchema })
export type Me = v.InferOutput<typeof MeSchema>

export const LoginResultSchema = v.object({
  ...MeSchema.entries,
  token: v.string(),
  /** See server/modules/auth/login-devices.ts. */
  device_token: v.optional(v.string()),
})
export type LoginResult = v.InferOutput<typeof LoginResultSchema>

/*
 * Nobody locked out for good (issue 32, decision 0078): 'Lupa password?' sends a one-time code by the
 * WhatsApp bot; an admin resets an employee's password, the superadmin an admin's.
 */

/** The same email rule as login, so every account that can log in can ask for a code. */
export const ForgotSchema = v.object({ email: LoginSchema.entries.email }, MSG.validation)
export type ForgotInput = v.InferInput<typeof ForgotSchema>

export const RESET_CODE_LENGTH = 6
export const RESET_CODE_MINUTES = 15
export const RESET_CODE_TRIES = 5

export const ResetSchema = v.object(
  {
    email: LoginSchema.entries.email,
    code: present(
      ordered(v.pipe(v.string('Kode harus 6 angka'), v.trim(), v.regex(/^\d{6}$/, 'Kode harus 6 angka'))),
    ),
    // The rule of a new password in the profile's 'Ubah Password' (src/contracts/users.ts).
    new_password: PasswordChangeSchema.pipe[0].entries.new_password,
  },
  MSG.validation,
)
export type ResetInput = v.InferInput<typeof ResetSchema>
export type ResetRequest = v.InferOutput<typeof ResetSchema>

/** An admin's reset of someone else's password: shown once (no body, or `{}`), or sent by WhatsApp. */
export const PasswordResetSchema = v.object(
  { via: v.optional(v.picklist(['whatsapp'], 'Pilihan pengiriman tidak dikenal')) },
  MSG.validation,
)
export type PasswordResetInput = v.InferInput<typeof PasswordResetSchema>
/** `{ password }` shown once, or `{ sent: 'whatsapp' }` when it went to the account's number. */
export const PasswordResetResultSchema = v.union([
  v.object({ password: v.string() }),
  v.object({ sent: v.literal('whatsapp') }),
])
export type PasswordResetResult = v.InferOutput<typeof PasswordResetResultSchema>

export const AUTH_MSG = {
  /** Whatever the email: the answer never tells whether an account exists. */
  forgotSent:
    'Jika email terdaftar dan memiliki nomor WhatsApp, kode 6 angka sudah dikirim lewat WhatsApp. Kode berlaku 15 menit.',
  codeInvalid: 'Kode salah atau sudah tidak berlaku. Minta kode baru.',
  resetDone: 'Password berhasil diubah',
  deactivated: 'Akun Anda dinonaktifkan. Hubungi admin.',
  tooManyCodes: (minutes: number) => `Terlalu banyak permintaan kode. Coba lagi dalam ${minutes} menit.`,
  passwordReset: 'Password berhasil direset',
  passwordSent: 'Password baru dikirim lewat WhatsApp',
  noWhatsAppNumber: 'Akun ini belum memiliki nomor WhatsApp yang valid',
  whatsappNotLinked: 'WhatsApp belum terhubung. Tampilkan password dan sampaikan sendiri.',
} as const

/**
 * What the history keeps of an account's password (server/modules/auth/account-history.ts):
 * `password_reset` by an admin or the superadmin (detail `{ via: 'shown' | 'whatsapp' }`),
 * `password_code` a code sent for 'Lupa password?', `password_reset_code` the password set with it.
 */
export type AccountHistoryAction = 'password_reset' | 'password_code' | 'password_reset_code'
