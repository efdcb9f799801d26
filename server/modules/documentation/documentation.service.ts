import type { Kysely } from 'kysely'
import { isCalendarDay } from '../../../src/contracts/days'
import {
  DOC_MSG,
  DOC_PAGE_MAX,
  DOC_PAGE_SIZE,
  type Doc,
  type DocComment,
  type DocLikeResult,
} from '../../../src/contracts/documentation'
import { parseId } from '../../../src/contracts/ids'
import { STATUSES } from '../../../src/contracts/projects'
import { type Actor, access } from '../../access'
import { docName, recordHistory } from '../../base/audit'
import { firmDayStart } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, notFound, nowIso } from '../../http'
import type { Claimed, Tx } from '../../idempotency'
import { outsideSite, projectSite } from './doc-site'
import { docsQuery, findDoc, withImages } from './doc-view'

/*
 * Every exported call takes the caller and asks the access policy first (server/access.ts), before it
 * reads the request body or touches a row. `slug` is the project's slug (or numeric id); a documentation
 * item is named by its uuid (or numeric id) and must belong to that project, else 404.
 */

type Db = { db: Kysely<DB> }

export type DocPage = { docs: Doc[]; nextCursor: string | null }

export type DocListQuery = {
  cursor?: string
  limit?: string
  from?: string
  to?: string
  work_item?: string
  uploader?: string
  status?: string
  /** 'outside': items with a photo outside the project's site (issue 34). */
  site?: string
}

const DAY_MS = 86_400_000

/**
 * GET list: newest upload first, one page at a time, optionally filtered by the firm's days the photos
 * were taken (`from`, `to`, inclusive: docs.taken_at), work item, uploader and status. The cursor is
 * the last id of the previous page (opaque to clients): every page is one range of the docs_list
 * (project_id, id) index, so a project with 3,000 items pages as fast as one with 30; the filters narrow
 * that range. Items in the trash are left out.
 */
export async function listDocs(
  deps: Db & Pick<Deps, 'config'>,
  user: Actor & { id: number },
  slug: string,
  query: DocListQuery,
): Promise<DocPage> {
  const project = await access.project(deps, user, slug, 'doc.read')
  let before: number | undefined
  if (query.cursor !== undefined && query.cursor !== '') {
    before = parseId(query.cursor)
    if (before === undefined) throw new AppError(400, DOC_MSG.badCursor)
  }
  const asked = Number(query.limit)
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, DOC_PAGE_MAX) : DOC_PAGE_SIZE
  const given = (x: string | undefined) => (x === undefined || x === '' ? undefined : x)
  const day = (x: string | undefined, field: string) => {
    if (x === undefined) return undefined
    if (!isCalendarDay(x)) throw new AppError(422, DOC_MSG.badDate, { [field]: DOC_MSG.badDate })
    return firmDayStart(x, deps.config.firmTimeZone)
  }
  const id = (x: string | undefined, field: string) => {
    if (x === undefined) return undefined
    const id = parseId(x)
    if (id === undefined) throw new AppError(422, DOC_MSG.badFilter, { [field]: DOC_MSG.badFilter })
    return id
  }
  const from = day(given(query.from), 'from')
  const to = day(given(query.to), 'to')
  if (from && to && from > to) throw new AppError(422, DOC_MSG.badRange, { from: DOC_MSG.badRange })
  const workItem = id(given(query.work_item), 'work_item')
  const uploader = id(given(query.uploader), 'uploader')
  const status = given(query.status)
  if (status !== undefined && !(STATUSES as readonly string[]).includes(status))
    throw new AppError(422, DOC_MSG.badStatus, { status: DOC_MSG.badStatus })

  const site = given(query.site)
  if (site !== undefined && site !== 'outside')
    throw new AppError(422, DOC_MSG.badSiteFilter, { site: DOC_MSG.badSiteFilter })
  // No site set: no photo is known to be outside it.
  const projectSiteNow = site === 'outside' ? await projectSite(deps.db, project.id) : null
  if (site === 'outside' && !projectSiteNow) return { docs: [], nextCursor: null }

  let q = docsQuery(deps.db, user.id)
    .where('docs.project_id', '=', project.id)
    .where('docs.deleted_at', 'is', null)
  if (before !== undefined) q = q.where('docs.id', '<', before)
  // By the day taken (docs.taken_at: server/firm-day.ts), not the day uploaded. Stored times are
  // ISO-8601 UTC text, so they compare as text on both databases.
  if (from) q = q.where('docs.taken_at', '>=', from.toISOString())
  if (to)
    q = q.where(
      'docs.taken_at',
      '<',
      firmDayStart(nextDay(given(query.to) as string), deps.config.firmTimeZone).toISOString(),
    )
  if (workItem !== undefined) q = q.where('docs.work_item_id', '=', workItem)
  if (uploader !== undefined) q = q.where('docs.creator_id', '=', uploader)
  if (status !== undefined) q = q.where('docs.status', '=', status as (typeof STATUSES)[number])
  if (projectSiteNow) {
    const outside = projectSiteNow
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('doc_images')
          .select('doc_images.id')
          .whereRef('doc_images.doc_id', '=', 'docs.id')
          .whereRef('doc_images.version', '=', 'docs.version')
          .where((inner) => outsideSite(inner, outside)),
      ),
    )
  }
  const rows = await q
    .orderBy('docs.id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const docs = await withImages(deps.db, page)
  return { docs, nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null }
}

/** The calendar day after 'YYYY-MM-DD'. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10)
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
  await recordHistory(tx.trx, user, {
    projectId: project.id,
    action: 'comment',
    object: { kind: 'doc', id: doc.uuid, name: docName(doc.description) },
    detail: { comment: input.comment.length > 200 ? `${input.comment.slice(0, 199)}…` : input.comment },
  })
  tx.publish({
    type: 'comment_added',
    actorId: user.id,
    projectId: project.id,
    docId: doc.id,
    commentId: row.id,
  })
  return toComment({ ...row, user_id: user.id, name: user.name, role: user.role })
}

// Review (approve, 'Revisi', a changed review, several at once) is in doc-review.service.ts.

/**
 * DELETE remove: the item goes to the project's trash (deleted_at, deleted_by) for TRASH_DAYS days with
 * its images, likes, comments and history; admins restore it or delete it for good (server/modules/trash).
 */
export async function removeDoc(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  docRef: string,
): Promise<void> {
  const project = await access.project(deps, user, slug, 'doc.write')
  await deps.db.transaction().execute(async (trx) => {
    const doc = await findDoc(trx, project.id, docRef)
    // To the project's trash (server/modules/trash): photos, comments, likes and history all stay.
    const gone = await trx
      .updateTable('docs')
      .set({ deleted_at: nowIso(), deleted_by: user.id })
      .where('id', '=', doc.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    // A concurrent delete got there first.
    if (Number(gone.numUpdatedRows) === 0) throw notFound(DOC_MSG.notFound)
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'delete',
      object: { kind: 'doc', id: doc.uuid, name: docName(doc.description) },
    })
  })
}
