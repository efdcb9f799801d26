import type { Kysely } from 'kysely'
import type { DiarySections, DiarySignature, DiaryStatus } from '../../../src/contracts/diary'
import { workItemLabel } from '../../../src/contracts/work-items'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { selectPhotos } from '../reports/report-selection'
import { readFirmSettings, type StoredFirmSettings } from '../settings/firm-settings'
import { diaryHash, readDiaryDay, supersededVersions } from './diary-store'

/*
 * What a printed diary day holds (issue 34, docs/decisions/0091-diary-pdf-and-weekly.md), read through
 * the diary's own reads (diary-store.ts): the current revision of a day, or a superseded one with its
 * signatures as they were signed. The diary keeps no choice of photos, so the print holds the day's
 * approved documentation photos taken that firm day, the first PRINTED_PHOTOS by time.
 */

export const PRINTED_PHOTOS = 6

export type PrintedPhoto = {
  imageId: number
  blobKey: string | null
  description: string
  time: string
  location: string | null
  workItem: string | null
}

export type PrintedDay = {
  projectId: number
  projectName: string
  contract: { number: string | null; contractor: string | null; owner: string | null }
  firm: StoredFirmSettings
  day: string
  revision: number
  /** The day's version counter when read (the current revision only; a superseded one: 0). */
  version: number
  status: DiaryStatus | 'superseded'
  /** The sha256 of the sections printed. */
  hash: string
  sections: DiarySections
  signatures: DiarySignature[]
  revisionReason: string | null
  /** Work item labels by id, for the work rows. */
  workItems: Map<number, string>
  photos: PrintedPhoto[]
}

type ProjectHead = { id: number; name: string }

export async function contractOf(db: Kysely<DB>, projectId: number) {
  const row = await db
    .selectFrom('project_contracts')
    .select(['number', 'contractor', 'owner'])
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return { number: row?.number ?? null, contractor: row?.contractor ?? null, owner: row?.owner ?? null }
}

async function workItemsOf(db: Kysely<DB>, sections: DiarySections) {
  const ids = [...new Set((sections.work ?? []).flatMap((w) => (w.work_item_id ? [w.work_item_id] : [])))]
  const names = new Map<number, string>()
  if (ids.length === 0) return names
  const rows = await db
    .selectFrom('work_items')
    .select(['id', 'name', 'code'])
    .where('id', 'in', ids)
    .execute()
  for (const r of rows) names.set(Number(r.id), workItemLabel(r))
  return names
}

/** The day's approved photos taken on it (the firm's day), earliest first, at most `max`. */
export async function dayPhotos(
  deps: Pick<Deps, 'db' | 'config'>,
  projectId: number,
  from: string,
  to: string,
  max: number,
): Promise<(PrintedPhoto & { day: string })[]> {
  const timeZone = deps.config.firmTimeZone
  const selected = await selectPhotos(deps.db, {
    projectId,
    from,
    to,
    workItemIds: null,
    include: 'approved',
    timeZone,
  })
  const chosen = selected.sort((a, b) => (a.wall < b.wall ? -1 : a.wall > b.wall ? 1 : 0)).slice(0, max)
  if (chosen.length === 0) return []
  const rows = await deps.db
    .selectFrom('doc_images')
    .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
    .select(['doc_images.id', 'doc_images.blob_key', 'docs.description', 'docs.location'])
    .where(
      'doc_images.id',
      'in',
      chosen.map((p) => p.imageId),
    )
    .execute()
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return chosen.map((p) => {
    const r = byId.get(p.imageId)
    return {
      imageId: p.imageId,
      blobKey: r?.blob_key ?? null,
      description: r?.description?.trim() || '(tanpa keterangan)',
      time: `${p.wall.slice(11, 13)}.${p.wall.slice(14, 16)}`,
      location: r?.location?.trim() || null,
      workItem: p.workItemName,
      day: p.day,
    }
  })
}

/**
 * A day as printed: `revision` null or the current one reads the day now; an older revision reads its
 * superseded copy. Undefined when the day was never written or that revision does not exist.
 */
export async function readPrintedDay(
  deps: Pick<Deps, 'db' | 'config'>,
  project: ProjectHead,
  day: string,
  revision: number | null,
): Promise<PrintedDay | undefined> {
  const current = await readDiaryDay(deps.db, project.id, day)
  if (current.version === 0) return undefined
  let head: Pick<PrintedDay, 'revision' | 'version' | 'status' | 'sections' | 'signatures' | 'revisionReason'>
  if (revision === null || revision === current.revision)
    head = {
      revision: current.revision,
      version: current.version,
      status: current.status,
      sections: current.sections,
      signatures: current.signatures,
      revisionReason: current.revision_reason,
    }
  else {
    const row = await deps.db
      .selectFrom('diary_days')
      .select('id')
      .where('project_id', '=', project.id)
      .where('day', '=', day)
      .executeTakeFirstOrThrow()
    const old = (await supersededVersions(deps.db, row.id)).find((v) => v.revision === revision)
    if (!old) return undefined
    head = {
      revision: old.revision,
      version: 0,
      status: 'superseded',
      sections: old.sections,
      signatures: old.signatures,
      revisionReason: null,
    }
  }
  const [contract, firm, workItems, photos] = await Promise.all([
    contractOf(deps.db, project.id),
    readFirmSettings(deps),
    workItemsOf(deps.db, head.sections),
    dayPhotos(deps, project.id, day, day, PRINTED_PHOTOS),
  ])
  return {
    projectId: project.id,
    projectName: project.name,
    contract,
    firm,
    day,
    ...head,
    hash: diaryHash(project.id, day, head.revision, head.sections),
    workItems,
    photos,
  }
}
