import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * The job queue (issue 21): work an answer must not wait for (thumbnails now; reports later), kept in
 * the database so any server process may run it and none loses it.
 *
 * - jobs: one row per piece of work. `status` queued -> running -> done | failed. A runner claims the
 *   oldest due row by setting its lease (lease_owner, lease_until) and counting the attempt in the same
 *   statement; a lease that ran out (its process died) makes the row claimable again. Finishing checks
 *   the lease is still the runner's, so a job that outlived its lease never commits twice. A failure
 *   waits run_after (a backoff) and is retried; after max_attempts the row is failed with last_error.
 *   jobs_due serves the claim's "oldest due row" without a scan.
 * - doc_images.thumb_state: 'ready' (the thumbnail is there), 'pending' (its job has not run yet) or
 *   'failed' (the photo would not decode: the grid shows the original). Rows before this migration all
 *   have their thumbnail.
 */
export function up(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('jobs')
      .addColumn('id', idType, (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_after', 'text', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute()
    await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_after', 'id']).execute()

    await db.schema
      .alterTable('doc_images')
      .addColumn('thumb_state', 'text', (c) => c.notNull().defaultTo('ready'))
      .execute()
  }
}
