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
