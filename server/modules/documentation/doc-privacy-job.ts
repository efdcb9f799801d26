import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { type Kysely, sql } from 'kysely'
import { scratchFile } from '../../base/scratch'
import type { Dialect } from '../../db/dialect'
import type { DB } from '../../db/schema'
import type { JobKind } from '../../jobs/job-kind'
import { enqueueJob } from '../../jobs/job-queue'
import { stripGps } from './strip-gps'

/**
 * Photos stored before issue 23 kept their EXIF GPS in the public /storage/ bytes, and have no sha256
 * (nor, after migration 018, any photo stored before issue 31 widened the stripping to HEIC, AVIF,
 * JPEG trailers and XMP).
 * This job walks them in batches (doc_images whose sha256 is null, oldest first): each original loses its
 * GPS (strip-gps.ts, no re-encoding) and is put back under the same key, so its /storage/ URL does not
 * change; the batch's hashes are written in the job's own commit, which also queues the next batch while
 * any photo is left. A photo whose blob is gone gets the hash of nothing it could read: '' is never a
 * hash, so it is marked 'missing' and left alone. Running twice is harmless: a stripped photo strips to
 * itself and only rows still without a hash are read.
 */
export const BATCH = 25
const MISSING = 'missing'

export const docPrivacyJob: JobKind<Record<string, never>> = {
  kind: 'doc.privacy',
  maxAttempts: 5,
  changesCachedReads: false,

  async run(_payload, { deps, commit, signal }) {
    const rows = await deps.db
      .selectFrom('doc_images')
      .select(['id', 'blob_key'])
      .where('sha256', 'is', null)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    const done: { id: number; sha256: string; size: number | null }[] = []
    for (const row of rows) {
      if (signal.aborted) throw new Error('stopped before the batch was done')
      const blob = await deps.store.get(row.blob_key, 'public')
      if (!blob) {
        done.push({ id: row.id, sha256: MISSING, size: null })
        continue
      }
      const chunks: Buffer[] = []
      for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
      const { bytes, changed, unsure } = stripGps(Buffer.concat(chunks))
      // Stored before uploads refused such photos (issue 31): told to the operator, who can remove it.
      if (unsure) deps.logger.warn(`photo ${row.blob_key}: unreadable HEIF metadata, GPS may remain in it`)
      if (changed) {
        const scratch = await scratchFile(deps.config.dataDir, 'tmp')
        await fs.promises.writeFile(scratch, bytes)
        try {
          await deps.store.put(row.blob_key, 'public', { localFile: scratch })
        } finally {
          await fs.promises.rm(scratch, { force: true })
        }
      }
      done.push({ id: row.id, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length })
    }
    await commit(async (trx) => {
      for (const d of done)
        await trx
          .updateTable('doc_images')
          .set({ sha256: d.sha256, ...(d.size !== null ? { size_bytes: d.size } : {}) })
          .where('id', '=', d.id)
          .where('sha256', 'is', null)
          .execute()
      if (rows.length === BATCH)
        await enqueueJob(trx, docPrivacyJob.kind, {}, { maxAttempts: docPrivacyJob.maxAttempts })
    })
  },
}

/**
 * At process start: queues the walk when some photo still has no hash and no walk is queued or running.
 * Several processes starting at once queue it once: the check and the insert are one statement, and on
 * PostgreSQL they run under a transaction-scoped advisory lock (SQLite has one writer at a time).
 */
export async function queueDocPrivacy({ db, dialect }: { db: Kysely<DB>; dialect: Dialect }): Promise<void> {
  const pending = await db
    .selectFrom('doc_images')
    .select('id')
    .where('sha256', 'is', null)
    .limit(1)
    .executeTakeFirst()
  if (!pending) return
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${LOCK})`.execute(trx)
    const now = new Date().toISOString()
    await sql`
      INSERT INTO jobs (kind, payload, status, attempts, max_attempts, run_after, created_at)
      SELECT ${docPrivacyJob.kind}, '{}', 'queued', 0, ${docPrivacyJob.maxAttempts}, ${now}, ${now}
      WHERE NOT EXISTS (
        SELECT 1 FROM jobs WHERE kind = ${docPrivacyJob.kind} AND status IN ('queued', 'running')
      )`.execute(trx)
  })
}

/** The advisory lock of the start-up queueing (any fixed number, unique to this chore). */
const LOCK = 230_001
