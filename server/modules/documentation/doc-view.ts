import type { ExpressionBuilder, Kysely, Selectable } from 'kysely'
import { DOC_MSG, type Doc, type DocImage } from '../../../src/contracts/documentation'
import { pathTo } from '../../../src/contracts/endpoint'
import { parseId } from '../../../src/contracts/ids'
import { storageBlob } from '../../../src/contracts/public-paths'
import type { DB, DocImagesTable } from '../../db/schema'
import { notFound } from '../../http'
import { photoSite, siteFrom } from './doc-site'
import { currentPhotos } from './live-photos'

/* How documentation items are read back: by reference, and as the API shows them (documentation.service.ts, doc-upload.service.ts). */

/** The documentation item `ref` (uuid or id) of a project, or 404 (an item in the trash too). */
export async function findDoc(db: Kysely<DB>, projectId: number, ref: string) {
  const id = parseId(ref)
  const row = await db
    .selectFrom('docs')
    .select(['id', 'uuid', 'status', 'project_id', 'creator_id', 'description', 'version'])
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .where(id !== undefined ? 'id' : 'uuid', '=', id ?? ref)
    .executeTakeFirst()
  if (!row) throw notFound(DOC_MSG.notFound)
  return row
}

/**
 * Items with their images, like and comment counts and the caller's like, in two queries whatever the
 * number of items: the counts are correlated subqueries over the (doc_id, ...) keys of doc_likes and
 * doc_comments, and the images of every item come in one query.
 */
