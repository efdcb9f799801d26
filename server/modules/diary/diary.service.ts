import type { Kysely } from 'kysely'
import { dayLabel } from '../../../src/contracts/days'
import {
  DIARY_MSG,
  DIARY_SECTIONS,
  type DiaryClash,
  type DiaryDay,
  DiaryDaysQuerySchema,
  type DiaryListItem,
  type DiaryPut,
  type DiarySection,
  type DiaryStatus,
  type SignerRole,
} from '../../../src/contracts/diary'
import { type Actor, access } from '../../access'
import { type HistoryActor, recordHistory } from '../../base/audit'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, nowIso, validate } from '../../http'
import { type Claimed, canonicalJson } from '../../idempotency'
import {
  assertDiaryDay,
  authorsOf,
  lockDiaryRow,
  readDiaryDay,
  sectionsOf,
  signaturesOf,
  toDiaryDay,
  versionsOf,
} from './diary-store'

/*
 * Reading and writing a day (issue 34, docs/decisions/0089-daily-diary-server.md). A PUT replaces the
 * sections it names; each section keeps the day's version at which it last changed. A named section
 * clashes when the stored one changed after the writer's base for it and differs from what the writer
 * sends: then the whole PUT is refused (409 with both copies of each clashing section) and nothing of
 * it is stored, so the writer chooses per section and sends again with the stored version as its base.
 */

export type User = Actor & HistoryActor

/**
 * What the history calls a diary day: kind 'diary', named by its day (the screen and riwayat.csv put
 * 'Laporan Harian' before it; decision 0089).
 */
export const diaryObject = (day: string) => ({
  kind: 'diary' as const,
  id: `diary:${day}`,
  name: dayLabel(day),
})

/** The 409 of a PUT with clashing sections; the route answers it with both copies. */
export class DiaryClashError extends Error {
  constructor(
    readonly clashes: DiaryClash[],
    readonly day: DiaryDay,
  ) {
    super(DIARY_MSG.conflict)
  }
}

const MAX_RANGE_DAYS = 92

export async function getDiaryDay(deps: Pick<Deps, 'db' | 'config'>, user: Actor, slug: string, day: string) {
  const project = await access.project(deps, user, slug, 'diary.read')
  assertDiaryDay(day, project, deps.config.firmTimeZone)
  return readDiaryDay(deps.db, project.id, day)
}

export async function listDiaryDays(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  query: { from?: string; to?: string },
): Promise<DiaryListItem[]> {
  const project = await access.project(deps, user, slug, 'diary.read')
  const { from, to } = validate(DiaryDaysQuerySchema, { from: query.from ?? '', to: query.to ?? '' })
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000
  if (span < 0)
    throw new AppError(422, 'Tanggal akhir harus sesudah tanggal awal', {
      to: 'Tanggal akhir harus sesudah tanggal awal',
    })
  if (span > MAX_RANGE_DAYS) {
    const message = `Rentang maksimal ${MAX_RANGE_DAYS} hari`
    throw new AppError(422, message, { to: message })
  }
  const rows = await deps.db
    .selectFrom('diary_days')
    .select(['id', 'day', 'status', 'version', 'revision', 'updated_at'])
    .where('project_id', '=', project.id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('version', '>', 0)
    .orderBy('day', 'desc')
    .execute()
  const signed = await signedRoles(deps.db, rows)
  return rows.map((r) => ({
    day: r.day,
    status: r.status as DiaryStatus,
    version: r.version,
    revision: r.revision,
    signed: signed.get(`${r.id}:${r.revision}`) ?? [],
    updated_at: r.updated_at,
  }))
}

async function signedRoles(db: Kysely<DB>, rows: readonly { id: number; revision: number }[]) {
  const out = new Map<string, SignerRole[]>()
  if (rows.length === 0) return out
  const sigs = await db
    .selectFrom('diary_signatures')
    .select(['diary_id', 'revision', 'role'])
    .where(
      'diary_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute()
  for (const s of sigs) {
    const key = `${s.diary_id}:${s.revision}`
    out.set(key, [...(out.get(key) ?? []), s.role as SignerRole])
  }
  return out
}

/** Refuses a write to a day that is frozen for signing or signed. */
export function assertEditable(status: string): void {
  // 423, not 409: retrying the same bytes cannot help until the day is returned or revised, so a queued
  // save is kept as refused with this message (the outbox retries a 409) instead of holding back the
  // items queued after it.
  if (status === 'signed') throw new AppError(423, DIARY_MSG.locked)
  if (status === 'submitted') throw new AppError(423, DIARY_MSG.submittedLocked)
}

export async function saveDiaryDay(
  deps: Deps,
  user: User,
  slug: string,
  day: string,
  read: () => Promise<Claimed<DiaryPut>>,
): Promise<DiaryDay> {
  const project = await access.project(deps, user, slug, 'diary.write')
  assertDiaryDay(day, project, deps.config.firmTimeZone)
  const { input, tx } = await read()
  const trx = tx.trx
  const row = await lockDiaryRow(trx, deps.dialect, project.id, day, user)
  assertEditable(row.status)

  const stored = sectionsOf(row) as Record<string, unknown>
  const versions = versionsOf(row)
  const authors = authorsOf(row)
  const incoming = input.sections as Record<string, unknown>
  const named = DIARY_SECTIONS.filter((s) => incoming[s] !== undefined)
  const same = (s: DiarySection) => canonicalJson(stored[s] ?? null) === canonicalJson(incoming[s])

  const clashes: DiaryClash[] = []
  for (const s of named) {
    const base = input.base_versions?.[s] ?? input.base_version
    if (versions[s] > base && !same(s))
      clashes.push({
        section: s,
        theirs: incoming[s],
        stored: stored[s] ?? null,
        stored_version: versions[s],
        // The section's own last writer: the day's may have changed another section since.
        updated_by: authors[s]?.by ?? (row.updated_by_name || null),
        updated_at: authors[s]?.at ?? row.updated_at,
      })
  }
  if (clashes.length > 0)
    throw new DiaryClashError(clashes, toDiaryDay(row, await signaturesOf(trx, row.id, row.revision)))

  const changed = named.filter((s) => !same(s))
  if (changed.length === 0) return toDiaryDay(row, await signaturesOf(trx, row.id, row.revision))

  const version = row.version + 1
  const now = nowIso()
  for (const s of changed) {
    stored[s] = incoming[s]
    versions[s] = version
    authors[s] = { by: user.name, at: now }
  }
  await trx
    .updateTable('diary_days')
    .set({
      sections: JSON.stringify(stored),
      section_versions: JSON.stringify(versions),
      section_authors: JSON.stringify(authors),
      version,
      updated_at: now,
      updated_by: user.id,
      updated_by_name: user.name,
    })
    .where('id', '=', row.id)
    .execute()
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'edit',
    object: diaryObject(day),
    detail: { sections: changed, version },
  })
  const saved = {
    ...row,
    sections: JSON.stringify(stored),
    section_versions: JSON.stringify(versions),
    version,
    updated_at: now,
    updated_by: user.id,
    updated_by_name: user.name,
  }
  return toDiaryDay(saved, await signaturesOf(trx, row.id, row.revision))
}
