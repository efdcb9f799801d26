import type { Kysely } from 'kysely'
import type { Dialect } from '../../db/dialect'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'
import type { JobKind } from '../../jobs/job-kind'
import { enqueueJob, enqueueJobOnce } from '../../jobs/job-queue'
import { deleteBlobsQuietly } from '../../uploads/commit'

/**
 * The hourly removal of resumable uploads past their expiry (decision 0080): abandoned ones (no part for
 * RESUMABLE_TTL_HOURS) with their parts' blobs, and completed ones once their commit can no longer be
 * replayed. One 'resumable.sweep' job queued at a time, in the database queue, so it runs whichever
 * processes live; each run queues the next. Blobs whose delete fails are left to the orphan sweep (no
 * row names them any more).
 */
export const RESUMABLE_SWEEP_KIND = 'resumable.sweep'
const EVERY_MS = 60 * 60 * 1000
const MAX_ATTEMPTS = 3
const BATCH = 200

export type ResumableSweepResult = { uploads: number; parts: number }

export async function sweepExpiredUploads(
  deps: Pick<Deps, 'db' | 'store' | 'logger'>,
  now: string = nowIso(),
): Promise<ResumableSweepResult> {
  const result = { uploads: 0, parts: 0 }
  for (;;) {
    const gone = await deps.db.transaction().execute(async (trx) => {
      const ids = (
        await trx
          .selectFrom('resumable_uploads')
          .select('id')
          .where('expires_at', '<=', now)
          .limit(BATCH)
          .execute()
      ).map((r) => r.id)
      if (ids.length === 0) return { ids, keys: [] as string[] }
      const parts = await trx
        .selectFrom('resumable_parts')
        .select('blob_key')
        .where('upload_id', 'in', ids)
        .execute()
      await trx.deleteFrom('resumable_parts').where('upload_id', 'in', ids).execute()
      await trx.deleteFrom('resumable_uploads').where('id', 'in', ids).execute()
      return { ids, keys: parts.map((p) => p.blob_key) }
    })
    if (gone.ids.length === 0) return result
    await deleteBlobsQuietly(
      deps,
      gone.keys.map((key) => ({ key, visibility: 'private' as const })),
      'of an expired resumable upload',
    )
    result.uploads += gone.ids.length
    result.parts += gone.keys.length
  }
}

export const resumableSweepJob: JobKind<Record<string, never>> = {
  kind: RESUMABLE_SWEEP_KIND,
  maxAttempts: MAX_ATTEMPTS,
  lane: 'long',
  changesCachedReads: false,
  async run(_payload, { deps, commit }) {
    const r = await sweepExpiredUploads(deps)
    if (r.uploads > 0)
      deps.logger.info(`unggahan bertahap kedaluwarsa dihapus: ${r.uploads} unggahan, ${r.parts} bagian`)
    await commit((trx) => nextSweep(trx))
  },
  async gaveUp(_payload, _error, trx) {
    await nextSweep(trx)
  },
}

function nextSweep(trx: Kysely<DB>) {
  return enqueueJob(
    trx,
    RESUMABLE_SWEEP_KIND,
    {},
    { maxAttempts: MAX_ATTEMPTS, runAfter: new Date(Date.now() + EVERY_MS) },
  )
}

/**
 * At a process's start: queues a sweep now unless one is queued or running (enqueueJobOnce: processes
 * starting at once queue one).
 */
export function queueResumableSweep(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  return enqueueJobOnce(db, dialect, RESUMABLE_SWEEP_KIND, { maxAttempts: MAX_ATTEMPTS })
}
