import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * The printed diary and the week (issue 34, docs/decisions/0091-diary-pdf-and-weekly.md).
 *
 * - diary_pdfs: one PDF per diary day and state printed (`revision`, `version`: the day's counters when it
 *   was made; `hash`: the sha256 of the sections printed). Its own verification `code` (the reports'
 *   alphabet, never the same as a report's). A superseded revision's PDF stays (its row and blob).
 * - reports.kind: 'dokumentasi' (the photo report) or 'mingguan' (the week's diaries rolled up).
 */
export function up(dialect: Dialect) {
  const pg = dialect === 'postgres'
  const idType = pg ? 'serial' : 'integer'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('diary_pdfs')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('diary_id', 'integer', (c) => c.notNull().references('diary_days.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('blob_key', 'text')
      .addColumn('pages', 'integer')
      .addColumn('size_bytes', 'integer')
      .addColumn('sha256', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addUniqueConstraint('diary_pdfs_state', ['diary_id', 'revision', 'version'])
      .execute()
    await db.schema
      .alterTable('reports')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('dokumentasi'))
      .execute()
  }
}
