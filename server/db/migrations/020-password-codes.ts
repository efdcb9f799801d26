import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * 'Lupa password?' (issue 32): a one-time code the WhatsApp bot sends to the account's number. Only the
 * code's argon2id hash is kept; `expires_at` (15 minutes), `tries` (wrong codes counted, 5 at most) and
 * `used_at` (single use, set by one conditional update) decide whether it still works. A newer code ends
 * the older ones (`used_at` set). Rows are swept a day after they expire.
 */
export function up(dialect: Dialect) {
  const pg = dialect === 'postgres'
  const idType = pg ? 'serial' : 'integer'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('password_codes')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .execute()
    await db.schema
      .createIndex('password_codes_user')
      .on('password_codes')
      .columns(['user_id', 'id'])
      .execute()
  }
}
