import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import * as v from 'valibot'
import {
  DOC_MSG,
  DOC_PAGE_MAX,
  DOC_PAGE_SIZE,
  type Doc,
  type DocComment,
  DocDescriptionsSchema,
  type DocImage,
  type DocLikeResult,
  type DocReview,
  type DocUploadResult,
  DocUploadSchema,
  type FileFailure,
} from '../../../src/contracts/docs'
import { type Actor, access } from '../../access'
import type { DB, DocImagesTable } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, assertCleanInput, notFound, nowIso, validate } from '../../http'
import type { CreateAnswer, CreateScope } from '../../idempotency'
import { commitUpload, deleteBlobsQuietly, type PendingBlob, pendingBlob } from '../../uploads/commit'
import type { Upload } from '../../uploads/receive'
import { type InspectedImage, inspectImage, isFailure } from './doc-images'
import { docThumbnailJob } from './doc-thumbnail-job'

/*
 * Every exported call takes the caller and asks the access policy first (server/access.ts), before it
 * reads the request body or touches a row. `slug` is the project's slug (or numeric id); a documentation
 * item is named by its uuid (or numeric id) and must belong to that project, else 404.
 */

type Db = { db: Kysely<DB> }
const STORAGE = '/storage/'
const ID = /^\d{1,10}$/
const MAX_ID = 2_147_483_647

/** The documentation item `ref` (uuid or id) of a project, or 404. */
async function findDoc(db: Kysely<DB>, projectId: number, ref: string) {
  const byId = ID.test(ref) && Number(ref) <= MAX_ID
  const row = await db
    .selectFrom('docs')
    .select(['id', 'uuid', 'status', 'project_id'])
    .where('project_id', '=', projectId)
    .where(byId ? 'id' : 'uuid', '=', byId ? Number(ref) : ref)
    .executeTakeFirst()
  if (!row) throw notFound(DOC_MSG.notFound)
  return row
}

// --- Reading -----------------------------------------------------------------------------------------

/**
 * Items with their images, like and comment counts and the caller's like, in two queries whatever the
 * number of items: the counts are correlated subqueries over the (doc_id, ...) keys of doc_likes and
 * doc_comments, and the images of every item come in one query.
 */
