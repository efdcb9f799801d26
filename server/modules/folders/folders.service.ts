import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { MSG } from '../../../src/contracts/common'
import {
  EXPLORE_PAGE_DEFAULT,
  EXPLORE_PAGE_MAX,
  type ExploreResult,
  FILE_MSG,
  type FileArea,
  type FolderCreateValues,
  type FolderEntry,
  type FolderRenameValues,
  MAX_FILES_PER_UPLOAD,
} from '../../../src/contracts/files'
import { type Actor, access, type ProjectRow } from '../../access'
import { recordHistory } from '../../base/audit'
import { isConstraintError } from '../../base/db-errors'
import type { Dialect } from '../../db/index'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import type { Claimed } from '../../idempotency'
import {
  type FolderRow,
  fileAreaParam,
  fileEntries,
  findFolder,
  findProjectFolder,
  folderSubtree,
  folderTrail,
  toFileEntry,
} from '../files/area-files'

/*
 * Folders of the perencanaan and pengawasan areas, nested to any depth. Every call asks the access
 * policy first (before the body is read): 'area.read' to look, 'area.write' to change. A folder of
 * another project or area answers 404 'Folder tidak ditemukan', like an absent one.
 */

const nameTaken = () => new AppError(409, FILE_MSG.folderNameTaken, { name: FILE_MSG.folderNameTaken })

/** 409 when a sibling already has this name, whatever its case (migration 004's unique index agrees). */
async function assertNameFree(
  db: Kysely<DB>,
  place: { projectId: number; area: FileArea; parentId: number | null },
  name: string,
  exceptId?: number,
) {
  let q = db
    .selectFrom('folders')
    .select('id')
    .where('project_id', '=', place.projectId)
    .where('area', '=', place.area)
    .where(sql<number>`coalesce(parent_id, 0)`, '=', place.parentId ?? 0)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    // A folder in the trash holds no name (migration 011).
    .where('deleted_at', 'is', null)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  if (await q.executeTakeFirst()) throw nameTaken()
}

/**
 * POST /api/folder/{slug}/create/{area}: a folder at the root or inside `parent_slug`. `read` parses the
 * body and claims the Idempotency-Key; the folder is looked up and written in the `tx` it gives.
 */
export async function createFolder(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  areaRaw: string,
  read: () => Promise<Claimed<FolderCreateValues>>,
): Promise<FolderEntry> {
  const area = fileAreaParam(areaRaw)
  const project = await access.project(deps, user, slug, 'area.write', area)
  const { input, tx } = await read()
  const { trx } = tx
  const name = input.name
  const parent = input.parent_slug ? await findFolder(trx, project.id, area, input.parent_slug) : null
  await assertNameFree(trx, { projectId: project.id, area, parentId: parent?.id ?? null }, name)
  try {
    const row = await trx
      .insertInto('folders')
      .values({
        uuid: randomUUID(),
        project_id: project.id,
        area,
        parent_id: parent?.id ?? null,
        name,
        created_by: user.id,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'create',
      object: { kind: 'folder', id: row.uuid, name },
      detail: { area, parent: parent?.name ?? null },
    })
    const creator = await creatorName(trx, user.id)
    return toFolderEntry({ ...row, creator_name: creator, items: 0 })
  } catch (err) {
    // A concurrent create of the same name won the unique index; the parent deleted meanwhile is gone.
    if (isConstraintError(err, 'unique')) throw nameTaken()
    if (isConstraintError(err, 'foreign')) throw new AppError(404, FILE_MSG.folderNotFound)
    throw err
  }
}

