import type { Kysely } from 'kysely'
import { parseId } from '../../../src/contracts/ids'
import {
  WORK_ITEM_MSG,
  type WorkItem,
  type WorkItemInput,
  workItemLabel,
} from '../../../src/contracts/work-items'
import { type Actor, access } from '../../access'
import { type HistoryActor, recordHistory } from '../../base/audit'
import { isConstraintError } from '../../base/db-errors'
import type { DB } from '../../db/schema'
import { AppError, notFound, nowIso } from '../../http'

/*
 * A project's work items ('Item Pekerjaan', issue 23): admins keep them, everyone who sees the project
 * reads them. A name is once per project whatever its case (the work_items_name index decides, so two
 * admins adding 'Struktur' at once get one item and one 409). Deleting one leaves its documentation
 * without a work item (the foreign key sets it null). Every change is in the project's history.
 * Items are listed in the order admins give them (`position`, issue 30: bill-of-quantities order);
 * a new item goes last.
 */

type Db = { db: Kysely<DB> }
type User = Actor & HistoryActor

const duplicate = () => new AppError(409, WORK_ITEM_MSG.duplicate, { name: WORK_ITEM_MSG.duplicate })

export async function listWorkItems(deps: Db, user: Actor, projectRef: string): Promise<WorkItem[]> {
  const project = await access.project(deps, user, projectRef, 'project.view')
  const rows = await deps.db
    .selectFrom('work_items')
    .select(['id', 'name', 'code'])
    .where('project_id', '=', project.id)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows
}

/** Runs a change that may hit the unique name index: its violation is a 409, on both databases. */
async function unique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if (isConstraintError(err, 'unique')) throw duplicate()
    throw err
  }
}

async function assertNameFree(trx: Kysely<DB>, projectId: number, name: string, exceptId?: number) {
  let q = trx
    .selectFrom('work_items')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  if (await q.executeTakeFirst()) throw duplicate()
}

export async function createWorkItem(
  deps: Db,
  user: User,
  projectRef: string,
  read: () => Promise<WorkItemInput & { name: string }>,
): Promise<WorkItem> {
  const project = await access.project(deps, user, projectRef, 'work-item.manage')
  const { name, code } = await read()
  return unique(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, project.id, name)
      const last = await trx
        .selectFrom('work_items')
        .select((eb) => eb.fn.max('position').as('max'))
        .where('project_id', '=', project.id)
        .executeTakeFirst()
      const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1
      const row = await trx
        .insertInto('work_items')
        .values({
          project_id: project.id,
          name,
          code: code || null,
          position,
          created_by: user.id,
          created_at: nowIso(),
        })
        .returning(['id', 'name', 'code'])
        .executeTakeFirstOrThrow()
      await recordHistory(trx, user, {
        projectId: project.id,
        action: 'create',
        object: { kind: 'work_item', id: String(row.id), name: row.name },
        ...(row.code ? { detail: { after: { code: row.code } } } : {}),
      })
      return row
    }),
  )
}

async function findItem(trx: Kysely<DB>, projectId: number, ref: string) {
  // 2^31 and more reached PostgreSQL's integer column (a 500): an id that cannot exist is a 404 here.
  const id = parseId(ref)
  if (id === undefined) throw notFound(WORK_ITEM_MSG.notFound)
  const row = await trx
    .selectFrom('work_items')
    .select(['id', 'name', 'code'])
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) throw notFound(WORK_ITEM_MSG.notFound)
  return row
}

export async function renameWorkItem(
  deps: Db,
  user: User,
  projectRef: string,
  itemRef: string,
  read: () => Promise<{ name: string; code?: string }>,
): Promise<WorkItem> {
  const project = await access.project(deps, user, projectRef, 'work-item.manage')
  const input = await read()
  const name = input.name
  return unique(() =>
    deps.db.transaction().execute(async (trx) => {
      const item = await findItem(trx, project.id, itemRef)
      // An absent code keeps the stored one (older clients send the name only); '' clears it.
      const code = input.code === undefined ? item.code : input.code || null
      if (item.name === name && item.code === code) return item
      if (item.name !== name) await assertNameFree(trx, project.id, name, item.id)
      await trx.updateTable('work_items').set({ name, code }).where('id', '=', item.id).execute()
      const before: Record<string, string | null> = {}
      const after: Record<string, string | null> = {}
      if (item.name !== name) {
        before.name = item.name
        after.name = name
      }
      if (item.code !== code) {
        before.code = item.code
        after.code = code
      }
      await recordHistory(trx, user, {
        projectId: project.id,
        action: item.name !== name ? 'rename' : 'edit',
        object: { kind: 'work_item', id: String(item.id), name },
        detail: { before, after },
      })
      return { id: item.id, name, code }
    }),
  )
}

/**
 * Sets the order of a project's work items: `ids` must be every item of the project exactly once (422
 * otherwise: a list made before another admin added or removed one must not silently drop it).
 */
export async function orderWorkItems(
  deps: Db,
  user: User,
  projectRef: string,
  read: () => Promise<{ ids: number[] }>,
): Promise<WorkItem[]> {
  const project = await access.project(deps, user, projectRef, 'work-item.manage')
  const { ids } = await read()
  return deps.db.transaction().execute(async (trx) => {
    const items = await trx
      .selectFrom('work_items')
      .select(['id', 'name', 'code', 'position'])
      .where('project_id', '=', project.id)
      .orderBy('position')
      .orderBy('id')
      .execute()
    const known = new Set(items.map((i) => i.id))
    if (new Set(ids).size !== ids.length || ids.length !== items.length || !ids.every((id) => known.has(id)))
      throw new AppError(422, WORK_ITEM_MSG.orderMismatch, { ids: WORK_ITEM_MSG.orderMismatch })
    const before = items.map((i) => i.id)
    if (before.every((id, i) => id === ids[i])) return items.map(({ id, name, code }) => ({ id, name, code }))
    for (const [position, id] of ids.entries())
      await trx.updateTable('work_items').set({ position }).where('id', '=', id).execute()
    const byId = new Map(items.map((i) => [i.id, i]))
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'edit',
      object: { kind: 'work_item', id: 'order', name: 'Urutan item pekerjaan' },
      detail: {
        before: { order: items.map((i) => workItemLabel(i)) },
        after: { order: ids.map((id) => workItemLabel(byId.get(id) as WorkItem)) },
      },
    })
    return ids.map((id) => {
      const { name, code } = byId.get(id) as WorkItem
      return { id, name, code }
    })
  })
}

export async function removeWorkItem(
  deps: Db,
  user: User,
  projectRef: string,
  itemRef: string,
): Promise<void> {
  const project = await access.project(deps, user, projectRef, 'work-item.manage')
  await deps.db.transaction().execute(async (trx) => {
    const item = await findItem(trx, project.id, itemRef)
    // The documentation naming it keeps its photos, without a work item (explicit on both databases).
    await trx.updateTable('docs').set({ work_item_id: null }).where('work_item_id', '=', item.id).execute()
    const gone = await trx.deleteFrom('work_items').where('id', '=', item.id).executeTakeFirst()
    if (Number(gone.numDeletedRows) === 0) throw notFound(WORK_ITEM_MSG.notFound)
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'delete',
      object: { kind: 'work_item', id: String(item.id), name: item.name },
    })
  })
}
