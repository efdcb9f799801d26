import type { User } from '../../../src/contracts/auth'
import type { UserRow } from '../../db/schema'

/** The public shape of a user (SPEC section 3); never includes the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    avatar: row.avatar,
    is_active: row.is_active === 1,
    created_at: row.created_at,
  }
}
