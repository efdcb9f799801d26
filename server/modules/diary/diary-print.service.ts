import type { Kysely } from 'kysely'
import { type Actor, access } from '../../access'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import type { StoredFile } from '../../downloads'
import { AppError, notFound, nowIso } from '../../http'
import { newReportCode } from '../reports/report-create'
import { diaryPrintJob } from './diary-print-job'
import { assertDiaryDay, diaryHash, readDiaryDay } from './diary-store'

/*
 * GET /api/diary/{slug}/day/{day}/pdf (issue 34, decision 0091): the day's printed diary, made by the
 * job queue when first asked for, one PDF per state of the day (its revision and version) so a printed
 * copy keeps its own verification code and a superseded revision's PDF stays. `revision` names an older
 * revision (its last printed state, or its signed copy printed now). Until the file is ready the answer
 * is 409 PRINT_MSG.making with Retry-After, as a report being made answers its download.
 */

export const PRINT_MSG = {
  making: 'PDF laporan harian sedang dibuat. Coba lagi sebentar lagi.',
  empty: 'Laporan harian hari ini belum ditulis',
  noRevision: 'Revisi laporan harian ini tidak ada',
  revision: 'Revisi harus bilangan bulat positif',
} as const

/** Seconds a client waits before asking again. */
export const PRINT_RETRY_S = 3

export class DiaryPdfMaking extends AppError {
  constructor() {
    super(409, PRINT_MSG.making)
  }
}

async function freshCode(db: Kysely<DB>): Promise<string> {
  for (;;) {
    const code = newReportCode()
    const [report, pdf] = await Promise.all([
      db.selectFrom('reports').select('id').where('code', '=', code).executeTakeFirst(),
      db.selectFrom('diary_pdfs').select('id').where('code', '=', code).executeTakeFirst(),
    ])
    if (!report && !pdf) return code
  }
}

export async function diaryPdf(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  user: Actor,
  slug: string,
  day: string,
  revisionRef: string | undefined,
): Promise<StoredFile> {
  const project = await access.project(deps, user, slug, 'diary.read')
  assertDiaryDay(day, project, deps.config.firmTimeZone)
  if (revisionRef !== undefined && !/^[1-9]\d{0,5}$/.test(revisionRef))
    throw new AppError(422, PRINT_MSG.revision, { revision: PRINT_MSG.revision })
  const row = await deps.db
    .selectFrom('diary_days')
    .select(['id', 'revision', 'version'])
    .where('project_id', '=', project.id)
    .where('day', '=', day)
    .executeTakeFirst()
  if (!row || row.version === 0) throw notFound(PRINT_MSG.empty)
  const revision = revisionRef === undefined ? row.revision : Number(revisionRef)
  if (revision > row.revision) throw notFound(PRINT_MSG.noRevision)

  let pdf: Awaited<ReturnType<typeof findPdf>>
  if (revision === row.revision) pdf = await findPdf(deps.db, row.id, revision, row.version)
  else {
    const old = await deps.db
      .selectFrom('diary_versions')
      .select(['sections'])
      .where('diary_id', '=', row.id)
      .where('revision', '=', revision)
      .executeTakeFirst()
    if (!old) throw notFound(PRINT_MSG.noRevision)
    // A superseded revision: its newest ready print, else one printed from its signed copy now.
    pdf =
      (await deps.db
        .selectFrom('diary_pdfs')
        .selectAll()
        .where('diary_id', '=', row.id)
        .where('revision', '=', revision)
        .where('status', '=', 'ready')
        .orderBy('version', 'desc')
        .executeTakeFirst()) ?? (await findPdf(deps.db, row.id, revision, 0))
  }
  if (pdf?.status === 'ready' && pdf.blob_key)
    return {
      key: pdf.blob_key,
      visibility: 'private',
      name: `Laporan Harian ${project.name.replace(/[/\\:*?"<>|\p{Cc}]+/gu, '-').slice(0, 150)} ${day}${revision > 1 ? ` revisi ${revision}` : ''}.pdf`,
      mime: 'application/pdf',
      etag: pdf.sha256 ?? pdf.blob_key,
    }
  if (pdf?.status === 'queued') throw new DiaryPdfMaking()
  await queuePrint(deps, { id: row.id, projectId: project.id, day }, revision, pdf?.id ?? null)
  throw new DiaryPdfMaking()
}

function findPdf(db: Kysely<DB>, diaryId: number, revision: number, version: number) {
  return db
    .selectFrom('diary_pdfs')
    .selectAll()
    .where('diary_id', '=', diaryId)
    .where('revision', '=', revision)
    .where('version', '=', version)
    .executeTakeFirst()
}

/**
 * Queues the print of one state (a row made now, or a failed one tried again) with its job, in one
 * transaction; two processes asking at once make one row (the unique state), the other finds it.
 */
async function queuePrint(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  diary: { id: number; projectId: number; day: string },
  revision: number,
  failedId: number | null,
): Promise<void> {
  const current = await readDiaryDay(deps.db, diary.projectId, diary.day)
  let sections = current.sections
  let version = current.version
  if (revision !== current.revision) {
    const old = await deps.db
      .selectFrom('diary_versions')
      .select('sections')
      .where('diary_id', '=', diary.id)
      .where('revision', '=', revision)
      .executeTakeFirstOrThrow()
    sections = JSON.parse(old.sections)
    version = 0
  }
  const hash = diaryHash(diary.projectId, diary.day, revision, sections)
  const code = await freshCode(deps.db)
  await deps.db.transaction().execute(async (trx) => {
    let id = failedId
    if (id !== null)
      await trx
        .updateTable('diary_pdfs')
        .set({ status: 'queued', error: null })
        .where('id', '=', id)
        .execute()
    else {
      const made = await trx
        .insertInto('diary_pdfs')
        .values({
          diary_id: diary.id,
          revision,
          version,
          hash,
          code,
          status: 'queued',
          error: null,
          blob_key: null,
          pages: null,
          size_bytes: null,
          sha256: null,
          created_at: nowIso(),
          finished_at: null,
        })
        .onConflict((oc) => oc.columns(['diary_id', 'revision', 'version']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!made) return
      id = made.id
    }
    await deps.jobs.enqueue(trx, diaryPrintJob, { pdf: id })
  })
  deps.jobs.wake()
}
