import type { Kysely } from 'kysely'
import { WORK_ITEM_MSG, type WorkItem, type WorkItemInput } from '../../../src/contracts/work-items'
import { type Actor, access } from '../../access'
import type { DB } from '../../db/schema'
import { AppError, notFound, nowIso } from '../../http'
import { isConstraintError } from '../files/area-files'
import { type HistoryActor, recordHistory } from '../history/record-history'

/*
 * A project's work items ('Item Pekerjaan', issue 23): admins keep them, everyone who sees the project
 * reads them. A name is once per project whatever its case (the work_items_name index decides, so two
 * admins adding 'Struktur' at once get one item and one 409). Deleting one leaves its documentation
 * without a work item (the foreign key sets it null). Every change is in the project's history.
 */

type Db = { db: Kysely<DB> }
type User = Actor & HistoryActor

const duplicate = () => new AppError(409, WORK_ITEM_MSG.duplicate, { name: WORK_ITEM_MSG.duplicate })
const ID = /^\d{1,10}$/

export async function listWorkItems(deps: Db, user: Actor, projectRef: string): Promise<WorkItem[]> {
  const project = await access.project(deps, user, projectRef, 'project.view')
  const rows = await deps.db
    .selectFrom('work_items')
    .select(['id', 'name'])
    .where('project_id', '=', project.id)
    .orderBy('name')
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
  const { name } = await read()
  return unique(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, project.id, name)
      const row = await trx
        .insertInto('work_items')
        .values({ project_id: project.id, name, created_by: user.id, created_at: nowIso() })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow()
      await recordHistory(trx, user, {
        projectId: project.id,
        action: 'create',
        object: { kind: 'work_item', id: String(row.id), name: row.name },
      })
      return row
    }),
  )
}

async function findItem(trx: Kysely<DB>, projectId: number, ref: string) {
  if (!ID.test(ref)) throw notFound(WORK_ITEM_MSG.notFound)
  const row = await trx
    .selectFrom('work_items')
    .select(['id', 'name'])
    .where('id', '=', Number(ref))
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
  read: () => Promise<{ name: string }>,
): Promise<WorkItem> {
  const project = await access.project(deps, user, projectRef, 'work-item.manage')
  const { name } = await read()
  return unique(() =>
    deps.db.transaction().execute(async (trx) => {
      const item = await findItem(trx, project.id, itemRef)
      if (item.name === name) return item
      await assertNameFree(trx, project.id, name, item.id)
      await trx.updateTable('work_items').set({ name }).where('id', '=', item.id).execute()
      await recordHistory(trx, user, {
        projectId: project.id,
        action: 'rename',
        object: { kind: 'work_item', id: String(item.id), name },
        detail: { before: { name: item.name }, after: { name } },
      })
      return { id: item.id, name }
    }),
  )
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
