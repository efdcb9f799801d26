import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * The diary reminder (issue 34, docs/decisions/0092-diary-reminder.md).
 *
 * - diary_reminders: one row per project and firm day whose reminder went out ('Laporan harian belum
 *   diisi'). The row is written in the same transaction that finishes the reminder job, and its unique
 *   key (project_id, day) makes 'once per project per day' a fact of the database, whichever process
 *   runs the job and however often it is restarted.
 * - firm_settings.diary_reminder_hour: the firm's hour (0-23, its own time zone) the reminder goes out
 *   at; null turns it off. Default 16 (16.00), also for the row of a firm that saved its settings before.
 */
export function up(dialect: Dialect) {
  const pg = dialect === 'postgres'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('diary_reminders')
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('diary_reminders_project_day', ['project_id', 'day'])
      .execute()
    await db.schema
      .alterTable('firm_settings')
      .addColumn('diary_reminder_hour', 'integer', (c) => c.defaultTo(16))
      .execute()
  }
}
