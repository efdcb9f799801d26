import * as v from 'valibot'
import {
  accountName,
  accountPhone,
  EMAIL_MAX,
  isEmail,
  MSG,
  ordered,
  present,
  requiredText,
  singleLine,
} from './common'

// Each field is ordered(): lengths are checked first and the pipe stops at the first failure.
export const AdminCreateSchema = v.object(
  {
    name: accountName(),
    email: ordered(
      v.pipe(
        requiredText('Email harus diisi'),
        v.maxLength(EMAIL_MAX, 'Email tidak valid'),
        v.toLowerCase(),
        v.check(isEmail, 'Email tidak valid'),
      ),
    ),
    password: present(
      ordered(
        v.pipe(
          v.string('Password harus diisi'),
          v.nonEmpty('Password harus diisi'),
          v.maxLength(200, 'Password terlalu panjang'),
          v.minLength(8, 'Password minimal 8 karakter'),
          singleLine(),
        ),
      ),
    ),
    phone: accountPhone(),
  },
  MSG.validation,
)
export type AdminCreateInput = v.InferInput<typeof AdminCreateSchema>

/** The superadmin edits an admin's name, email and phone (issue 32); the password only by a reset. */
export const AdminUpdateSchema = v.object(
  {
    name: AdminCreateSchema.entries.name,
    email: AdminCreateSchema.entries.email,
    phone: AdminCreateSchema.entries.phone,
  },
  MSG.validation,
)
export type AdminUpdateInput = v.InferInput<typeof AdminUpdateSchema>