export function docsQuery(db: Kysely<DB>, viewerId: number) {
  return db
    .selectFrom('docs')
    .innerJoin('users', 'users.id', 'docs.creator_id')
    .leftJoin('work_items', 'work_items.id', 'docs.work_item_id')
    .select([
      'docs.id',
      'docs.uuid',
      'docs.description',
      'docs.status',
      'docs.created_at',
      'docs.taken_at',
      'docs.location',
      'docs.progress',
      'docs.review_note',
      'docs.version',
      'work_items.id as work_item_id',
      'work_items.name as work_item_name',
      'users.id as creator_id',
      'users.name as creator_name',
      'users.role as creator_role',
    ])
    .select((eb) => [
      eb
        .selectFrom('doc_likes')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('doc_likes.doc_id', '=', 'docs.id')
        .as('likes'),
      eb
        .selectFrom('doc_comments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('doc_comments.doc_id', '=', 'docs.id')
        .as('comments'),
      eb
        .exists(
          eb
            .selectFrom('doc_likes')
            .select('doc_likes.doc_id')
            .whereRef('doc_likes.doc_id', '=', 'docs.id')
            .where('doc_likes.user_id', '=', viewerId),
        )
        .as('is_liked'),
    ])
}

type JoinedDB = DB & { oi: DB['doc_images']; od: DB['docs'] }
type DocRow = Awaited<ReturnType<ReturnType<typeof docsQuery>['execute']>>[number]

/**
 * The grid's image: the thumbnail once its job made it; null while it is being made (the client shows a
 * neutral placeholder and asks again); the original when the photo would not decode into one.
 */
function thumbOf(i: Selectable<DocImagesTable>): Pick<DocImage, 'thumb' | 'thumb_width' | 'thumb_height'> {
  if (i.thumb_state === 'ready' && i.thumb_key)
    return {
      thumb: pathTo(storageBlob, { key: i.thumb_key }),
      thumb_width: i.thumb_width,
      thumb_height: i.thumb_height,
    }
  if (i.thumb_state === 'pending') return { thumb: null, thumb_width: null, thumb_height: null }
  return { thumb: pathTo(storageBlob, { key: i.blob_key }), thumb_width: i.width, thumb_height: i.height }
}

/**
 * An earlier upload of the same bytes (issue 30: evidence must not count twice): the first item of the
 * project, older than this one and not in the trash, whose current photos include one with this SHA-256
 * (the doc_images_sha256 index). `column` picks what is told of it.
 */
function earlierCopy(
  eb: ExpressionBuilder<JoinedDB, 'doc_images' | 'docs'>,
  column: 'od.uuid' | 'od.created_at',
) {
  return eb
    .selectFrom('doc_images as oi')
    .innerJoin('docs as od', 'od.id', 'oi.doc_id')
    .select(column)
    .whereRef('oi.sha256', '=', 'doc_images.sha256')
    .where('oi.sha256', '<>', 'missing')
    .whereRef('oi.version', '=', 'od.version')
    .whereRef('od.project_id', '=', 'docs.project_id')
    .whereRef('od.id', '<', 'docs.id')
    .where('od.deleted_at', 'is', null)
    .orderBy('od.id')
    .limit(1)
}

export async function withImages(db: Kysely<DB>, rows: DocRow[]): Promise<Doc[]> {
  if (rows.length === 0) return []
  // The current version's photos only; earlier versions' stay stored for the history.
  // The project's site as it is now (issue 34): each photo's distance is computed here, never stored.
  const images = await currentPhotos(db)
    .leftJoin('project_contracts', 'project_contracts.project_id', 'docs.project_id')
    .selectAll('doc_images')
    .select(['project_contracts.site_lat', 'project_contracts.site_lng', 'project_contracts.site_radius_m'])
    .select((eb) => [
      earlierCopy(eb, 'od.uuid').as('duplicate_of'),
      earlierCopy(eb, 'od.created_at').as('duplicate_at'),
    ])
    .where(
      'doc_images.doc_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('doc_images.doc_id')
    .orderBy('doc_images.position')
    .execute()
  const byDoc = new Map<number, DocImage[]>()
  const copies = new Map<number, { uuid: string; at: string }>()
  for (const i of images) {
    if (i.duplicate_of && i.duplicate_at && !copies.has(i.doc_id))
      copies.set(i.doc_id, { uuid: i.duplicate_of, at: i.duplicate_at })
    const list = byDoc.get(i.doc_id) ?? []
    list.push({
      uuid: i.uuid,
      name: i.name,
      extension: i.ext,
      url: pathTo(storageBlob, { key: i.blob_key }),
      ...thumbOf(i),
      width: i.width,
      height: i.height,
      size: Number(i.size_bytes),
      taken_at: i.taken_at,
      received_at: i.received_at,
      // 'missing': a photo stored before issue 23 whose blob was gone when it was to be hashed.
      sha256: i.sha256 && /^[0-9a-f]{64}$/.test(i.sha256) ? i.sha256 : null,
      lat: i.lat === null ? null : Number(i.lat),
      lng: i.lng === null ? null : Number(i.lng),
      accuracy_m: i.accuracy_m === null ? null : Number(i.accuracy_m),
      location_source: i.lat === null ? null : (i.location_source ?? 'upload'),
      ...photoSite(i, siteFrom(i)),
      clock_skew_s: i.clock_skew_s === null ? null : Number(i.clock_skew_s),
    })
    byDoc.set(i.doc_id, list)
  }
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    description: r.description,
    status: r.status,
    images: byDoc.get(r.id) ?? [],
    likes: Number(r.likes ?? 0),
    is_liked: Boolean(r.is_liked),
    comments: Number(r.comments ?? 0),
    creator: { id: r.creator_id, name: r.creator_name, role: r.creator_role },
    created_at: r.created_at,
    work_item:
      r.work_item_id === null || r.work_item_name === null
        ? null
        : { id: r.work_item_id, name: r.work_item_name },
    location: r.location,
    progress: r.progress === null ? null : Number(r.progress),
    review_note: r.review_note,
    version: Number(r.version),
    taken_at: r.taken_at ?? r.created_at,
    duplicate_of: copies.get(r.id)?.uuid ?? null,
    duplicate_at: copies.get(r.id)?.at ?? null,
  }))
}

export async function loadDocs(db: Kysely<DB>, viewerId: number, ids: number[]): Promise<Doc[]> {
  if (ids.length === 0) return []
  const rows = await docsQuery(db, viewerId).where('docs.id', 'in', ids).orderBy('docs.id', 'desc').execute()
  return withImages(db, rows)
}
