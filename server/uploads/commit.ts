import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import type { Deps } from '../deps'
import { newBlobKey, type StagedWrite, type Visibility } from '../storage/blob-store'

/** A staged file on its way into the store under a fresh key (the key the rows will name). */
export type PendingBlob = { key: string; visibility: Visibility; localFile: string; staged?: StagedWrite }
export type BlobRef = { key: string; visibility: Visibility }

/** Plans a blob for a staged file (a ReceivedFile, or a scratch file derived from one). */
export function pendingBlob(
  file: { path: string; ext: string; staged?: StagedWrite },
  visibility: Visibility,
): PendingBlob {
  return { key: newBlobKey(file.ext), visibility, localFile: file.path, staged: file.staged }
}

const PUT_CONCURRENCY = 4

/**
 * Commits rows and blobs together: puts every blob into the store, then runs `write` in one database
 * transaction. If a put or the transaction fails, the blobs put so far are deleted and the error is
 * rethrown, so a failed upload leaves neither a row nor a blob. A process that dies between the put and
 * the commit leaves an orphan blob, which the start-up sweep (sweep.ts) removes.
 */
export async function commitUpload<T>(
  deps: Pick<Deps, 'db' | 'store' | 'logger'>,
  blobs: readonly PendingBlob[],
  write: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  try {
    for (let i = 0; i < blobs.length; i += PUT_CONCURRENCY) {
      await Promise.all(
        blobs
          .slice(i, i + PUT_CONCURRENCY)
          .map((b) =>
            deps.store.put(b.key, b.visibility, b.staged ? { staged: b.staged } : { localFile: b.localFile }),
          ),
      )
    }
    return await deps.db.transaction().execute(write)
  } catch (err) {
    // Every planned key, put or not: deleting an absent blob is a no-op, and a put that failed half-way
    // in a batch may still have landed.
    await deleteBlobsQuietly(deps, blobs, 'of a failed upload')
    throw err
  }
}

/**
 * Deletes blobs whose rows are gone (or never came), logging the ones that will not go instead of
 * failing the request: an orphan left behind is removed by the next start's sweep.
 */
export async function deleteBlobsQuietly(
  deps: Pick<Deps, 'store' | 'logger'>,
  blobs: readonly BlobRef[],
  why: string,
): Promise<void> {
  for (let i = 0; i < blobs.length; i += PUT_CONCURRENCY) {
    await Promise.all(
      blobs.slice(i, i + PUT_CONCURRENCY).map(async (b) => {
        try {
          await deps.store.delete(b.key, b.visibility)
        } catch (err) {
          deps.logger.error(`blob ${b.visibility}/${b.key} ${why} could not be removed`, err)
        }
      }),
    )
  }
}
