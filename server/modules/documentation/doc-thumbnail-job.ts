import fs from 'node:fs'
import { scratchFile } from '../../base/scratch'
import type { JobKind } from '../../jobs/job-kind'
import { newBlobKey } from '../../storage/blob-store'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { renderThumbnail } from './doc-images'

/**
 * Makes one photo's grid thumbnail after its upload answered (the upload stored the original and a
 * 'pending' row). The thumbnail is put under a fresh key and named by the row in the transaction that
 * finishes the job; if the item was deleted meanwhile, or another run finished first, the new blob goes.
 * A photo whose pixels never decode fails for good after its attempts: the row becomes 'failed' and the
 * grid shows the original instead.
 */
export const docThumbnailJob: JobKind<{ image: string }> = {
  kind: 'doc.thumbnail',
  maxAttempts: 3,
  // Thumbnails are in no cached answer (the project list, the dashboard): the upload's own request
  // already moved the write epoch, and each thumbnail need not empty those caches again.
  changesCachedReads: false,

  async run({ image }, { deps, commit, signal }) {
    const row = await deps.db
      .selectFrom('doc_images')
      .select(['blob_key', 'thumb_state'])
      .where('uuid', '=', image)
      .executeTakeFirst()
    // Deleted meanwhile, or already made: nothing to do.
    if (row?.thumb_state !== 'pending') return
    const original = await deps.store.get(row.blob_key, 'public')
    if (!original) throw new Error(`original ${row.blob_key} is missing from the store`)

    const scratch = await scratchFile(deps.config.dataDir, 'webp')
    let size: { width: number; height: number }
    try {
      size = await renderThumbnail(original.stream, scratch)
    } catch (err) {
      original.stream.destroy()
      throw err
    }
    if (signal.aborted) {
      await fs.promises.rm(scratch, { force: true })
      throw new Error('stopped before the thumbnail was stored')
    }
    const key = newBlobKey('webp')
    try {
      await deps.store.put(key, 'public', { localFile: scratch })
      const named = await commit(async (trx) => {
        const res = await trx
          .updateTable('doc_images')
          .set({ thumb_key: key, thumb_width: size.width, thumb_height: size.height, thumb_state: 'ready' })
          .where('uuid', '=', image)
          .where('thumb_state', '=', 'pending')
          .executeTakeFirst()
        return Number(res.numUpdatedRows) === 1
      })
      if (!named)
        await deleteBlobsQuietly(deps, [{ key, visibility: 'public' }], 'of a thumbnail nobody needs')
    } catch (err) {
      await deleteBlobsQuietly(
        deps,
        [{ key, visibility: 'public' }],
        'of a thumbnail job that did not finish',
      )
      throw err
    } finally {
      await fs.promises.rm(scratch, { force: true })
    }
  },

  async gaveUp({ image }, _error, trx) {
    await trx
      .updateTable('doc_images')
      .set({ thumb_state: 'failed' })
      .where('uuid', '=', image)
      .where('thumb_state', '=', 'pending')
      .execute()
  },
}
