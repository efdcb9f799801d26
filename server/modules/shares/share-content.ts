import { type Kysely, type Selectable, sql } from 'kysely'
import { periodLabel } from '../../../src/contracts/days'
import type { ShareState } from '../../../src/contracts/shares'
import type { DB, SharesTable } from '../../db/schema'
import { selectPhotos } from '../reports/report-selection'

/*
 * What a share link holds, read the same way by the public page, its data call and its photo URLs: a
 * report's photos (report_photos, as chosen when the report was made), or the approved documentation of
 * a period (live, by the report's own rule: a photo approved later joins, one trashed leaves).
 */

export type ShareRow = Selectable<SharesTable>

export function shareState(row: Pick<ShareRow, 'revoked_at' | 'expires_at'>, now = Date.now()): ShareState {
  if (row.revoked_at) return 'revoked'
  return Date.parse(row.expires_at) <= now ? 'expired' : 'active'
}

export const parseIds = (json: string | null): number[] | null => {
  if (!json) return null
  const ids = JSON.parse(json) as number[]
  return ids.length > 0 ? ids : null
}

export type Period = { from: string; to: string; workItemIds: number[] | null }

/**
 * The photos of a period link, in the report's order: the same rule a report uses to choose its photos
 * (docs/decisions/0065: approved, not trashed, current version, the chosen work items, taken on one of
 * the period's days in the firm's time zone, else uploaded on one), so a period link and a report of
 * the same period hold the same photos.
 */
export function periodPhotoIds(db: Kysely<DB>, projectId: number, period: Period, timeZone: string) {
  return selectPhotos(db, { projectId, ...period, include: 'approved', timeZone }).then((photos) =>
    photos.map((p) => p.imageId),
  )
}

export type SharePhotoRow = {
  image_id: number
  ext: string
  blob_key: string
  thumb_key: string | null
  thumb_state: string
  width: number | null
  height: number | null
  taken_at: string | null
  uploaded_at: string
  description: string
  status: 'pending' | 'approved' | 'rejected'
  location: string | null
  progress: number | null
  work_item: string | null
  uploader: string
}

const PHOTO_COLUMNS = [
  'doc_images.id as image_id',
  'doc_images.ext',
  'doc_images.blob_key',
  'doc_images.thumb_key',
  'doc_images.thumb_state',
  'doc_images.width',
  'doc_images.height',
  'doc_images.taken_at',
  sql<string>`coalesce(doc_images.received_at, docs.created_at)`.as('uploaded_at'),
  'docs.description',
  'docs.status',
  'docs.location',
  'docs.progress',
  'work_items.name as work_item',
  'users.name as uploader',
] as const

/**
 * The photos a link shows, in order; `imageId` narrows to one (the photo URL's check that the image is
 * the link's). A report's photo whose item went to the trash since is not shown (the PDF keeps it).
 */
export async function sharePhotos(
  db: Kysely<DB>,
  share: ShareRow,
  timeZone: string,
  imageId?: number,
): Promise<SharePhotoRow[]> {
  if (share.report_id !== null) {
    let q = db
      .selectFrom('report_photos')
      .innerJoin('doc_images', 'doc_images.id', 'report_photos.doc_image_id')
      .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
      .innerJoin('users', 'users.id', 'docs.creator_id')
      .leftJoin('work_items', 'work_items.id', 'docs.work_item_id')
      .select(PHOTO_COLUMNS)
      .where('report_photos.report_id', '=', share.report_id)
      .where('docs.deleted_at', 'is', null)
    if (imageId !== undefined) q = q.where('doc_images.id', '=', imageId)
    return (await q.orderBy('report_photos.position').execute()) as SharePhotoRow[]
  }
  const period: Period = {
    from: share.period_from ?? '',
    to: share.period_to ?? '',
    workItemIds: parseIds(share.work_item_ids),
  }
  const ids = await periodPhotoIds(db, share.project_id, period, timeZone)
  const wanted = imageId === undefined ? ids : ids.filter((id) => id === imageId)
  if (wanted.length === 0) return []
  const rows = (await db
    .selectFrom('doc_images')
    .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
    .innerJoin('users', 'users.id', 'docs.creator_id')
    .leftJoin('work_items', 'work_items.id', 'docs.work_item_id')
    .select(PHOTO_COLUMNS)
    .where('doc_images.id', 'in', wanted)
    .execute()) as SharePhotoRow[]
  const byId = new Map(rows.map((r) => [Number(r.image_id), r]))
  return wanted.flatMap((id) => byId.get(id) ?? [])
}

/** The link's report (title, code, PDF) when it is a report's link; null otherwise. */
export async function shareReport(db: Kysely<DB>, share: ShareRow) {
  if (share.report_id === null) return null
  return (
    (await db
      .selectFrom('reports')
      .select([
        'id',
        'title',
        'code',
        'status',
        'blob_key',
        'pages',
        'size_bytes',
        'period_from',
        'period_to',
        'deleted_at',
      ])
      .where('id', '=', share.report_id)
      .executeTakeFirst()) ?? null
  )
}

/** A period link's title on its page and in its WhatsApp message (the project is named beside it). */
export const periodTitle = (from: string, to: string) => `Dokumentasi Foto ${periodLabel(from, to)}`
