import type { Kysely } from 'kysely'
import { type Actor, access } from '../../access'
import type { DB, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError } from '../../http'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { createSession, revokeAllSessions } from '../auth/sessions.service'

/**
 * The caller's own account (SPEC section 6: every logged-in user edits their own profile, avatar and
 * password; the email cannot be changed). Only the caller's row is ever touched.
 */

type Caller = Actor & Pick<UserRow, 'password_hash'>

export async function updateProfile(
  deps: { db: Kysely<DB> },
  user: Actor,
  read: () => Promise<{ name: string; phone: string }>,
): Promise<UserRow> {
  await access.require(deps, user, 'profile.edit')
  const input = await read()
  return deps.db
    .updateTable('users')
    .set({ name: input.name, phone: input.phone })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Every other session dies with the old password; answers a fresh token so the caller stays signed in. */
export async function changePassword(
  deps: Pick<Deps, 'db' | 'config' | 'loginThrottle' | 'notificationFeed'>,
  user: Caller,
  read: () => Promise<{ current_password: string; new_password: string }>,
): Promise<string> {
  await access.require(deps, user, 'profile.edit')
  const input = await read()
  // Guessing the current password through this call meets the same limit as guessing it at login.
  const attempt = await deps.loginThrottle.beginPasswordCheck(user.id)
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new AppError(422, 'Password saat ini salah', { current_password: 'Password saat ini salah' })
  }
  await attempt.succeeded()
  const passwordHash = await hashPassword(input.new_password)
  const token = await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute()
    await revokeAllSessions(trx, user.id)
    return createSession(trx, user.id, deps.config.tokenTtlMs)
  })
  await deps.notificationFeed.sessionsEnded()
  return token
}