/** PATCH /api/folder/{slug}/rename/{area}/{folderUuid}. */
export async function renameFolder(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  areaRaw: string,
  folderUuid: string,
  read: () => Promise<FolderRenameValues>,
): Promise<FolderEntry> {
  const area = fileAreaParam(areaRaw)
  const project = await access.project(deps, user, slug, 'area.write', area)
  const { name } = await read()
  const folder = await findFolder(deps.db, project.id, area, folderUuid)
  await assertNameFree(deps.db, { projectId: project.id, area, parentId: folder.parent_id }, name, folder.id)
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('folders').set({ name }).where('id', '=', folder.id).execute()
      await recordHistory(trx, user, {
        projectId: project.id,
        action: 'rename',
        object: { kind: 'folder', id: folder.uuid, name },
        detail: { area, before: folder.name, after: name },
      })
    })
  } catch (err) {
    if (isConstraintError(err, 'unique')) throw nameTaken()
    throw err
  }
  const [row] = await folderEntries(deps.db, project, area, folder.parent_id, { ids: [folder.id] })
  if (!row) throw new AppError(404, FILE_MSG.folderNotFound)
  return row.entry
}

/**
 * DELETE /api/folder/{slug}/remove/{folderUuid}: the folder with everything inside it goes to the
 * project's trash. The folder and every folder and file below it that is not already in the trash get
 * the same deleted_at (one statement each per level), so the project counters drop them at once, and a
 * restore brings back exactly what this delete moved (a file trashed earlier stays in the trash).
 *
 * On PostgreSQL the project row is locked first: every insert into the project's folders and files holds
 * a key-share lock on that row (its foreign key), so an upload or a new subfolder either committed before
 * (and is trashed here) or waits and then finds its folder gone (404).
 */
export async function removeFolder(
  deps: Pick<Deps, 'db' | 'dialect'>,
  user: Actor,
  slug: string,
  folderUuid: string,
): Promise<void> {
  const project = await access.project(deps, user, slug, 'area.read')
  const found = await findProjectFolder(deps.db, project.id, folderUuid)
  await access.require(deps, user, 'area.write', { projectId: project.id, area: found.area as FileArea })
  await deps.db.transaction().execute(async (trx) => {
    await lockProject(trx, deps.dialect, project.id)
    const folder = await findProjectFolder(trx, project.id, folderUuid)
    const ids = (await folderSubtree(trx, folder.id)).map((f) => f.id)
    const mark = { deleted_at: nowIso(), deleted_by: user.id }
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK)
      await trx
        .updateTable('files')
        .set(mark)
        .where('folder_id', 'in', chunk)
        .where('deleted_at', 'is', null)
        .execute()
      await trx
        .updateTable('folders')
        .set(mark)
        .where('id', 'in', chunk)
        .where('deleted_at', 'is', null)
        .execute()
    }
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'delete',
      object: { kind: 'folder', id: folder.uuid, name: folder.name },
      detail: { area: folder.area },
    })
  })
}

/**
 * Deletes folders and the files in them, deepest level first so that no delete cascades (see
 * removeFolder); answers the blob keys of the deleted files, for removal after the commit.
 */
export async function deleteFolderRows(
  trx: Kysely<DB>,
  tree: { id: number; depth: number }[],
): Promise<string[]> {
  const keys: string[] = []
  const levels = [...new Set(tree.map((f) => f.depth))].sort((a, b) => b - a)
  for (const depth of levels) {
    const ids = tree.filter((f) => f.depth === depth).map((f) => f.id)
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK)
      const gone = await trx
        .deleteFrom('files')
        .where('folder_id', 'in', chunk)
        .returning('blob_key')
        .execute()
      for (const f of gone) keys.push(f.blob_key)
      await trx.deleteFrom('folders').where('id', 'in', chunk).execute()
    }
  }
  return keys
}

/**
 * Every folder of a project, for the project's own delete (inside its transaction, after its files
 * are gone): level by level like removeFolder, since one DELETE over a deep tree cascades as deep.
 */
