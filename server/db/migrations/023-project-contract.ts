import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A project's contract and site, and each photo's device clock (issue 34, docs/decisions/0088).
 *
 * - project_contracts: at most one row per project: the contract number, the contractor, the owner / PPK,
 *   the value in whole rupiah (bigint: a contract of Rp 3 triliun does not fit a 32-bit integer), the
 *   duration in calendar days, and the site (site_lat, site_lng, site_radius_m) photos are measured
 *   against. The start day (SPMK) stays projects.start_day (migration 013): one column for both edits.
 *   No row: nothing recorded yet.
 * - doc_images.clock_skew_s: the device's clock minus the server's when the upload arrived, seconds;
 *   null for photos stored before and uploads that did not send their clock. A photo's distance from
 *   the site is not stored: it is computed when read, from the project's current site, so photos stored
 *   before get theirs once a site is set.
 */
export function up(dialect: Dialect) {
  const real = dialect === 'postgres' ? 'double precision' : 'real'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('project_contracts')
      .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
      .addColumn('number', 'text')
      .addColumn('contractor', 'text')
      .addColumn('owner', 'text')
      .addColumn('value', 'bigint')
      .addColumn('duration_days', 'integer')
      .addColumn('site_lat', sql.raw(real))
      .addColumn('site_lng', sql.raw(real))
      .addColumn('site_radius_m', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer')
      .execute()
    await db.schema.alterTable('doc_images').addColumn('clock_skew_s', 'integer').execute()
  }
}
