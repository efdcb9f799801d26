import * as v from 'valibot'
import { accountName, accountPhone, MSG, ordered, present, singleLine } from './common'

// Each field is ordered(): lengths are checked first and the pipe stops at the first failure.
export const ProfileUpdateSchema = v.object(
  {
    name: accountName(),
    phone: accountPhone(),
  },
  MSG.validation,
)
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>

/** Wire names of the password change (the form uses camelCase and maps them). */
export const PasswordChangeSchema = v.pipe(
  v.object(
    {
      current_password: present(
        ordered(
          v.pipe(
            v.string('Password saat ini harus diisi'),
            v.nonEmpty('Password saat ini harus diisi'),
            v.maxLength(1024, 'Password terlalu panjang'),
          ),
        ),
      ),
      new_password: present(
        ordered(
          v.pipe(
            v.string('Password baru harus diisi'),
            v.nonEmpty('Password baru harus diisi'),
            v.maxLength(200, 'Password terlalu panjang'),
            v.minLength(8, 'Password baru minimal 8 karakter'),
            singleLine(),
          ),
        ),
      ),
      confirm_new_password: present(
        ordered(
          v.pipe(
            v.string('Konfirmasi password harus diisi'),
            v.nonEmpty('Konfirmasi password harus diisi'),
            v.maxLength(1024, 'Password terlalu panjang'),
          ),
        ),
      ),
    },
    MSG.validation,
  ),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_new_password']],
      (input) => input.new_password === input.confirm_new_password,
      'Konfirmasi password tidak cocok',
    ),
    ['confirm_new_password'],
  ),
)
export type PasswordChangeInput = v.InferInput<typeof PasswordChangeSchema>

export const AVATAR_TYPE_MESSAGE = 'File harus berupa gambar (JPG, PNG, dll)'
/** Avatars above this size are refused (the web app also shrinks photos before sending). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
