import * as v from 'valibot'
import { EMAIL_MAX, isEmail, MSG, ordered, present, RoleSchema } from './common'

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

export const LoginResultSchema = v.object({
  ...UserSchema.entries,
  token: v.string(),
  /** See server/modules/auth/login-devices.ts. */
  device_token: v.optional(v.string()),
})
export type LoginResult = v.InferOutput<typeof LoginResultSchema>
