import fs from 'node:fs'
import { REPORT_MSG } from '../../../src/contracts/reports'
import { scratchFile } from '../../base/scratch'
import { nowIso } from '../../http'
import type { JobKind } from '../../jobs/job-kind'
import { newBlobKey } from '../../storage/blob-store'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { loadReport, renderReport } from './report-render'

/** The report was removed (or its project deleted) while it was being made: stop, nothing to keep. */
class ReportGone extends Error {
  constructor() {
    super('report removed while it was being made')
  }
}

/** Progress is written at most this often (a 1,000-photo report would otherwise write 1,000 times). */
const PROGRESS_EVERY_MS = 400

/**
 * 'report.render': makes a report's PDF (report-render.ts) in a scratch file, puts it into the blob
 * store under a fresh key and, in the job's own commit, marks the report ready with its pages, size and
 * SHA-256, only while the report is still there and not removed. A report removed meanwhile, or whose
 * project was deleted, ends the job quietly and its blob goes. The progress the list shows is written
 * as the photos are placed. After the last failed attempt the report is 'failed' with REPORT_MSG.failed.
 */
export const reportRenderJob: JobKind<{ report: number }> = {
  kind: 'report.render',
  maxAttempts: 3,
  // A report of 1,000 photos takes minutes: its lane is not the thumbnails' (job-kind.ts).
  lane: 'long',
  // Reports are in no cached answer (the project list, the dashboard).
  changesCachedReads: false,

  async run({ report: id }, { deps, commit, signal }) {
    const report = await loadReport(deps.db, id)
    if (!report || report.deleted_at !== null || report.status === 'ready') return
    if (!(await setProgress(deps.db, id, 0))) return

    const scratch = await scratchFile(deps.config.dataDir, 'pdf')
    const key = newBlobKey('pdf')
    let stored = false
    try {
      let last = Date.now()
      const rendered = await renderReport({
        deps,
        report,
        file: scratch,
        async onProgress(done, total) {
          if (signal.aborted) throw new Error('stopped while the report was being made')
          if (done < total && Date.now() - last < PROGRESS_EVERY_MS) return
          last = Date.now()
          // 95 at most: storing the file is the last step.
          if (!(await setProgress(deps.db, id, Math.floor((done / total) * 95)))) throw new ReportGone()
        },
      })
      await deps.store.put(key, 'private', { localFile: scratch })
      stored = true
      const named = await commit(async (trx) => {
        const res = await trx
          .updateTable('reports')
          .set({
            status: 'ready',
            progress: 100,
            error: null,
            blob_key: key,
            pages: rendered.pages,
            size_bytes: rendered.size,
            sha256: rendered.sha256,
            finished_at: nowIso(),
          })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
        return Number(res.numUpdatedRows) === 1
      })
      if (!named) await deleteBlobsQuietly(deps, [{ key, visibility: 'private' }], 'of a removed report')
      else
        void deps.events.publish({
          type: 'report_ready',
          actorId: null,
          projectId: report.project_id,
          reportId: id,
        })
    } catch (err) {
      if (stored) await deleteBlobsQuietly(deps, [{ key, visibility: 'private' }], 'of an unfinished report')
      if (err instanceof ReportGone) return
      throw err
    } finally {
      await fs.promises.rm(scratch, { force: true })
    }
  },

  async gaveUp({ report: id }, _error, trx, publish) {
    const failed = await trx
      .updateTable('reports')
      .set({ status: 'failed', error: REPORT_MSG.failed, finished_at: nowIso() })
      .where('id', '=', id)
      .where('status', '!=', 'ready')
      .where('deleted_at', 'is', null)
      .returning('project_id')
      .executeTakeFirst()
    if (failed) publish({ type: 'report_failed', actorId: null, projectId: failed.project_id, reportId: id })
  },
}

/** Running at `progress` percent; false when the report is gone or removed. */
async function setProgress(
  db: Parameters<typeof loadReport>[0],
  id: number,
  progress: number,
): Promise<boolean> {
  const res = await db
    .updateTable('reports')
    .set({ status: 'running', progress })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}
