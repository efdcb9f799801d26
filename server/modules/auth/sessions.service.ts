import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB, UserRow } from '../../db/schema'
import { nowIso } from '../../http'
import { pgWriteEpochColumn } from '../../read-cache'

// Tokens are opaque random strings; only their SHA-256 is stored, so a leaked database holds no usable token.
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex')
const digest = tokenDigest

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
 * The live, active user a token belongs to, or undefined. Asked of the database on every call (one
 * indexed join), never of a process's memory: a logout, password change, deactivation, removal or role
 * change on any server process takes effect on every other one at once.
 */
export async function userForToken(db: Kysely<DB>, token: string): Promise<UserRow | undefined> {
  if (token.length < 20 || token.length > 200) return undefined
  return liveSession(db, token).selectAll('users').executeTakeFirst()
}

/**
 * userForToken, and PostgreSQL's write epoch (read-cache.ts) read in the same statement: a cached read
 * then makes one round trip to the database instead of two. The session is still asked of the database.
 */
export async function userAndWriteEpochForToken(
  db: Kysely<DB>,
  token: string,
): Promise<{ user: UserRow; writeEpoch: string } | undefined> {
  if (token.length < 20 || token.length > 200) return undefined
  const found = await liveSession(db, token)
    .selectAll('users')
    .select(pgWriteEpochColumn.as('write_epoch_read_along'))
    .executeTakeFirst()
  if (!found) return undefined
  const { write_epoch_read_along: writeEpoch, ...user } = found
  return { user, writeEpoch }
}

const liveSession = (db: Kysely<DB>, token: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.token_hash', '=', digest(token))
    .where('sessions.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1)
    .where('users.deleted_at', 'is', null)

/** Expired sessions are dead already; removing them keeps the table small. */
export async function sweepExpiredSessions(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute()
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