export async function deleteProjectFolders(trx: Kysely<DB>, projectId: number): Promise<void> {
  const { rows } = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE tree (id, depth) AS (
      SELECT id, 0 FROM folders WHERE project_id = ${projectId} AND parent_id IS NULL
      UNION ALL
      SELECT f.id, tree.depth + 1 FROM folders f JOIN tree ON f.parent_id = tree.id
    )
    SELECT id, depth FROM tree`.execute(trx)
  await deleteFolderRows(
    trx,
    rows.map((r) => ({ id: Number(r.id), depth: Number(r.depth) })),
  )
}

/** Ids per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500

export async function lockProject(trx: Kysely<DB>, dialect: Dialect, id: number) {
  if (dialect === 'postgres')
    await trx.selectFrom('projects').select('id').where('id', '=', id).forUpdate().execute()
}

type Cursor = { k: 'd' | 'f'; n?: string; i?: number }

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url')
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined
  try {
    if (raw.length > 1024) throw new Error('too long')
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor
    const kindOk = c.k === 'd' || c.k === 'f'
    const keyOk = c.n === undefined || (typeof c.n === 'string' && c.n.length <= 1024)
    const idOk = c.i === undefined || (Number.isInteger(c.i) && c.i >= 0 && c.i <= 2_147_483_647)
    if (!kindOk || !keyOk || !idOk || (c.n === undefined) !== (c.i === undefined)) throw new Error('shape')
    return c
  } catch {
    throw new AppError(400, MSG.malformed)
  }
}

function pageSize(raw: string | undefined): number {
  if (raw === undefined || raw === '') return EXPLORE_PAGE_DEFAULT
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > EXPLORE_PAGE_MAX)
    throw new AppError(400, MSG.malformed)
  return Number(raw)
}

export type ExploreQuery = { parent_slug?: string; cursor?: string; limit?: string }

/**
 * GET /api/folder/{slug}/explore/{area}: one page of a folder (the area's root without parent_slug):
 * its subfolders by name, then its files by name, at most `limit` entries, continued by `cursor`. Each
 * page is one index range (migration 004), so a folder of 5,000 files costs the same per page as one of
 * fifty.
 */
export async function exploreFolder(
  deps: Pick<Deps, 'db' | 'config'>,
  user: Actor,
  slug: string,
  areaRaw: string,
  query: ExploreQuery,
): Promise<ExploreResult> {
  const { db } = deps
  const area = fileAreaParam(areaRaw)
  const project = await access.project(deps, user, slug, 'area.read')
  const limit = pageSize(query.limit)
  const cursor = decodeCursor(query.cursor)
  const folder = query.parent_slug ? await findFolder(db, project.id, area, query.parent_slug) : null
  const parentId = folder?.id ?? null

  let folders: FolderEntry[] = []
  let next: Cursor | null = null
  if (!cursor || cursor.k === 'd') {
    const after = cursor?.n !== undefined ? { n: cursor.n, i: cursor.i as number } : undefined
    const rows = await folderEntries(db, project, area, parentId, { after, limit: limit + 1 })
    folders = rows.slice(0, limit).map((r) => r.entry)
    const last = rows[limit - 1]
    if (rows.length > limit && last) next = { k: 'd', n: last.sortKey, i: last.entry.id }
  }
  let files: ExploreResult['files'] = []
  if (!next) {
    const room = limit - folders.length
    const after =
      cursor?.k === 'f' && cursor.n !== undefined ? { n: cursor.n, i: cursor.i as number } : undefined
    let q = fileEntries(db)
      .select(sql<string>`lower(files.name)`.as('sort_key'))
      .where('files.deleted_at', 'is', null)
      .orderBy(sql`lower(files.name)`)
      .orderBy('files.id')
      .limit(room + 1)
    q =
      parentId === null
        ? q
            .where('files.project_id', '=', project.id)
            .where('files.area', '=', area)
            .where('files.folder_id', 'is', null)
        : q.where('files.folder_id', '=', parentId)
    // The first term is implied by the second; it lets SQLite seek the index instead of filtering it.
    if (after)
      q = q
        .where(sql<string>`lower(files.name)`, '>=', after.n)
        .where(sql<boolean>`(lower(files.name), files.id) > (${after.n}, ${after.i})`)
    const rows = await q.execute()
    files = rows.slice(0, room).map(toFileEntry)
    if (rows.length > room) {
      const last = rows[room - 1]
      next = last ? { k: 'f', n: last.sort_key, i: last.id } : { k: 'f' }
    }
  }

  const [paths, total] = await Promise.all([
    folder ? folderTrail(db, folder.id) : Promise.resolve([]),
    countEntries(db, project.id, area, parentId),
  ])
  return {
    area,
    folder: folder ? { id: folder.id, uuid: folder.uuid, name: folder.name } : null,
    paths,
    path: `/${paths.map((p) => p.name).join('/')}`,
    folders,
    files,
    next_cursor: next ? encodeCursor(next) : null,
    total,
    // The caller sees the project (or the call above failed): membership is settled.
    can: {
      write: access.can(user, 'area.write', { member: true, area }),
      review: access.can(user, 'file.review', { member: true }),
    },
    limits: { max_file_bytes: deps.config.maxUploadBytes, max_files: MAX_FILES_PER_UPLOAD },
  }
}

async function countEntries(db: Kysely<DB>, projectId: number, area: FileArea, parentId: number | null) {
  const folders = db
    .selectFrom('folders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('area', '=', area)
    .where(sql<number>`coalesce(parent_id, 0)`, '=', parentId ?? 0)
    .where('deleted_at', 'is', null)
  let files = db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
  files =
    parentId === null
      ? files.where('project_id', '=', projectId).where('area', '=', area).where('folder_id', 'is', null)
      : files.where('folder_id', '=', parentId)
  const [d, f] = await Promise.all([folders.executeTakeFirst(), files.executeTakeFirst()])
  return { folders: Number(d?.n ?? 0), files: Number(f?.n ?? 0) }
}

/** Subfolders of one place by name (case-insensitive), with their author and item counts. */
async function folderEntries(
  db: Kysely<DB>,
  project: Pick<ProjectRow, 'id'>,
  area: FileArea,
  parentId: number | null,
  opts: { after?: { n: string; i: number }; limit?: number; ids?: number[] },
): Promise<{ entry: FolderEntry; sortKey: string }[]> {
  let q = db
    .selectFrom('folders')
    .innerJoin('users as creator', 'creator.id', 'folders.created_by')
    .select([
      'folders.id',
      'folders.uuid',
      'folders.name',
      'folders.created_at',
      'folders.created_by',
      'creator.name as creator_name',
    ])
    .select(sql<string>`lower(folders.name)`.as('sort_key'))
    .select((eb) =>
      sql<number>`(${eb
        .selectFrom('folders as child')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('child.parent_id', '=', 'folders.id')
        .where('child.deleted_at', 'is', null)}) + (${eb
        .selectFrom('files')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('files.folder_id', '=', 'folders.id')
        .where('files.deleted_at', 'is', null)})`.as('items'),
    )
    .where('folders.project_id', '=', project.id)
    .where('folders.deleted_at', 'is', null)
    .where('folders.area', '=', area)
    .where(sql<number>`coalesce(folders.parent_id, 0)`, '=', parentId ?? 0)
    // Sibling names are unique by lower(name) (folders_sibling_name), so the name alone orders them.
    .orderBy(sql`lower(folders.name)`)
  if (opts.after) q = q.where(sql<string>`lower(folders.name)`, '>', opts.after.n)
  if (opts.ids) q = q.where('folders.id', 'in', opts.ids)
  if (opts.limit) q = q.limit(opts.limit)
  const rows = await q.execute()
  // sortKey is the database's own lower(name), so the cursor compares exactly as the index orders.
  return rows.map((r) => ({ entry: toFolderEntry(r), sortKey: r.sort_key }))
}

function toFolderEntry(
  row: Pick<FolderRow, 'id' | 'uuid' | 'name' | 'created_at' | 'created_by'> & {
    creator_name: string
    items: number | string
  },
): FolderEntry {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    created_at: row.created_at,
    creator: { id: row.created_by, name: row.creator_name },
    items: Number(row.items),
  }
}

async function creatorName(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst()
  return row?.name ?? ''
}
