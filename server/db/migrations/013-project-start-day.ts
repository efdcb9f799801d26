import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A project's first day (issue 24's 'Minggu ke-n'): a construction contract counts its weeks from its
 * start (the SPMK), which is seldom the day the project was made in Berkas. `start_day` is that day,
 * YYYY-MM-DD in the firm's time zone; null counts from the day the project was made, as before.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('projects').addColumn('start_day', 'text').execute()
  }
}
