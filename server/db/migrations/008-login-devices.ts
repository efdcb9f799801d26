import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Browsers that have signed in to an account before (issue 21): a login that shows such a device token
 * is throttled on its own and never shares the account's lockout, so an attacker hammering an account
 * cannot keep its owner out. Only a hash of the token is kept.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('login_devices')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('login_devices_user').on('login_devices').column('user_id').execute()
  }
}
