import type { Kysely } from 'kysely'
import {
  DOC_MSG,
  DOC_PAGE_MAX,
  DOC_PAGE_SIZE,
  type Doc,
  type DocComment,
  type DocLikeResult,
  type DocReview,
} from '../../../src/contracts/documentation'
import { type Actor, access } from '../../access'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, notFound, nowIso } from '../../http'
import type { Claimed, Tx } from '../../idempotency'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { docsQuery, findDoc, ID, loadDocs, MAX_ID, withImages } from './doc-view'

/*
 * Every exported call takes the caller and asks the access policy first (server/access.ts), before it
 * reads the request body or touches a row. `slug` is the project's slug (or numeric id); a documentation
 * item is named by its uuid (or numeric id) and must belong to that project, else 404.
 */

type Db = { db: Kysely<DB> }

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

// --- Likes, comments, review, removal ----------------------------------------------------------------

/**
 * PATCH like/{uuid}/{true|false}: sets the caller's like (a set, not a toggle: repeating it changes
 * nothing). Through idempotentCreate, so an outbox retry of an old like cannot undo a newer unlike;
 * `claim` takes the key and gives the transaction the like is set in.
 */
export async function setLike(
  deps: Db,
  user: Actor & { id: number },
  slug: string,
  docRef: string,
  flag: string,
  claim: (payload: unknown) => Promise<Tx>,
): Promise<DocLikeResult> {
  if (flag !== 'true' && flag !== 'false') throw notFound()
  const liked = flag === 'true'
  const project = await access.project(deps, user, slug, 'doc.write')
  const { trx } = await claim({ liked })
  const doc = await findDoc(trx, project.id, docRef)
  if (liked)
    await trx
      .insertInto('doc_likes')
      .values({ doc_id: doc.id, user_id: user.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['doc_id', 'user_id']).doNothing())
      .execute()
  else await trx.deleteFrom('doc_likes').where('doc_id', '=', doc.id).where('user_id', '=', user.id).execute()
  const { n } = await trx
    .selectFrom('doc_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('doc_id', '=', doc.id)
    .executeTakeFirstOrThrow()
  return { uuid: doc.uuid, liked, likes: Number(n) }
}

export async function addComment(
  deps: Db,
  user: Actor & { id: number; name: string },
  slug: string,
  docRef: string,
  read: () => Promise<Claimed<{ comment: string }>>,
): Promise<DocComment> {
  const project = await access.project(deps, user, slug, 'comment.create')
  const { input, tx } = await read()
  const doc = await findDoc(tx.trx, project.id, docRef)
  const row = await tx.trx
    .insertInto('doc_comments')
    .values({ doc_id: doc.id, user_id: user.id, content: input.comment, created_at: nowIso() })
    .returning(['id', 'content', 'created_at'])
    .executeTakeFirstOrThrow()
  tx.publish({
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
