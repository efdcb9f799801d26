import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB, UserRow } from '../../db/schema'
import { nowIso } from '../../http'
import type { ReadCache } from '../../read-cache'

// Tokens are opaque random strings; only their SHA-256 is stored, so a leaked database holds no usable token.
const digest = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(db: Kysely<DB>, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: digest(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
    })
    .execute()
  return token
}

/**
 * The live, active user a token belongs to, or undefined. Every authenticated call asks, so found
 * sessions are kept in the read cache: every API write (logout, password change, deactivation,
 * removal, profile edit) clears it before its response leaves, and expiry is checked on every call.
 * Unknown tokens are never kept, so guessing cannot grow the cache.
 */
export async function userForToken(
  db: Kysely<DB>,
  cache: ReadCache,
  token: string,
): Promise<UserRow | undefined> {
  if (token.length < 20 || token.length > 200) return undefined
  const hash = digest(token)
  const found = await cache.get(
    `session:${hash}`,
    () =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.expires_at as session_expires_at')
        .where('sessions.token_hash', '=', hash)
        .where('users.is_active', '=', 1)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst(),
    (row) => row !== undefined,
  )
  if (!found || found.session_expires_at <= nowIso()) return undefined
  const { session_expires_at: _, ...user } = found
  return user
}

export async function revokeToken(db: Kysely<DB>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', digest(token)).execute()
}

export async function revokeAllSessions(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1]
}