function docsQuery(db: Kysely<DB>, viewerId: number) {
  return db
    .selectFrom('docs')
    .innerJoin('users', 'users.id', 'docs.creator_id')
    .select([
      'docs.id',
      'docs.uuid',
      'docs.description',
      'docs.status',
      'docs.created_at',
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

type DocRow = Awaited<ReturnType<ReturnType<typeof docsQuery>['execute']>>[number]

/**
 * The grid's image: the thumbnail once its job made it; null while it is being made (the client shows a
 * neutral placeholder and asks again); the original when the photo would not decode into one.
 */
function thumbOf(i: Selectable<DocImagesTable>): Pick<DocImage, 'thumb' | 'thumb_width' | 'thumb_height'> {
  if (i.thumb_state === 'ready' && i.thumb_key)
    return { thumb: STORAGE + i.thumb_key, thumb_width: i.thumb_width, thumb_height: i.thumb_height }
  if (i.thumb_state === 'pending') return { thumb: null, thumb_width: null, thumb_height: null }
  return { thumb: STORAGE + i.blob_key, thumb_width: i.width, thumb_height: i.height }
}

async function withImages(db: Kysely<DB>, rows: DocRow[]): Promise<Doc[]> {
  if (rows.length === 0) return []
  const images = await db
    .selectFrom('doc_images')
    .selectAll()
    .where(
      'doc_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('doc_id')
    .orderBy('position')
    .execute()
  const byDoc = new Map<number, DocImage[]>()
  for (const i of images) {
    const list = byDoc.get(i.doc_id) ?? []
    list.push({
      uuid: i.uuid,
      name: i.name,
      extension: i.ext,
      url: STORAGE + i.blob_key,
      ...thumbOf(i),
      width: i.width,
      height: i.height,
      size: Number(i.size_bytes),
      taken_at: i.taken_at,
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
  }))
}

async function loadDocs(db: Kysely<DB>, viewerId: number, ids: number[]): Promise<Doc[]> {
  if (ids.length === 0) return []
  const rows = await docsQuery(db, viewerId).where('docs.id', 'in', ids).orderBy('docs.id', 'desc').execute()
  return withImages(db, rows)
}

export type DocPage = { docs: Doc[]; nextCursor: string | null }

/**
 * GET list: newest first, one page at a time. The cursor is the last id of the previous page (opaque to
 * clients): every page is one range of the docs_list (project_id, id) index, so a project with 3,000
 * items pages as fast as one with 30.
 */
export async function listDocs(
  deps: Db,
  user: Actor & { id: number },
  slug: string,
  query: { cursor?: string; limit?: string },
): Promise<DocPage> {
  const project = await access.project(deps, user, slug, 'doc.read')
  let before: number | undefined
  if (query.cursor !== undefined && query.cursor !== '') {
    if (!ID.test(query.cursor) || Number(query.cursor) > MAX_ID) throw new AppError(400, DOC_MSG.badCursor)
    before = Number(query.cursor)
  }
  const asked = Number(query.limit)
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, DOC_PAGE_MAX) : DOC_PAGE_SIZE
  let q = docsQuery(deps.db, user.id).where('docs.project_id', '=', project.id)
  if (before !== undefined) q = q.where('docs.id', '<', before)
  const rows = await q
    .orderBy('docs.id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const docs = await withImages(deps.db, page)
  return { docs, nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null }
}

export async function listComments(
  deps: Db,
  user: Actor,
  slug: string,
  docRef: string,
): Promise<DocComment[]> {
  const project = await access.project(deps, user, slug, 'doc.read')
  const doc = await findDoc(deps.db, project.id, docRef)
  const rows = await deps.db
    .selectFrom('doc_comments')
    .innerJoin('users', 'users.id', 'doc_comments.user_id')
    .select([
      'doc_comments.id',
      'doc_comments.content',
      'doc_comments.created_at',
      'users.id as user_id',
      'users.name',
      'users.role',
    ])
    .where('doc_comments.doc_id', '=', doc.id)
    .orderBy('doc_comments.created_at')
    .orderBy('doc_comments.id')
    .execute()
  return rows.map(toComment)
}

function toComment(r: {
  id: number
  content: string
  created_at: string
  user_id: number
  name: string
  role: DocComment['user']['role']
}): DocComment {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.name, role: r.role },
    content: r.content,
    timestamp: r.created_at,
  }
}

// --- Upload ------------------------------------------------------------------------------------------

type Plan = { mode: 'one'; description: string } | { mode: 'each'; descriptions: string[] }

/** `description` (one item holding every photo) or `descriptions` (a JSON array: one item per photo). */
function readPlan(raw: Record<string, string[]>): Plan {
  assertCleanInput(raw)
  // Multipart bodies carry line breaks as CRLF (the HTML form encoding); stored text uses LF.
  const fields = Object.fromEntries(
    Object.entries(raw).map(([k, values]) => [k, values.map((value) => value.replace(/\r\n?/g, '\n'))]),
  )
  const many = fields.descriptions?.[0]
  if (many !== undefined) {
    if (fields.description !== undefined)
      throw new AppError(422, DOC_MSG.descriptionBoth, { description: DOC_MSG.descriptionBoth })
    let parsed: unknown
    try {
      parsed = JSON.parse(many)
    } catch {
      throw new AppError(422, DOC_MSG.descriptionsInvalid, { descriptions: DOC_MSG.descriptionsInvalid })
    }
    const result = v.safeParse(DocDescriptionsSchema, parsed)
    if (!result.success) {
      const message = result.issues[0]?.message ?? DOC_MSG.descriptionsInvalid
      throw new AppError(422, message, { descriptions: message })
    }
    return { mode: 'each', descriptions: result.output }
  }
  return {
    mode: 'one',
    description: validate(DocUploadSchema, { description: fields.description?.[0] }).description,
  }
}

function failureAnswer(failures: { status: number; name: string; message: string }[]): AppError {
  const first = failures[0]
  const message = failures.length === 1 ? first.message : DOC_MSG.allFailed
  return new AppError(
    first.status as 413 | 415 | 422,
    message,
    Object.fromEntries(failures.map((f) => [f.name || 'files', f.message])),
  )
}

/**
 * POST upload. The caller's access is checked before a byte of the body is read; then the photos stream
 * to staging (images only, by their bytes), each one's header is read, and only then is the
 * Idempotency-Key claimed: a repeat is answered from the stored answer, and the rows, the stored answer
 * and (with the blobs put just before) the files land together or not at all.
 *
 * A file that cannot be used (not an image, too large, undecodable) fails alone: the item is made from
 * the others and the answer lists it in `errors`; when no file is usable the whole call fails. The answer
 * comes as soon as the originals and rows are stored: each photo's thumbnail is a job queued with its row
 * (doc-thumbnail-job.ts), and the item lists `thumb: null` until it is made. With
 * `descriptions` every file must be usable, since each description belongs to one file by position.
 */
export async function uploadDocs(
  scope: CreateScope,
  user: Actor & { id: number },
  slug: string,
  receive: (work: (upload: Upload) => Promise<CreateAnswer>) => Promise<CreateAnswer>,
): Promise<CreateAnswer> {
  const project = await access.project(scope.deps, user, slug, 'doc.write')
  return receive(async (up) => {
    const plan = readPlan(up.fields)
    const sent = up.files.length + up.rejected.length
    if (sent === 0) throw new AppError(422, DOC_MSG.noImages, { files: DOC_MSG.noImages })
    if (plan.mode === 'each') {
      if (plan.descriptions.length !== sent)
        throw new AppError(422, DOC_MSG.descriptionsCount, { descriptions: DOC_MSG.descriptionsCount })
      if (up.rejected.length > 0) throw failureAnswer(up.rejected)
    }

    // Only the headers are read here; thumbnails are made by jobs once the answer is out.
    const prepared: { image: InspectedImage; index: number }[] = []
    const failures: { status: number; name: string; message: string }[] = [...up.rejected]
    for (const [index, file] of up.files.entries()) {
      const result = await inspectImage(file)
      if (isFailure(result)) failures.push({ status: 415, name: file.name, message: result.message })
      else prepared.push({ image: result, index })
    }
    if (prepared.length === 0) throw failureAnswer(failures)

    await scope.claim({
      ...(plan.mode === 'one' ? { description: plan.description } : { descriptions: plan.descriptions }),
      files: up.files.map((f) => ({ name: f.name, sha256: f.sha256 })),
      rejected: up.rejected.map((r) => r.name),
    })

    const groups =
      plan.mode === 'one'
        ? [{ description: plan.description, images: prepared.map((p) => p.image) }]
        : prepared.map((p) => ({ description: plan.descriptions[p.index], images: [p.image] }))
    const planned = groups.map((g) => ({
      description: g.description,
      images: g.images.map((image) => ({ image, original: pendingBlob(image.file, 'public') })),
    }))
    const blobs: PendingBlob[] = planned.flatMap((g) => g.images.map((i) => i.original))

    const ids = await commitUpload(scope.deps, blobs, async (trx) => {
      const created: number[] = []
      const now = nowIso()
      for (const g of planned) {
        const doc = await trx
          .insertInto('docs')
          .values({
            uuid: randomUUID(),
            project_id: project.id,
            description: g.description,
            status: 'pending',
            creator_id: user.id,
            created_at: now,
            reviewed_by: null,
            reviewed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const images = g.images.map(({ image, original }, position) => ({
          // The row's uuid is the blob's name, so /storage/{uuid}.{extension} (SPEC section 3) is the file.
          uuid: original.key.slice(0, original.key.indexOf('.')),
          doc_id: doc.id,
          name: image.file.name,
          ext: image.file.ext,
          blob_key: original.key,
          size_bytes: image.file.size,
          width: image.width,
          height: image.height,
          position,
          thumb_key: null,
          thumb_width: null,
          thumb_height: null,
          thumb_state: 'pending' as const,
          taken_at: image.takenAt,
        }))
        await trx.insertInto('doc_images').values(images).execute()
        for (const i of images) await scope.deps.jobs.enqueue(trx, docThumbnailJob, { image: i.uuid })
        created.push(doc.id)
      }
      return created
    })
    scope.deps.jobs.wake()
    for (const docId of ids)
      void scope.deps.events.publish({ type: 'doc_uploaded', actorId: user.id, projectId: project.id, docId })

    const errors: FileFailure[] = failures.map((f) => ({ name: f.name, message: f.message }))
    const data: DocUploadResult = { docs: await loadDocs(scope.deps.db, user.id, ids), errors }
    return { status: 201, message: errors.length > 0 ? DOC_MSG.partlyUploaded : DOC_MSG.uploaded, data }
  })
}

// --- Likes, comments, review, removal ----------------------------------------------------------------

/**
 * PATCH like/{uuid}/{true|false}: sets the caller's like (a set, not a toggle: repeating it changes
 * nothing). Through idempotentCreate, so an outbox retry of an old like cannot undo a newer unlike.
 */
export async function setLike(
  scope: CreateScope,
  user: Actor & { id: number },
  slug: string,
  docRef: string,
  flag: string,
): Promise<DocLikeResult> {
  if (flag !== 'true' && flag !== 'false') throw notFound()
  const liked = flag === 'true'
  const project = await access.project(scope.deps, user, slug, 'doc.write')
  await scope.claim({ liked })
  const { db } = scope.deps
  const doc = await findDoc(db, project.id, docRef)
  if (liked)
    await db
      .insertInto('doc_likes')
      .values({ doc_id: doc.id, user_id: user.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['doc_id', 'user_id']).doNothing())
      .execute()
  else await db.deleteFrom('doc_likes').where('doc_id', '=', doc.id).where('user_id', '=', user.id).execute()
  const { n } = await db
    .selectFrom('doc_likes')
    // eb.fn, not db.fn: inside idempotentCreate `db` is a proxy whose callable members lose their properties.
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('doc_id', '=', doc.id)
    .executeTakeFirstOrThrow()
  return { uuid: doc.uuid, liked, likes: Number(n) }
}

export async function addComment(
  scope: CreateScope,
  user: Actor & { id: number; name: string },
  slug: string,
  docRef: string,
  read: () => Promise<{ comment: string }>,
): Promise<DocComment> {
  const project = await access.project(scope.deps, user, slug, 'comment.create')
  const { comment } = await read()
  const { db } = scope.deps
  const doc = await findDoc(db, project.id, docRef)
  const row = await db
    .insertInto('doc_comments')
    .values({ doc_id: doc.id, user_id: user.id, content: comment, created_at: nowIso() })
    .returning(['id', 'content', 'created_at'])
    .executeTakeFirstOrThrow()
  void scope.deps.events.publish({
    type: 'comment_added',
    actorId: user.id,
    projectId: project.id,
    docId: doc.id,
    commentId: row.id,
  })
  return toComment({ ...row, user_id: user.id, name: user.name, role: user.role })
}

/** Approve, or send back for revision: admins only, and only while the item is pending (409 after). */
export async function reviewDoc(
  deps: Pick<Deps, 'db' | 'events'>,
  user: Actor & { id: number },
  slug: string,
  docRef: string,
  status: string,
): Promise<Doc> {
  if (status !== 'approved' && status !== 'rejected') throw notFound()
  const project = await access.project(deps, user, slug, 'doc.review')
  const doc = await findDoc(deps.db, project.id, docRef)
  // The condition on the status makes two concurrent reviews decide once.
  const updated = await deps.db
    .updateTable('docs')
    .set({ status: status as DocReview, reviewed_by: user.id, reviewed_at: nowIso() })
    .where('id', '=', doc.id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, DOC_MSG.alreadyReviewed)
  void deps.events.publish({
    type: status === 'approved' ? 'doc_approved' : 'doc_revision',
    actorId: user.id,
    projectId: project.id,
    docId: doc.id,
  })
  const [view] = await loadDocs(deps.db, user.id, [doc.id])
  return view
}

/**
 * DELETE remove: the item with its images, likes and comments in one transaction, then its blobs (a blob
 * that will not go is logged and left to the start-up sweep, never a failed request).
 */
export async function removeDoc(
  deps: Pick<Deps, 'db' | 'store' | 'logger'>,
  user: Actor,
  slug: string,
  docRef: string,
): Promise<void> {
  const project = await access.project(deps, user, slug, 'doc.write')
  const keys = await deps.db.transaction().execute(async (trx) => {
    const doc = await findDoc(trx, project.id, docRef)
    const images = await trx
      .selectFrom('doc_images')
      .select(['blob_key', 'thumb_key'])
      .where('doc_id', '=', doc.id)
      .execute()
    await trx.deleteFrom('doc_likes').where('doc_id', '=', doc.id).execute()
    await trx.deleteFrom('doc_comments').where('doc_id', '=', doc.id).execute()
    await trx.deleteFrom('doc_images').where('doc_id', '=', doc.id).execute()
    const gone = await trx.deleteFrom('docs').where('id', '=', doc.id).executeTakeFirst()
    // A concurrent delete got there first.
    if (Number(gone.numDeletedRows) === 0) throw notFound(DOC_MSG.notFound)
    return images.flatMap((i) => [i.blob_key, i.thumb_key]).filter((k): k is string => !!k)
  })
  await deleteBlobsQuietly(
    deps,
    keys.map((key) => ({ key, visibility: 'public' as const })),
    'of a deleted documentation item',
  )
}
