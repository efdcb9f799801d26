import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema'

/**
 * Counters in the database (migration 007), so that every server process enforces one limit. `bump`
 * adds in one upsert and returns the new total: two processes counting at once never lose a count.
 */
export class UsageCounters {
  private bumps = 0
  constructor(private db: Kysely<DB>) {}

  async bump(key: string, window: string, amount: number, expiresAt: Date): Promise<number> {
    const row = await this.db
      .insertInto('usage_counters')
      .values({ key, window, count: amount, expires_at: expiresAt.toISOString() })
      .onConflict((oc) =>
        oc.columns(['key', 'window']).doUpdateSet({ count: sql`usage_counters.count + ${amount}` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow()
    // Old windows go now and then, by whichever process happens to count (no scheduler needed).
    this.bumps += 1
    if (this.bumps % 500 === 0) await this.sweep(new Date())
    return Number(row.count)
  }

  /**
   * Adds `amount` to several keys of one window in one statement (one round trip, one write): the
   * public budget counts a request per address and per link at once. Returns each key's new total.
   */
  async bumpAll(
    keys: string[],
    window: string,
    amount: number,
    expiresAt: Date,
  ): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map()
    const expires_at = expiresAt.toISOString()
    const rows = await this.db
      .insertInto('usage_counters')
      .values(keys.map((key) => ({ key, window, count: amount, expires_at })))
      .onConflict((oc) =>
        oc.columns(['key', 'window']).doUpdateSet({ count: sql`usage_counters.count + ${amount}` }),
      )
      .returning(['key', 'count'])
      .execute()
    this.bumps += 1
    if (this.bumps % 500 === 0) await this.sweep(new Date())
    return new Map(rows.map((r) => [r.key, Number(r.count)]))
  }

  /**
   * Marks `key` seen in `window`: true the first time (the row is made), false after, and then nothing is
   * written (ON CONFLICT DO NOTHING). A view is counted once per visitor and window with it.
   */
  async first(key: string, window: string, expiresAt: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('usage_counters')
      .values({ key, window, count: 1, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.columns(['key', 'window']).doNothing())
      .returning('count')
      .executeTakeFirst()
    this.bumps += 1
    if (this.bumps % 500 === 0) await this.sweep(new Date())
    return row !== undefined
  }

  async read(key: string, window: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage_counters')
      .select('count')
      .where('key', '=', key)
      .where('window', '=', window)
      .executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  async sweep(now: Date): Promise<void> {
    await this.db.deleteFrom('usage_counters').where('expires_at', '<', now.toISOString()).execute()
  }
}
