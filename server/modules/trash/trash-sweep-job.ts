import type { Kysely } from 'kysely'
import type { Dialect } from '../../db/dialect'
import type { DB } from '../../db/schema'
import type { JobKind } from '../../jobs/job-kind'
import { enqueueJob, enqueueJobOnce } from '../../jobs/job-queue'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { purgeExpired } from './trash.service'

/**
 * The daily sweep of the trash (decision 0064): one 'trash.sweep' job in the database queue at a time.
 * Its run purges what has been in the trash over TRASH_DAYS days and, in the same transaction that marks
 * it done, queues the next run a day later; a run that failed for good queues the next one too. Every
 * process queues one at its start only when none is queued or running (queueTrashSweep), so whichever
 * process runs it, the sweep happens once a day, and a purged item is purged once (its rows are gone in
 * the commit, and a second run finds nothing).
 */
export const TRASH_SWEEP_KIND = 'trash.sweep'
const MAX_ATTEMPTS = 3
const DAY_MS = 24 * 60 * 60 * 1000

export const trashSweepJob: JobKind<Record<string, never>> = {
  kind: TRASH_SWEEP_KIND,
  maxAttempts: MAX_ATTEMPTS,

  async run(_payload, { deps, commit }) {
    const blobs = await commit(async (trx) => {
      const gone = await purgeExpired(trx, deps.dialect, new Date())
      await nextSweep(trx)
      return gone
    })
    await deleteBlobsQuietly(deps, blobs, 'of an item whose time in the trash ran out')
  },

  async gaveUp(_payload, _error, trx) {
    await nextSweep(trx)
  },
}

function nextSweep(trx: Kysely<DB>) {
  return enqueueJob(
    trx,
    TRASH_SWEEP_KIND,
    {},
    {
      maxAttempts: MAX_ATTEMPTS,
      runAfter: new Date(Date.now() + DAY_MS),
    },
  )
}

/**
 * At a process's start: queues a sweep to run now, unless one is queued or running (enqueueJobOnce:
 * processes starting at once queue one).
 */
export function queueTrashSweep(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  return enqueueJobOnce(db, dialect, TRASH_SWEEP_KIND, { maxAttempts: MAX_ATTEMPTS })
}
