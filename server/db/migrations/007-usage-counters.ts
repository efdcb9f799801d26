import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Counters every server process shares (issue 12): write requests per user per minute and uploaded
 * bytes per user per day. One row per (key, window); `expires_at` lets old windows be swept by time
 * alone. A count is moved by one upsert, so concurrent requests on several processes never lose one.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('usage_counters')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window', 'text', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_counters_pk', ['key', 'window'])
      .execute()
    await db.schema.createIndex('usage_counters_expiry').on('usage_counters').column('expires_at').execute()
  }
}
