import fs from 'node:fs'
import { pathTo } from '../../../src/contracts/endpoint'
import { verifyPage } from '../../../src/contracts/public.endpoints'
import { scratchFile } from '../../base/scratch'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'
import type { JobKind } from '../../jobs/job-kind'
import { newBlobKey } from '../../storage/blob-store'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { printImage, readAll } from '../reports/report-images'
import { loadLogo } from '../reports/report-render'
import { type PrintedPhoto, readPrintedDay } from './diary-print-data'
import { PHOTO_BOX, renderToFile } from './diary-print-flow'
import { writeDiaryPdf } from './diary-print-pdf'

/*
 * 'diary.print' (issue 34, decision 0091): draws one diary_pdfs row's day as it was in that state (its
 * revision; the current revision only while the day is still at that version), stores the file in the
 * blob store and marks the row ready with its pages, size and SHA-256 in the job's own commit. A day
 * changed meanwhile drops the row: the next GET queues the new state. After the last failed attempt
 * the row is 'failed' and the next GET queues it again.
 */

/** The printed photos resized for their box, in order (a few at most). */
export async function printedImages(deps: Pick<Deps, 'store'>, photos: readonly PrintedPhoto[]) {
  return Promise.all(
    photos.map(async (p) => {
      const blob = p.blobKey ? await deps.store.get(p.blobKey, 'public') : undefined
      return blob ? printImage(await readAll(blob.stream), PHOTO_BOX.width, PHOTO_BOX.height) : null
    }),
  )
}

export const diaryPrintJob: JobKind<{ pdf: number }> = {
  kind: 'diary.print',
  maxAttempts: 3,
  // A day's diary is a few pages and at most six photos: seconds, like a thumbnail.
  lane: 'short',
  changesCachedReads: false,

  async run({ pdf: id }, { deps, commit }) {
    const pdf = await deps.db
      .selectFrom('diary_pdfs')
      .innerJoin('diary_days', 'diary_days.id', 'diary_pdfs.diary_id')
      .innerJoin('projects', 'projects.id', 'diary_days.project_id')
      .select([
        'diary_pdfs.id',
        'diary_pdfs.revision',
        'diary_pdfs.version',
        'diary_pdfs.code',
        'diary_pdfs.status',
        'diary_days.day',
        'diary_days.revision as current_revision',
        'diary_days.version as current_version',
        'projects.id as project_id',
        'projects.name as project_name',
      ])
      .where('diary_pdfs.id', '=', id)
      .executeTakeFirst()
    if (!pdf || pdf.status === 'ready') return
    const current = pdf.revision === pdf.current_revision
    const day = await readPrintedDay(
      deps,
      { id: pdf.project_id, name: pdf.project_name },
      pdf.day,
      current ? null : pdf.revision,
    )
    if (!day || (current && day.version !== pdf.version)) {
      // That state is gone (the day changed since): nothing to print for it.
      await commit((trx) => trx.deleteFrom('diary_pdfs').where('id', '=', id).execute())
      return
    }
    const scratch = await scratchFile(deps.config.dataDir, 'pdf')
    const key = newBlobKey('pdf')
    let stored = false
    try {
      const [logo, images] = await Promise.all([
        loadLogo(deps, day.firm.logoKey),
        printedImages(deps, day.photos),
      ])
      const rendered = await renderToFile(scratch, (out) =>
        writeDiaryPdf(out, {
          day,
          code: pdf.code,
          verifyUrl: `${deps.config.publicUrl ?? ''}${pathTo(verifyPage, { code: pdf.code })}`,
          logo,
          timeZone: deps.config.firmTimeZone,
          images,
        }),
      )
      await deps.store.put(key, 'private', { localFile: scratch })
      stored = true
      const named = await commit(async (trx) => {
        const res = await trx
          .updateTable('diary_pdfs')
          .set({
            status: 'ready',
            error: null,
            hash: day.hash,
            blob_key: key,
            pages: rendered.pages,
            size_bytes: rendered.size,
            sha256: rendered.sha256,
            finished_at: nowIso(),
          })
          .where('id', '=', id)
          .where('status', '=', 'queued')
          .executeTakeFirst()
        return Number(res.numUpdatedRows) === 1
      })
      if (!named) await deleteBlobsQuietly(deps, [{ key, visibility: 'private' }], 'of a dropped diary print')
    } catch (err) {
      if (stored)
        await deleteBlobsQuietly(deps, [{ key, visibility: 'private' }], 'of an unfinished diary print')
      throw err
    } finally {
      await fs.promises.rm(scratch, { force: true })
    }
  },

  async gaveUp({ pdf: id }, error, trx) {
    await trx
      .updateTable('diary_pdfs')
      .set({ status: 'failed', error: error.slice(0, 500), finished_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .execute()
  },
}
