import type { Kysely } from 'kysely'
import type * as v from 'valibot'
import { DOC_MSG, type Doc, type DocReview, DocReviewSchema } from '../../../src/contracts/documentation'
import { type DocBulkReviewResult, type DocBulkReviewSchema, REVIEW_MSG } from '../../../src/contracts/review'
import { type Actor, access } from '../../access'
import { docName, recordHistory } from '../../base/audit'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import type { DomainEvent } from '../../events'
import { AppError, notFound, nowIso, validate } from '../../http'
import { findDoc, loadDocs } from './doc-view'

/*
 * Review of documentation items (issue 8, 23, 30): approve, or send back for revision with a reason.
 *
 * The reason belongs to the version it judged: docs.review_note holds the current version's note only.
 * An approval clears it, a new version ('Unggah Revisi', doc-revise.service.ts) clears it, a 'Revisi'
 * sets it; earlier notes stay in the item's history. So the list, the viewer, the report and the share
 * page, which all read the column, never show an earlier version's reason beside a later status.
 *
 * An admin may change a review (an approval made by mistake, a reason to correct): the change is
 * recorded with the status before and after, and the uploader is told again. The update is conditional
 * on the status and version read, so two admins deciding at once cannot both win (409 for the second,
 * decision 0012 kept for the change too).
 */

type ReviewUser = Actor & { id: number; name: string }
/** What judging an item reads of it. */
type Row = {
  id: number
  uuid: string
  status: Doc['status']
  creator_id: number
  description: string
  version: number
  review_note: string | null
}

/** GET item/{uuid}: one item as the list shows it, read now (a notification's link opens it fresh). */
export async function getDoc(
  deps: Pick<Deps, 'db'>,
  user: Actor & { id: number },
  slug: string,
  ref: string,
) {
  const project = await access.project(deps, user, slug, 'doc.read')
  const doc = await findDoc(deps.db, project.id, ref)
  const [view] = await loadDocs(deps.db, user.id, [doc.id])
  return view as Doc
}

/**
 * PATCH status/{uuid}/{approved|rejected}: the body is optional ({ note } with 'rejected'; SPEC sends
 * none). A pending item is judged; a judged one is changed. The same status again (with the same reason)
 * changes nothing and answers 409.
 */
export async function reviewDoc(
  deps: Pick<Deps, 'db' | 'events'>,
  user: ReviewUser,
  slug: string,
  docRef: string,
  status: string,
  readBody: () => Promise<unknown>,
): Promise<Doc> {
  if (status !== 'approved' && status !== 'rejected') throw notFound()
  const project = await access.project(deps, user, slug, 'doc.review')
  const body = await readBody()
  const note =
    status === 'rejected' && body !== undefined ? (validate(DocReviewSchema, body).note ?? null) : null
  const doc = await deps.db.transaction().execute(async (trx) => {
    const row = await reviewRow(trx, project.id, docRef)
    if (!(await judge(trx, user, project.id, row, status, note)))
      throw new AppError(409, DOC_MSG.alreadyReviewed)
    return row
  })
  void deps.events.publish(
    status === 'approved'
      ? { type: 'doc_approved', actorId: user.id, projectId: project.id, docId: doc.id }
      : {
          type: 'doc_revision',
          actorId: user.id,
          projectId: project.id,
          docId: doc.id,
          ...(note ? { note } : {}),
        },
  )
  const [view] = await loadDocs(deps.db, user.id, [doc.id])
  return view as Doc
}

/**
 * PATCH status-bulk { uuids, status, note? }: several items judged in one transaction, each with its own
 * history entry. A uuid that is not a live item of this project answers 404 and nothing changes (the
 * admin chose from a list that moved: better to say so than to judge part of the choice). Items that
 * already have this status (and reason) are left as they were and named in `unchanged`. Each uploader
 * hears once, however many of their items were judged.
 */
export async function reviewDocsBulk(
  deps: Pick<Deps, 'db' | 'events'>,
  user: ReviewUser,
  slug: string,
  readBody: () => Promise<v.InferOutput<typeof DocBulkReviewSchema>>,
): Promise<DocBulkReviewResult> {
  const project = await access.project(deps, user, slug, 'doc.review')
  const input = await readBody()
  const status = input.status
  const note = status === 'rejected' ? (input.note ?? null) : null
  const judged = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('docs')
      .select(['id', 'uuid', 'status', 'project_id', 'creator_id', 'description', 'version', 'review_note'])
      .where('project_id', '=', project.id)
      .where('deleted_at', 'is', null)
      .where('uuid', 'in', input.uuids)
      .orderBy('id')
      .execute()
    const missing = input.uuids.length - rows.length
    if (missing > 0) throw new AppError(404, REVIEW_MSG.bulkMissing(missing))
    const done: Row[] = []
    for (const row of rows) if (await judge(trx, user, project.id, row, status, note)) done.push(row)
    return done
  })
  // One event per uploader: their notification counts their items.
  const byUploader = new Map<number, number[]>()
  for (const row of judged)
    byUploader.set(row.creator_id, [...(byUploader.get(row.creator_id) ?? []), row.id])
  for (const docIds of byUploader.values()) {
    const event: DomainEvent = {
      type: 'docs_reviewed',
      actorId: user.id,
      projectId: project.id,
      docIds,
      status,
      ...(note ? { note } : {}),
    }
    void deps.events.publish(event)
  }
  const ids = new Set(judged.map((r) => r.uuid))
  return {
    docs: await loadDocs(
      deps.db,
      user.id,
      judged.map((r) => r.id),
    ),
    unchanged: input.uuids.filter((u) => !ids.has(u)),
  }
}

async function reviewRow(db: Kysely<DB>, projectId: number, ref: string): Promise<Row> {
  const doc = await findDoc(db, projectId, ref)
  const { review_note } = await db
    .selectFrom('docs')
    .select('review_note')
    .where('id', '=', doc.id)
    .executeTakeFirstOrThrow()
  return { ...doc, review_note }
}

/**
 * Gives `row` the review `status` (with `note` for a 'Revisi') and its history entry, in `trx`. False
 * when it already has them, or when another review or a new version got there since it was read.
 */
async function judge(
  trx: Kysely<DB>,
  user: ReviewUser,
  projectId: number,
  row: Row,
  status: DocReview,
  note: string | null,
): Promise<boolean> {
  if (row.status === status && (status === 'approved' || row.review_note === note)) return false
  const updated = await trx
    .updateTable('docs')
    .set({ status, reviewed_by: user.id, reviewed_at: nowIso(), review_note: note })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('version', '=', row.version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) return false
  const changed = row.status !== 'pending'
  await recordHistory(trx, user, {
    projectId,
    action: status === 'approved' ? 'approve' : 'reject',
    object: { kind: 'doc', id: row.uuid, name: docName(row.description) },
    detail: {
      version: row.version,
      ...(status === 'rejected' ? { note } : {}),
      // A review changed: what it was (the earlier reason stays in that review's own entry).
      ...(changed ? { before: { status: row.status }, after: { status } } : {}),
    },
  })
  return true
}
