import * as v from 'valibot'
import { EMAIL_MAX, isEmail, MSG, ordered, present, requiredText, singleLine } from './common'

// Each field is ordered(): lengths are checked first and the pipe stops at the first failure.
export const AdminCreateSchema = v.object(
  {
    name: ordered(
      v.pipe(
        requiredText('Nama harus diisi'),
        v.maxLength(100, 'Nama terlalu panjang'),
        v.minLength(3, 'Nama minimal 3 karakter'),
        singleLine(),
      ),
    ),
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
    phone: ordered(
      v.pipe(
        requiredText('Nomor telepon harus diisi'),
        v.maxLength(30, 'Nomor telepon terlalu panjang'),
        v.minLength(10, 'Nomor telepon minimal 10 karakter'),
        singleLine(),
      ),
    ),
  },
  MSG.validation,
)
export type AdminCreateInput = v.InferInput<typeof AdminCreateSchema>
