import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/*
 * Device tokens (OWASP's "device cookie" against account lockout): a successful login hands the browser
 * a random token it keeps (not a credential: it signs nobody in) and shows at its next logins. A login
 * with a token this account issued is throttled on that token alone (login-throttle.ts), so the owner
 * gets in while someone else exhausts the account's limit. Only the token's SHA-256 is stored.
 */

/** The header a login carries the device token in. */
export const DEVICE_HEADER = 'x-login-device'
/** A device not seen at a login for this long is forgotten. */
const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** The token's hash when it was issued to the account with this email (and is not expired), else undefined. */
export async function knownDevice(db: Kysely<DB>, email: string, token: string | undefined) {
  if (!token || token.length < 20 || token.length > 100) return undefined
  const hash = digest(token)
  const row = await db
    .selectFrom('login_devices')
    .innerJoin('users', 'users.id', 'login_devices.user_id')
    .select('login_devices.last_used_at')
    .where('login_devices.token_hash', '=', hash)
    .where('users.email', '=', email)
    // A removed account keeps its email, which a new account may take: its old browsers are not the new one's.
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row || Date.parse(row.last_used_at) < Date.now() - DEVICE_TTL_MS) return undefined
  return hash
}

/** After a successful login: the token to keep (the one shown, refreshed, or a new one). */
export async function rememberDevice(
  db: Kysely<DB>,
  userId: number,
  known: string | undefined,
  shown?: string,
) {
  const now = new Date().toISOString()
  if (known && shown) {
    await db.updateTable('login_devices').set({ last_used_at: now }).where('token_hash', '=', known).execute()
    return shown
  }
  const token = randomBytes(24).toString('base64url')
  await db
    .insertInto('login_devices')
    .values({ token_hash: digest(token), user_id: userId, created_at: now, last_used_at: now })
    .execute()
  return token
}
