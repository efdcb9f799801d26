import * as v from 'valibot'
import { EMAIL_PATTERN, present, requiredText } from './common'

export const AdminCreateSchema = v.object({
  name: v.pipe(
    requiredText('Nama harus diisi'),
    v.minLength(3, 'Nama minimal 3 karakter'),
    v.maxLength(100, 'Nama terlalu panjang'),
  ),
  email: v.pipe(
    requiredText('Email harus diisi'),
    v.toLowerCase(),
    v.regex(EMAIL_PATTERN, 'Email tidak valid'),
    v.maxLength(254, 'Email tidak valid'),
  ),
  password: present(
    v.pipe(
      v.string('Password harus diisi'),
      v.nonEmpty('Password harus diisi'),
      v.minLength(8, 'Password minimal 8 karakter'),
      v.maxLength(200, 'Password terlalu panjang'),
    ),
  ),
  phone: v.pipe(
    requiredText('Nomor telepon harus diisi'),
    v.minLength(10, 'Nomor telepon minimal 10 karakter'),
    v.maxLength(30, 'Nomor telepon terlalu panjang'),
  ),
})
export type AdminCreateInput = v.InferInput<typeof AdminCreateSchema>
