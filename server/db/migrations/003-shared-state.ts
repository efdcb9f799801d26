import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * State that every server process must share (issue 6): login attempts for the rate limit, and on
 * PostgreSQL the write epoch that invalidates the read cache of every process. SQLite needs no epoch
 * object: `PRAGMA data_version` tells a connection that another one committed.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('login_attempts')
      .addColumn('attempt', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('login_attempts_scope')
      .on('login_attempts')
      .columns(['scope', 'attempted_at'])
      .execute()
    await db.schema.createIndex('login_attempts_attempt').on('login_attempts').column('attempt').execute()
    // Sweeping old attempts scans by time alone.
    await db.schema.createIndex('login_attempts_time').on('login_attempts').column('attempted_at').execute()
    // Expired sessions are swept by time.
    await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute()

    if (dialect === 'postgres') {
      // A sequence, not a row: nextval() takes no row lock, so concurrent writers never queue on it.
      await sql`CREATE SEQUENCE write_epoch`.execute(db)
    }
  }
}
