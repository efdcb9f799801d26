import type { Kysely } from 'kysely'
import type { Dialect } from '../db/dialect'
import type { DB } from '../db/schema'
import type { JobKind } from '../jobs/job-kind'
import { enqueueJob, enqueueJobOnce } from '../jobs/job-queue'
import { sweepUploads } from './sweep'

/**
 * The hourly sweep of what killed processes left (sweep.ts: staged uploads, scratch PDFs and
 * thumbnails, blobs no row names), as one 'uploads.sweep' job in the database queue at a time, so it
 * runs whichever processes live and however long they live (a start-up sweep alone left them until some
 * process started again an hour later). Its commit queues the next run an hour on; a run failed for good
 * queues the next one too. Each process queues one at its start when none is queued or running.
 */
export const UPLOAD_SWEEP_KIND = 'uploads.sweep'
export const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000
const MAX_ATTEMPTS = 3

export const uploadSweepJob: JobKind<Record<string, never>> = {
  kind: UPLOAD_SWEEP_KIND,
  maxAttempts: MAX_ATTEMPTS,
  // Listing a large store takes a while: it must not hold a thumbnail's slot.
  lane: 'long',
  changesCachedReads: false,

  async run(_payload, { deps, commit }) {
    const r = await sweepUploads(deps)
    if (r.staged + r.incomplete + r.orphans > 0)
      deps.logger.info(
        `sisa unggahan dibersihkan: ${r.staged} file sementara, ${r.incomplete} tulisan setengah jadi, ${r.orphans} blob tanpa baris`,
      )
    await commit((trx) => nextSweep(trx))
  },

  async gaveUp(_payload, _error, trx) {
    await nextSweep(trx)
  },
}

function nextSweep(trx: Kysely<DB>) {
  return enqueueJob(
    trx,
    UPLOAD_SWEEP_KIND,
    {},
    { maxAttempts: MAX_ATTEMPTS, runAfter: new Date(Date.now() + UPLOAD_SWEEP_EVERY_MS) },
  )
}

/**
 * At a process's start: queues the next sweep an hour on (the start-up sweep, sweepUploadsAtStart, does
 * the one of now), unless one is queued or running (enqueueJobOnce: processes starting at once queue one).
 */
export function queueUploadSweep(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  return enqueueJobOnce(db, dialect, UPLOAD_SWEEP_KIND, {
    maxAttempts: MAX_ATTEMPTS,
    delayMs: UPLOAD_SWEEP_EVERY_MS,
  })
}
