import type { Transaction } from 'kysely'
import type { DB } from '../db/schema'
import type { Deps } from '../deps'
import type { Tx } from '../idempotency'
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
 * Commits rows and blobs together, in the transaction it is given: puts every blob into the store, then
 * runs `write` with that transaction. If the transaction does not commit (a put failed, the write or
 * anything after it in the request threw), the blobs are deleted when it rolls back, so a failed upload
 * leaves neither a row nor a blob. A process that dies between the put and the commit leaves an orphan
 * blob, which the start-up sweep (sweep.ts) removes.
 */
export async function commitUpload<T>(
  tx: Tx,
  deps: Pick<Deps, 'store' | 'logger'>,
  blobs: readonly PendingBlob[],
  write: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  // Every planned key, put or not: deleting an absent blob is a no-op, and a put that failed half-way in
  // a batch may still have landed.
  tx.onRollback(() => deleteBlobsQuietly(deps, blobs, 'of a failed upload'))
  for (let i = 0; i < blobs.length; i += PUT_CONCURRENCY) {
    await Promise.all(
      blobs
        .slice(i, i + PUT_CONCURRENCY)
        .map((b) =>
          deps.store.put(b.key, b.visibility, b.staged ? { staged: b.staged } : { localFile: b.localFile }),
        ),
    )
  }
  return write(tx.trx)
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
