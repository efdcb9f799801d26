import * as v from 'valibot'
import { present, type Role } from './common'

export const LoginSchema = v.object({
  email: present(
    v.pipe(v.string('Email tidak valid'), v.trim(), v.toLowerCase(), v.email('Email tidak valid')),
  ),
  password: present(
    v.pipe(v.string('Password minimal 6 karakter'), v.minLength(6, 'Password minimal 6 karakter')),
  ),
})
export type LoginInput = v.InferInput<typeof LoginSchema>

/** A user as every account/admin/employee call returns it (SPEC section 3). */
export type User = {
  id: number
  name: string
  email: string
  phone: string | null
  role: Role
  avatar: string | null
  is_active: boolean
  created_at: string
}

export type LoginResult = User & { token: string }
