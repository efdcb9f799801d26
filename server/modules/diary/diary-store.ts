import { createHash } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { DAY_MSG, isCalendarDay } from '../../../src/contracts/days'
import {
  DIARY_MSG,
  DIARY_SECTIONS,
  type DiaryDay,
  type DiarySection,
  type DiarySections,
  type DiarySignature,
  type DiaryStatus,
  emptyDiary,
  type SignerRole,
} from '../../../src/contracts/diary'
import type { ProjectRow } from '../../access'
import { firmDayOf } from '../../base/firm-clock'
import type { Dialect } from '../../db/dialect'
import type { DiaryDaysTable } from '../../db/diary-schema'
import type { DB } from '../../db/schema'
import { AppError } from '../../http'
import { canonicalJson } from '../../idempotency'

/*
 * The diary's rows and their one answer shape (docs/decisions/0089-daily-diary-server.md). Services and
 * the later PDF, verification and weekly report read a day through `readDiaryDay` / `diaryOf`, never
 * the tables themselves: what a day is (its sections, versions, signatures) is decided here.
 */

export type DiaryRow = Selectable<DiaryDaysTable>
export type SectionVersions = Record<DiarySection, number>

/** Every section at version 0. */
export const noVersions = (): SectionVersions =>
  Object.fromEntries(DIARY_SECTIONS.map((s) => [s, 0])) as SectionVersions

export function sectionsOf(row: Pick<DiaryRow, 'sections'>): DiarySections {
  return JSON.parse(row.sections) as DiarySections
}

export function versionsOf(row: Pick<DiaryRow, 'section_versions'>): SectionVersions {
  return { ...noVersions(), ...(JSON.parse(row.section_versions) as Partial<SectionVersions>) }
}

/** Who last changed each section and when (a section never written has no entry). */
export type SectionAuthors = Partial<Record<DiarySection, { by: string; at: string }>>

export function authorsOf(row: Pick<DiaryRow, 'section_authors'>): SectionAuthors {
  return JSON.parse(row.section_authors || '{}') as SectionAuthors
}

/**
 * The sha256 (hex) of exactly what is signed: the project, the day, the revision and the sections, as
 * canonical JSON (keys sorted). The same content always gives the same hash, whatever the key order.
 */
export function diaryHash(projectId: number, day: string, revision: number, sections: DiarySections): string {
  return createHash('sha256')
    .update(canonicalJson({ project_id: projectId, day, revision, sections }))
    .digest('hex')
}

/** The firm's calendar day now. */
export const firmToday = (timeZone: string, now = new Date()) => firmDayOf(now.toISOString(), timeZone)

/**
 * Refuses a day that has no diary: not a calendar day, in the future (the firm's day), or before the
 * project's start day. 422 with the Indonesian reason; nothing is read or written before it.
 */
export function assertDiaryDay(day: string, project: Pick<ProjectRow, 'start_day'>, timeZone: string): void {
  if (!isCalendarDay(day)) throw new AppError(422, DAY_MSG, { day: DAY_MSG })
  if (day > firmToday(timeZone)) throw new AppError(422, DIARY_MSG.future, { day: DIARY_MSG.future })
  if (project.start_day && day < project.start_day) {
    const message = DIARY_MSG.beforeStart(project.start_day)
    throw new AppError(422, message, { day: message })
  }
}

export async function findDiaryRow(
  db: Kysely<DB>,
  projectId: number,
  day: string,
): Promise<DiaryRow | undefined> {
  return db
    .selectFrom('diary_days')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('day', '=', day)
    .executeTakeFirst()
}

/**
 * The day's row inside a write's transaction, made (an empty draft, version 0) when the day was never
 * written, and locked on PostgreSQL so two writers of one day (in any two processes) go one after the
 * other; SQLite has one writer anyway.
 */
export async function lockDiaryRow(
  trx: Kysely<DB>,
  dialect: Dialect,
  projectId: number,
  day: string,
  by: { id: number | null; name: string },
): Promise<DiaryRow> {
  const now = new Date().toISOString()
  await trx
    .insertInto('diary_days')
    .values({
      project_id: projectId,
      day,
      status: 'draft',
      version: 0,
      revision: 1,
      sections: '{}',
      section_versions: JSON.stringify(noVersions()),
      hash: null,
      returned_note: null,
      revision_reason: null,
      created_at: now,
      updated_at: now,
      updated_by: by.id,
      updated_by_name: by.name,
    })
    .onConflict((oc) => oc.columns(['project_id', 'day']).doNothing())
    .execute()
  let q = trx.selectFrom('diary_days').selectAll().where('project_id', '=', projectId).where('day', '=', day)
  if (dialect === 'postgres') q = q.forUpdate()
  return q.executeTakeFirstOrThrow()
}

type SignatureRow = Selectable<DB['diary_signatures']>

const toSignature = (s: SignatureRow): DiarySignature => ({
  role: s.role as SignerRole,
  name: s.name,
  position: s.position,
  user_id: s.user_id,
  signed_at: s.signed_at,
  hash: s.hash,
  image: s.image,
})

export async function signaturesOf(
  db: Kysely<DB>,
  diaryId: number,
  revision: number,
): Promise<SignatureRow[]> {
  return db
    .selectFrom('diary_signatures')
    .selectAll()
    .where('diary_id', '=', diaryId)
    .where('revision', '=', revision)
    .orderBy('id')
    .execute()
}

/** The answer for a stored row (`signatures`: its current revision's). */
export function toDiaryDay(row: DiaryRow, signatures: readonly SignatureRow[]): DiaryDay {
  const written = row.version > 0
  return {
    day: row.day,
    status: row.status as DiaryStatus,
    version: row.version,
    revision: row.revision,
    sections: sectionsOf(row),
    section_versions: versionsOf(row),
    signatures: signatures.map(toSignature),
    hash: row.hash,
    returned_note: row.returned_note,
    revision_reason: row.revision_reason,
    updated_at: written ? row.updated_at : null,
    updated_by: written ? { id: row.updated_by, name: row.updated_by_name } : null,
  }
}

/**
 * A day as the app shows it: the stored diary with its current signatures, or the empty draft. The
 * read the PDF, the verification page and the weekly report use too.
 */
export async function readDiaryDay(db: Kysely<DB>, projectId: number, day: string): Promise<DiaryDay> {
  const row = await findDiaryRow(db, projectId, day)
  if (!row) return emptyDiary(day)
  return toDiaryDay(row, await signaturesOf(db, row.id, row.revision))
}

/** Signed revisions superseded by a correction, oldest first, with their signatures. */
export async function supersededVersions(db: Kysely<DB>, diaryId: number) {
  const rows = await db
    .selectFrom('diary_versions')
    .selectAll()
    .where('diary_id', '=', diaryId)
    .orderBy('revision')
    .execute()
  return Promise.all(
    rows.map(async (r) => ({
      revision: r.revision,
      sections: JSON.parse(r.sections) as DiarySections,
      hash: r.hash,
      superseded_at: r.superseded_at,
      reason: r.reason,
      signatures: (await signaturesOf(db, diaryId, r.revision)).map(toSignature),
    })),
  )
}

/** Whether the current revision has the two signatures that make a day 'signed'. */
export const fullySigned = (roles: readonly string[]) =>
  roles.includes('kontraktor') && roles.includes('pengawas')
