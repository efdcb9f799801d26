import * as v from 'valibot'
import { EMAIL_MAX, EMPLOYEE_ROLES, isEmail, MSG, ordered, present, requiredText, singleLine } from './common'

// Each field is ordered(): lengths are checked first and the pipe stops at the first failure.
const name = ordered(
  v.pipe(requiredText('Nama tidak boleh kosong'), v.maxLength(100, 'Nama terlalu panjang'), singleLine()),
)
const email = ordered(
  v.pipe(
    requiredText('Email tidak boleh kosong'),
    v.maxLength(EMAIL_MAX, 'Format email tidak valid'),
    v.toLowerCase(),
    v.check(isEmail, 'Format email tidak valid'),
  ),
)
// SPEC: phone has no rule; we only bound its length so a body cannot be abused.
const phone = v.optional(
  ordered(
    v.pipe(
      v.nullable(v.string('Nomor telepon tidak valid')),
      v.transform((s) => s?.trim() ?? ''),
      v.maxLength(30, 'Nomor telepon terlalu panjang'),
      singleLine(),
    ),
  ),
  '',
)
const role = present(v.picklist(EMPLOYEE_ROLES, 'Peran harus dipilih'))

export const EmployeeCreateSchema = v.object(
  {
    name,
    email,
    password: present(
      ordered(
        v.pipe(
          v.string('Password tidak boleh kosong'),
          v.nonEmpty('Password tidak boleh kosong'),
          v.maxLength(200, 'Password terlalu panjang'),
          v.minLength(8, 'Password minimal 8 karakter'),
          singleLine(),
        ),
      ),
    ),
    phone,
    role,
  },
  MSG.validation,
)
export type EmployeeCreateInput = v.InferInput<typeof EmployeeCreateSchema>

/** The password is never sent on edit. */
export const EmployeeUpdateSchema = v.object({ name, email, phone, role }, MSG.validation)
export type EmployeeUpdateInput = v.InferInput<typeof EmployeeUpdateSchema>
