import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { MSG } from '../../src/contracts/common'
import type { LoginLimits } from '../config'
import type { DB } from '../db/schema'
import { AppError } from '../http'

/**
 * Login attempts counted in the database, so every server process enforces one limit (issue 6).
 * An attempt is written before its password is checked, so concurrent attempts on several processes
 * count each other; one refused by the limit is removed again (it checked nothing), and a successful
 * one removes its rows and clears its pair. Failed ones stay until they leave the window.
 */
export class LoginThrottle {
  constructor(
    private db: Kysely<DB>,
    private limits: LoginLimits,
  ) {}

  /**
   * Records an attempt, or throws 429 with the wait in minutes when a scope is over its limit.
   * `knownDevice` (the hash of a device token this account handed out at an earlier login, see
   * login-devices.ts) puts the attempt in a scope of its own: an attacker filling the account's or the
   * address's scope, from anywhere or from behind the same proxy, never locks out a browser its owner
   * signed in with before, and guesses made with a stolen device token still meet their own limit.
   */
  async begin(
    email: string,
    address: string,
    knownDevice?: string,
  ): Promise<{ succeeded: () => Promise<void> }> {
    const scopes = knownDevice
      ? [{ scope: `device:${knownDevice}`, limit: this.limits.perPair }]
      : [
          { scope: `pair:${email}|${address}`, limit: this.limits.perPair },
          { scope: `account:${email}`, limit: this.limits.perAccount },
          { scope: `address:${address}`, limit: this.limits.perAddress },
        ]
    return this.attempt(scopes)
  }

  /**
   * A check of a signed-in user's current password (update-password): guesses are limited like a
   * login's, per account, so a stolen session cannot try passwords at full speed.
   */
  beginPasswordCheck(userId: number): Promise<{ succeeded: () => Promise<void> }> {
    return this.attempt([{ scope: `password:${userId}`, limit: this.limits.perPair }])
  }

  /** Counts an attempt in every scope; the first scope is the one a success clears. */
  private async attempt(scopes: Array<{ scope: string; limit: number }>) {
    const now = Date.now()
    const since = new Date(now - this.limits.windowMs).toISOString()
    const attempt = randomUUID()
    const at = new Date(now).toISOString()
    await this.db
      .insertInto('login_attempts')
      .values(scopes.map(({ scope }) => ({ attempt, scope, attempted_at: at })))
      .execute()
    if (Math.random() < 0.05) await this.sweep(since)

    const counts = await this.db
      .selectFrom('login_attempts')
      .select(['scope', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'scope',
        'in',
        scopes.map((s) => s.scope),
      )
      .where('attempted_at', '>', since)
      .groupBy('scope')
      .execute()
    const over = scopes.filter((s) => Number(counts.find((c) => c.scope === s.scope)?.n ?? 0) > s.limit)
    if (over.length > 0) {
      await this.db.deleteFrom('login_attempts').where('attempt', '=', attempt).execute()
      const waits = await Promise.all(over.map((s) => this.waitMs(s.scope, s.limit, now)))
      const wait = Math.max(1000, ...waits)
      throw new AppError(429, MSG.rateLimited(Math.ceil(wait / 60_000)), undefined, {
        'Retry-After': String(Math.ceil(wait / 1000)),
      })
    }
    return {
      succeeded: async () => {
        await this.db
          .deleteFrom('login_attempts')
          .where((eb) => eb.or([eb('attempt', '=', attempt), eb('scope', '=', scopes[0].scope)]))
          .execute()
      },
    }
  }

  /** Until the limit-th most recent attempt of the scope leaves the window. */
  private async waitMs(scope: string, limit: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('scope', '=', scope)
      .orderBy('attempted_at', 'desc')
      .limit(1)
      .offset(limit - 1)
      .executeTakeFirst()
    return row ? Date.parse(row.attempted_at) + this.limits.windowMs - now : this.limits.windowMs
  }

  private async sweep(since: string) {
    await this.db.deleteFrom('login_attempts').where('attempted_at', '<=', since).execute()
  }
}
