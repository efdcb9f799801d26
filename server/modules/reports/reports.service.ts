import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { REPORT_MSG, type Report } from '../../../src/contracts/reports'
import { type Actor, access } from '../../access'
import { recordHistory } from '../../base/audit'
import { scratchFile } from '../../base/scratch'
import type { UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import type { StoredFile } from '../../downloads'
import { AppError, nowIso } from '../../http'
import type { Tx } from '../../idempotency'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { recapUpload } from '../recaps/recaps.service'
import { findReport, reportRows, toReport } from './report-view'

/*
 * A project's reports once made (report-create.ts makes them): the list, the download, 'Simpan ke
 * Rekap' and removal. The policy first, always: 'report.manage' (admins) for everything but the
 * download, which every member of the project may use ('report.read').
 */

/** GET /api/report/{slug}/list: newest first, removed ones left out. */
export async function listReports(deps: Pick<Deps, 'db'>, user: Actor, slug: string): Promise<Report[]> {
  const project = await access.project(deps, user, slug, 'report.manage')
  const rows = await reportRows(deps.db)
    .where('reports.project_id', '=', project.id)
    .where('reports.deleted_at', 'is', null)
    .orderBy('reports.id', 'desc')
    .limit(200)
    .execute()
  return rows.map(toReport)
}

/** The PDF's file name: the title, without what a file name may not hold. */
export function reportFileName(title: string): string {
  const base =
    title
      .replace(/[/\\:*?"<>|\p{Cc}]+/gu, '-')
      .trim()
      .slice(0, 200) || 'Laporan'
  return `${base}.pdf`
}

function notReady(status: Report['status']) {
  return new AppError(409, status === 'failed' ? REPORT_MSG.failed : REPORT_MSG.notReady)
}

/** GET /api/report/{slug}/download/{id}: a ready report's PDF (the route streams it, with ranges). */
export async function reportDownload(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  id: string,
): Promise<StoredFile> {
  const project = await access.project(deps, user, slug, 'report.read')
  const row = await findReport(deps.db, project.id, id)
  if (row.status !== 'ready' || !row.blob_key) throw notReady(row.status)
  return {
    key: row.blob_key,
    visibility: 'private',
    name: reportFileName(row.title),
    mime: 'application/pdf',
    etag: row.sha256 ?? row.blob_key,
  }
}

/**
 * POST /api/report/{slug}/to-rekap/{id} ('Simpan ke Rekap'): the PDF becomes a Rekap file through the
 * recap upload's own store step (its row, counters, history entry and place in the project zip), in
 * the transaction `claim` opens. Once per report: a second time answers 409 REPORT_MSG.alreadyInRecap,
 * unless that Rekap file was deleted since. Two admins at once: the report's conditional update lets
 * one through; the other's transaction rolls back with its copy of the blob.
 */
export async function reportToRecap(
  deps: Deps,
  user: UserRow,
  slug: string,
  id: string,
  claim: (payload: unknown) => Promise<Tx>,
): Promise<Report> {
  const project = await access.project(deps, user, slug, 'report.manage')
  const row = await findReport(deps.db, project.id, id)
  if (row.status !== 'ready' || !row.blob_key) throw notReady(row.status)
  if (row.saved_recap_id !== null) throw alreadyInRecap()

  const copy = await scratchFile(deps.config.dataDir, 'pdf')
  try {
    const blob = await deps.store.get(row.blob_key, 'private')
    if (!blob) throw new AppError(404, REPORT_MSG.notFound)
    const hash = createHash('sha256')
    blob.stream.on('data', (chunk: Buffer) => hash.update(chunk))
    await pipeline(blob.stream, fs.createWriteStream(copy))
    const name = reportFileName(row.title)
    const file = {
      field: 'file',
      name,
      kind: 'pdf' as const,
      ext: 'pdf',
      mime: 'application/pdf',
      size: blob.total,
      sha256: hash.digest('hex'),
      path: copy,
    }
    const tx = await claim({ report: row.id })
    const recap = await recapUpload.store(deps, tx, { user, project }, { file, name })
    const res = await tx.trx
      .updateTable('reports')
      .set({ recap_id: recap.id })
      .where('id', '=', row.id)
      .where('deleted_at', 'is', null)
      .where((eb) => (row.recap_id === null ? eb('recap_id', 'is', null) : eb('recap_id', '=', row.recap_id)))
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw alreadyInRecap()
    return toReport(await reportRows(tx.trx).where('reports.id', '=', row.id).executeTakeFirstOrThrow())
  } finally {
    await fs.promises.rm(copy, { force: true })
  }
}

const alreadyInRecap = () => new AppError(409, REPORT_MSG.alreadyInRecap)

/**
 * DELETE /api/report/{slug}/remove/{id}: the row stays, marked removed, so its verification code keeps
 * saying the report is no longer valid; its PDF goes once that committed. A report still being made is
 * stopped by its job, which finds it removed. A copy saved to Rekap stays there (it is its own file).
 */
export async function removeReport(
  deps: Pick<Deps, 'db' | 'store' | 'logger'>,
  user: Actor,
  slug: string,
  id: string,
): Promise<void> {
  const project = await access.project(deps, user, slug, 'report.manage')
  const row = await findReport(deps.db, project.id, id)
  const removed = await deps.db.transaction().execute(async (trx) => {
    // The key as the update found it: a job that finished a moment before has just set it.
    const gone = await trx
      .updateTable('reports')
      .set({ deleted_at: nowIso() })
      .where('id', '=', row.id)
      .where('deleted_at', 'is', null)
      .returning('blob_key')
      .executeTakeFirst()
    if (!gone) throw new AppError(404, REPORT_MSG.notFound)
    await trx.updateTable('reports').set({ blob_key: null }).where('id', '=', row.id).execute()
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'delete',
      object: { kind: 'report', id: String(row.id), name: row.title },
      detail: { code: row.code },
    })
    return gone.blob_key
  })
  if (removed)
    await deleteBlobsQuietly(deps, [{ key: removed, visibility: 'private' }], 'of a removed report')
}
