import * as v from 'valibot'
import { EMAIL_PATTERN, EMPLOYEE_ROLES, present, requiredText } from './common'

const name = v.pipe(requiredText('Nama tidak boleh kosong'), v.maxLength(100, 'Nama terlalu panjang'))
const email = v.pipe(
  requiredText('Email tidak boleh kosong'),
  v.toLowerCase(),
  v.regex(EMAIL_PATTERN, 'Format email tidak valid'),
  v.maxLength(254, 'Format email tidak valid'),
)
// SPEC: phone has no rule; we only bound its length so a body cannot be abused.
const phone = v.optional(
  v.pipe(
    v.nullable(v.string()),
    v.transform((s) => s?.trim() ?? ''),
    v.maxLength(30, 'Nomor telepon terlalu panjang'),
  ),
  '',
)
const role = present(v.picklist(EMPLOYEE_ROLES, 'Peran harus dipilih'))

export const EmployeeCreateSchema = v.object({
  name,
  email,
  password: present(
    v.pipe(
      v.string('Password tidak boleh kosong'),
      v.nonEmpty('Password tidak boleh kosong'),
      v.minLength(8, 'Password minimal 8 karakter'),
      v.maxLength(200, 'Password terlalu panjang'),
    ),
  ),
  phone,
  role,
})
export type EmployeeCreateInput = v.InferInput<typeof EmployeeCreateSchema>

/** The password is never sent on edit. */
export const EmployeeUpdateSchema = v.object({ name, email, phone, role })
export type EmployeeUpdateInput = v.InferInput<typeof EmployeeUpdateSchema>
