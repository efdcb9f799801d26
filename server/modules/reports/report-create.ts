import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import {
  defaultReportTitle,
  REPORT_CODE_ALPHABET,
  REPORT_MSG,
  type Report,
  type ReportCreate,
  weekOfPeriod,
} from '../../../src/contracts/reports'
import { type Actor, access } from '../../access'
import { type HistoryActor, recordHistory } from '../../base/audit'
import { firmDayOf } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import type { Claimed } from '../../idempotency'
import { assertWeek, weeklyReportTitle } from '../diary/diary-print-week-data'
import { reportRenderJob } from './report-render-job'
import { selectPhotos } from './report-selection'
import { reportRows, toReport } from './report-view'

/**
 * POST /api/report/{slug}/create (admins). The policy first, then the body; then one transaction: the
 * photos chosen (report-selection.ts), the report row with its verification code, exactly those photos
 * in report_photos, the history entry and the 'report.render' job. An empty period answers 422 before
 * anything is written or queued. Two admins asking at once each get their own report: nothing here is
 * shared but the code's uniqueness, which a fresh random code per report settles, and the project's
 * count of open reports (assertRoomForAnother).
 */
export async function createReport(
  deps: Pick<Deps, 'db' | 'config' | 'dialect'>,
  user: Actor & HistoryActor,
  slug: string,
  read: () => Promise<Claimed<ReportCreate>>,
): Promise<Report> {
  const project = await access.project(deps, user, slug, 'report.manage')
  const { input, tx } = await read()
  const trx = tx.trx
  const workItemIds = input.work_item_ids?.length
    ? [...new Set(input.work_item_ids)].sort((a, b) => a - b)
    : null
  if (workItemIds) await assertWorkItems(trx, project.id, workItemIds)

  const timeZone = deps.config.firmTimeZone
  assertNotFuture(input.to, timeZone)
  await assertRoomForAnother(trx, deps.dialect, project.id)
  const photos = await selectPhotos(trx, {
    projectId: project.id,
    from: input.from,
    to: input.to,
    workItemIds,
    include: input.include,
    timeZone,
  })
  if (input.kind === 'mingguan') await assertWeek(trx, project.id, input, photos.length)
  else if (photos.length === 0) throw new AppError(422, REPORT_MSG.empty, { to: REPORT_MSG.empty })

  // Weeks count from the project's start day (the contract's), else from the day it was made.
  const week = weekOfPeriod(
    project.start_day ?? firmDayOf(project.created_at, timeZone),
    input.from,
    input.to,
  )
  const title =
    input.title ||
    (input.kind === 'mingguan'
      ? weeklyReportTitle(project.name, week, input.from, input.to)
      : defaultReportTitle(project.name, week, input.from, input.to))
  const row = await trx
    .insertInto('reports')
    .values({
      project_id: project.id,
      code: await freshCode(trx),
      title,
      kind: input.kind,
      period_from: input.from,
      period_to: input.to,
      work_item_ids: workItemIds ? JSON.stringify(workItemIds) : null,
      include: input.include,
      per_page: input.per_page,
      status: 'queued',
      progress: 0,
      error: null,
      photo_count: photos.length,
      pages: null,
      blob_key: null,
      size_bytes: null,
      sha256: null,
      recap_id: null,
      created_by: user.id,
      created_at: nowIso(),
      finished_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // In chunks: one INSERT of 1,000 rows x 6 values stays under SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < photos.length; i += 500)
    await trx
      .insertInto('report_photos')
      .values(
        photos.slice(i, i + 500).map((p, j) => ({
          report_id: row.id,
          position: i + j + 1,
          doc_id: p.docId,
          doc_image_id: p.imageId,
          sha256: p.sha256,
          taken_at: p.takenAt,
        })),
      )
      .execute()
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'create',
    object: { kind: 'report', id: String(row.id), name: title },
    detail: {
      period: `${input.from} - ${input.to}`,
      photos: photos.length,
      include: input.include,
      ...(input.kind === 'mingguan' ? { kind: input.kind } : {}),
    },
  })
  await tx.enqueue(reportRenderJob, { report: row.id })
  return toReport(await reportRows(trx).where('reports.id', '=', row.id).executeTakeFirstOrThrow())
}

/** Reports of one project queued or being made at once; one more answers 429 until one is done. */
export const OPEN_REPORTS_PER_PROJECT = 3

export const reportsBusy = (open: number) =>
  `Masih ada ${open} laporan yang sedang disusun untuk project ini; tunggu hingga selesai`

/**
 * Issue 31: twenty reports of 1,000 photos were accepted in a second and kept the queue busy for many
 * minutes. Open reports are counted in the database (several processes serve one project). Two creates
 * at once must not both see room for one: on PostgreSQL they queue on a lock of this project held to
 * the commit; SQLite's transactions take its one write lock at their start (sqlite-immediate.ts).
 */
async function assertRoomForAnother(trx: Kysely<DB>, dialect: Deps['dialect'], projectId: number) {
  if (dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(${OPEN_REPORTS_LOCK}::integer, ${projectId}::integer)`.execute(trx)
  const row = await trx
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll().as('open'))
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow()
  const open = Number(row.open)
  if (open >= OPEN_REPORTS_PER_PROJECT)
    throw new AppError(429, reportsBusy(open), undefined, { 'Retry-After': '30' })
}

/** The advisory lock class of a project's report creates (any fixed number, unique to this use). */
const OPEN_REPORTS_LOCK = 310_073

/**
 * A report covers days that have happened (issue 30): one reaching past the firm's today would be
 * titled as a whole week while holding part of it, and would look complete when it is not.
 */
export function assertNotFuture(to: string, timeZone: string) {
  if (to > firmDayOf(nowIso(), timeZone))
    throw new AppError(422, REPORT_MSG.future, { to: REPORT_MSG.future })
}

async function assertWorkItems(db: Kysely<DB>, projectId: number, ids: number[]) {
  const found = await db
    .selectFrom('work_items')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute()
  if (found.length !== ids.length)
    throw new AppError(422, REPORT_MSG.workItemNotFound, { work_item_ids: REPORT_MSG.workItemNotFound })
}

/** 12 Crockford base32 characters (60 random bits) as XXXX-XXXX-XXXX. */
export function newReportCode(): string {
  const bytes = randomBytes(12)
  let raw = ''
  for (const b of bytes) raw += REPORT_CODE_ALPHABET[b & 31]
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
}

/**
 * A code no report has: a clash is a 1 in 2^60 event per pair, but it is looked up rather than left to
 * the unique index, whose violation would abort the whole PostgreSQL transaction.
 */
async function freshCode(db: Kysely<DB>): Promise<string> {
  for (;;) {
    const code = newReportCode()
    const taken = await db.selectFrom('reports').select('id').where('code', '=', code).executeTakeFirst()
    if (!taken) return code
  }
}
