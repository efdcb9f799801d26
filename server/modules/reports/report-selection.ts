import type { Kysely } from 'kysely'
import type { ReportInclude } from '../../../src/contracts/reports'
import { firmDayOf, firmDayStart, firmWallClock, photoTime } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import { livePhotos } from '../documentation/live-photos'

/*
 * Which photos a report holds (docs/decisions/0065): every photo of the current version of the
 * project's documentation items that are not in the trash, whose item is approved (or any status with
 * include 'all'), of the chosen work items (all, and items without one, when none were chosen), taken
 * on a day of the period in the firm's time zone. A photo's time is its capture time (`taken_at`), or
 * the item's upload time when the camera gave none; a capture time without a zone is the camera's clock,
 * read as the firm's. Ordered as the report shows them: by work item (in the order admins gave them,
 * issue 30; items without one last), then by day, then by time.
 */

export type SelectedPhoto = {
  docId: number
  imageId: number
  sha256: string | null
  takenAt: string | null
  workItem: number | null
  workItemName: string | null
  /** The work item's place in the project's order (null without one). */
  workItemPosition: number | null
  /** The firm's day and wall clock of the photo's time. */
  day: string
  wall: string
}

export type Selection = {
  projectId: number
  from: string
  to: string
  workItemIds: number[] | null
  include: ReportInclude
  timeZone: string
}

const DAY_MS = 86_400_000
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)

export async function selectPhotos(db: Kysely<DB>, s: Selection): Promise<SelectedPhoto[]> {
  // A day either side of the period in SQL (zoneless wall-clock times and UTC text compare in order,
  // off by at most the zone's offset); the exact firm day is decided below.
  const low = new Date(firmDayStart(s.from, s.timeZone).getTime() - DAY_MS).toISOString()
  const high = new Date(firmDayStart(nextDay(s.to), s.timeZone).getTime() + DAY_MS).toISOString()
  let q = livePhotos(db, s.projectId)
    .leftJoin('work_items', 'work_items.id', 'docs.work_item_id')
    .select([
      'docs.id as doc_id',
      'doc_images.id as image_id',
      'doc_images.position',
      'doc_images.sha256',
      'doc_images.taken_at',
      'docs.created_at',
      'work_items.id as work_item_id',
      'work_items.name as work_item_name',
      'work_items.position as work_item_position',
    ])
    .where((eb) => eb(eb.fn.coalesce('doc_images.taken_at', 'docs.created_at'), '>=', low))
    .where((eb) => eb(eb.fn.coalesce('doc_images.taken_at', 'docs.created_at'), '<', high))
  if (s.include === 'approved') q = q.where('docs.status', '=', 'approved')
  if (s.workItemIds) q = q.where('docs.work_item_id', 'in', s.workItemIds)
  const rows = await q.execute()

  const photos: (SelectedPhoto & { position: number })[] = []
  for (const r of rows) {
    // The one rule of server/base/firm-clock.ts, which the Dokumentasi list and its filters use too.
    const time = photoTime(r.taken_at, r.created_at)
    const wall = firmWallClock(time, s.timeZone)
    const day = firmDayOf(time, s.timeZone)
    if (day < s.from || day > s.to) continue
    photos.push({
      docId: Number(r.doc_id),
      imageId: Number(r.image_id),
      position: Number(r.position),
      sha256: r.sha256 && /^[0-9a-f]{64}$/.test(r.sha256) ? r.sha256 : null,
      takenAt: r.taken_at,
      workItem: r.work_item_id === null ? null : Number(r.work_item_id),
      workItemName: r.work_item_name,
      workItemPosition: r.work_item_position === null ? null : Number(r.work_item_position),
      day,
      wall,
    })
  }
  return photos.sort(reportOrder)
}

type Ordered = Pick<SelectedPhoto, 'workItem' | 'workItemPosition' | 'wall' | 'docId'> & { position: number }

/** Work items in the project's order (without one last), then day, then time, then item and photo order. */
export function reportOrder(a: Ordered, b: Ordered): number {
  if (a.workItem !== b.workItem) {
    if (a.workItem === null) return 1
    if (b.workItem === null) return -1
    const byPlace = (a.workItemPosition ?? 0) - (b.workItemPosition ?? 0)
    return byPlace !== 0 ? byPlace : a.workItem - b.workItem
  }
  if (a.wall !== b.wall) return a.wall < b.wall ? -1 : 1
  if (a.docId !== b.docId) return a.docId - b.docId
  return a.position - b.position
}

/** Photos per work item for the cover's table, in report order. */
export function countsByWorkItem<T extends { workItem: number | null; workItemName: string | null }>(
  photos: readonly T[],
): { workItem: number | null; name: string | null; count: number }[] {
  const out: { workItem: number | null; name: string | null; count: number }[] = []
  for (const p of photos) {
    const last = out[out.length - 1]
    if (last && last.workItem === p.workItem) last.count += 1
    else out.push({ workItem: p.workItem, name: p.workItemName, count: 1 })
  }
  return out
}
