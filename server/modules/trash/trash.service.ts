import { type Kysely, sql } from 'kysely'
import {
  TRASH_DAYS,
  TRASH_KINDS,
  TRASH_MSG,
  type TrashItem,
  type TrashKind,
  type TrashRestored,
} from '../../../src/contracts/trash'
import { type Actor, access, type ProjectRow } from '../../access'
import { docName, type HistoryActor, recordHistory } from '../../base/audit'
import { isConstraintError } from '../../base/db-errors'
import type { Dialect } from '../../db/dialect'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, notFound } from '../../http'
import { type BlobRef, deleteBlobsQuietly } from '../../uploads/commit'
import { folderSubtree } from '../files/area-files'
import { deleteFolderRows, lockProject } from '../folders/folders.service'

/*
 * Sampah (issue 23, decision 0064). A deleted file, folder or documentation item keeps its rows and blobs
 * with deleted_at/deleted_by set; everything that lists or counts leaves such rows out. A folder's delete
 * stamps the folder and everything below it that was not already in the trash with one deleted_at, so:
 *
 * - the trash lists the rows the person deleted: a row stamped like its parent folder went with it and
 *   is not listed on its own;
 * - a folder's restore brings back exactly the rows stamped with its deleted_at (a file deleted before
 *   the folder stays in the trash);
 * - a file or folder whose folder is in the trash or gone is restored to its area's root
 *   (TRASH_MSG.parentGone), rather than bringing back a chain of folders the person did not ask for.
 *
 * A purge deletes the rows (a folder with everything below it) and then the blobs; comments, likes and
 * images of an item go with it; the history stays, and records the purge. After TRASH_DAYS days the
 * daily sweep (trash-sweep-job.ts) purges what is left.
 */

const DAY_MS = 24 * 60 * 60 * 1000

export function trashKindParam(raw: string): TrashKind {
  if (!(TRASH_KINDS as readonly string[]).includes(raw)) throw notFound(TRASH_MSG.badKind)
  return raw as TrashKind
}

type TrashRow = {
  kind: TrashKind
  id: number
  uuid: string
  name: string
  area: string
  deleted_at: string
  deleted_by: number | null
  deleted_by_name: string | null
}

/** Rows the person deleted (not those that went with their folder), deleted before `before` if given. */
async function trashRows(db: Kysely<DB>, projectId: number, before?: string): Promise<TrashRow[]> {
  let files = db
    .selectFrom('files')
    .leftJoin('folders as parent', 'parent.id', 'files.folder_id')
    .leftJoin('users', 'users.id', 'files.deleted_by')
    .select([
      'files.id',
      'files.uuid',
      'files.name',
      'files.area',
      'files.deleted_at',
      'files.deleted_by',
      'users.name as deleted_by_name',
    ])
    .where('files.project_id', '=', projectId)
    .where('files.deleted_at', 'is not', null)
    .where(sql<boolean>`(parent.deleted_at IS NULL OR parent.deleted_at <> files.deleted_at)`)
  let folders = db
    .selectFrom('folders')
    .leftJoin('folders as parent', 'parent.id', 'folders.parent_id')
    .leftJoin('users', 'users.id', 'folders.deleted_by')
    .select([
      'folders.id',
      'folders.uuid',
      'folders.name',
      'folders.area',
      'folders.deleted_at',
      'folders.deleted_by',
      'users.name as deleted_by_name',
    ])
    .where('folders.project_id', '=', projectId)
    .where('folders.deleted_at', 'is not', null)
    .where(sql<boolean>`(parent.deleted_at IS NULL OR parent.deleted_at <> folders.deleted_at)`)
  let docs = db
    .selectFrom('docs')
    .leftJoin('users', 'users.id', 'docs.deleted_by')
    .select([
      'docs.id',
      'docs.uuid',
      'docs.description as name',
      'docs.deleted_at',
      'docs.deleted_by',
      'users.name as deleted_by_name',
    ])
    .where('docs.project_id', '=', projectId)
    .where('docs.deleted_at', 'is not', null)
  if (before) {
    files = files.where('files.deleted_at', '<', before)
    folders = folders.where('folders.deleted_at', '<', before)
    docs = docs.where('docs.deleted_at', '<', before)
  }
  const [f, d, i] = await Promise.all([files.execute(), folders.execute(), docs.execute()])
  const rows: TrashRow[] = [
    ...d.map((r) => ({ ...r, kind: 'folder' as const, deleted_at: r.deleted_at as string })),
    ...f.map((r) => ({ ...r, kind: 'file' as const, deleted_at: r.deleted_at as string })),
    ...i.map((r) => ({
      ...r,
      kind: 'doc' as const,
      name: docName(r.name) || 'Dokumentasi',
      area: 'dokumentasi',
      deleted_at: r.deleted_at as string,
    })),
  ]
  return rows.sort((a, b) =>
    a.deleted_at === b.deleted_at ? b.id - a.id : a.deleted_at < b.deleted_at ? 1 : -1,
  )
}

/** GET /api/project/{id}/trash (admins): what is in the trash, newest first. */
export async function listTrash(deps: Pick<Deps, 'db'>, user: Actor, ref: string): Promise<TrashItem[]> {
  const project = await access.project(deps, user, ref, 'trash.manage')
  const rows = await trashRows(deps.db, project.id)
  return rows.map((r) => ({
    kind: r.kind,
    uuid: r.uuid,
    name: r.name,
    area: r.area,
    deleted_at: r.deleted_at,
    deleted_by: r.deleted_by !== null ? { id: r.deleted_by, name: r.deleted_by_name ?? '' } : null,
    expires_at: new Date(Date.parse(r.deleted_at) + TRASH_DAYS * DAY_MS).toISOString(),
  }))
}

/** A row of the trash by uuid (one that went with its folder too), or 404 TRASH_MSG.notFound. */
async function trashed(trx: Kysely<DB>, projectId: number, kind: TrashKind, uuid: string) {
  const table = kind === 'file' ? 'files' : kind === 'folder' ? 'folders' : 'docs'
  const row = await trx
    .selectFrom(table)
    .select(['id', 'uuid', 'deleted_at'])
    .where('project_id', '=', projectId)
    .where('uuid', '=', uuid)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst()
  if (!row) throw notFound(TRASH_MSG.notFound)
  return row as { id: number; uuid: string; deleted_at: string }
}

/** A live folder by id, or null (in the trash, or gone). */
async function liveFolder(trx: Kysely<DB>, id: number | null) {
  if (id === null) return null
  return (
    (await trx
      .selectFrom('folders')
      .select(['id', 'uuid', 'name'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) ?? null
  )
}

export type RestoreOutcome = { data: TrashRestored; message: string }

/** POST /api/project/{id}/trash/{kind}/{uuid}/restore (admins). */
export async function restoreTrash(
  deps: Pick<Deps, 'db' | 'dialect'>,
  user: Actor,
  ref: string,
  kindRaw: string,
  uuid: string,
): Promise<RestoreOutcome> {
  const project = await access.project(deps, user, ref, 'trash.manage')
  const kind = trashKindParam(kindRaw)
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockProject(trx, deps.dialect, project.id)
      const row = await trashed(trx, project.id, kind, uuid)
      if (kind === 'doc') return restoreDoc(trx, user, project, row)
      if (kind === 'file') return restoreFile(trx, user, project, row)
      return restoreFolder(trx, user, project, row)
    })
  } catch (err) {
    // A folder of the same name was made where this one stood (folders_sibling_name, migration 011).
    if (isConstraintError(err, 'unique')) throw new AppError(409, TRASH_MSG.nameTaken)
    throw err
  }
}

type Trashed = { id: number; uuid: string; deleted_at: string }

async function restoreDoc(trx: Kysely<DB>, user: Actor, project: ProjectRow, row: Trashed) {
  const doc = await trx
    .updateTable('docs')
    .set({ deleted_at: null, deleted_by: null })
    .where('id', '=', row.id)
    .returning(['description'])
    .executeTakeFirstOrThrow()
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'restore',
    object: { kind: 'doc', id: row.uuid, name: docName(doc.description) },
  })
  return { message: TRASH_MSG.restored, data: { kind: 'doc' as const, uuid: row.uuid, folder: null } }
}

async function restoreFile(trx: Kysely<DB>, user: Actor, project: ProjectRow, row: Trashed) {
  const file = await trx
    .selectFrom('files')
    .select(['folder_id', 'name', 'area'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow()
  const folder = await liveFolder(trx, file.folder_id)
  const moved = file.folder_id !== null && !folder
  await trx
    .updateTable('files')
    .set({ deleted_at: null, deleted_by: null, folder_id: folder?.id ?? null })
    .where('id', '=', row.id)
    .execute()
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'restore',
    object: { kind: 'file', id: row.uuid, name: file.name },
    detail: { area: file.area, folder: folder?.name ?? null, ...(moved ? { to_root: true } : {}) },
  })
  return {
    message: moved ? TRASH_MSG.parentGone : TRASH_MSG.restored,
    data: {
      kind: 'file' as const,
      uuid: row.uuid,
      folder: folder ? { uuid: folder.uuid, name: folder.name } : null,
    },
  }
}

async function restoreFolder(trx: Kysely<DB>, user: Actor, project: ProjectRow, row: Trashed) {
  const folder = await trx
    .selectFrom('folders')
    .select(['parent_id', 'name', 'area'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow()
  const parent = await liveFolder(trx, folder.parent_id)
  const moved = folder.parent_id !== null && !parent
  const ids = (await folderSubtree(trx, row.id)).map((f) => f.id)
  // The folder itself first: its name may be taken where it goes (409 from the unique index).
  await trx
    .updateTable('folders')
    .set({ deleted_at: null, deleted_by: null, parent_id: parent?.id ?? null })
    .where('id', '=', row.id)
    .execute()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK)
    await trx
      .updateTable('folders')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', 'in', chunk)
      .where('deleted_at', '=', row.deleted_at)
      .execute()
    await trx
      .updateTable('files')
      .set({ deleted_at: null, deleted_by: null })
      .where('folder_id', 'in', chunk)
      .where('deleted_at', '=', row.deleted_at)
      .execute()
  }
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'restore',
    object: { kind: 'folder', id: row.uuid, name: folder.name },
    detail: { area: folder.area, parent: parent?.name ?? null, ...(moved ? { to_root: true } : {}) },
  })
  return {
    message: moved ? TRASH_MSG.parentGone : TRASH_MSG.restored,
    data: {
      kind: 'folder' as const,
      uuid: row.uuid,
      folder: parent ? { uuid: parent.uuid, name: parent.name } : null,
    },
  }
}

const CHUNK = 500

/** DELETE /api/project/{id}/trash/{kind}/{uuid} (admins): rows now, blobs after the commit. */
export async function purgeTrash(
  deps: Pick<Deps, 'db' | 'dialect' | 'store' | 'logger'>,
  user: Actor,
  ref: string,
  kindRaw: string,
  uuid: string,
): Promise<void> {
  const project = await access.project(deps, user, ref, 'trash.manage')
  const kind = trashKindParam(kindRaw)
  const blobs = await deps.db.transaction().execute(async (trx) => {
    await lockProject(trx, deps.dialect, project.id)
    const row = await trashed(trx, project.id, kind, uuid)
    return purgeRow(trx, user, project.id, kind, row.id)
  })
  await deleteBlobsQuietly(deps, blobs, 'of an item deleted for good')
}

/**
 * Deletes one trashed item's rows for good and records the purge; answers the blobs to remove after the
 * commit. Also the sweep's (with the system as the actor).
 */
export async function purgeRow(
  trx: Kysely<DB>,
  actor: Actor | HistoryActor,
  projectId: number,
  kind: TrashKind,
  id: number,
): Promise<BlobRef[]> {
  if (kind === 'file') {
    const gone = await trx
      .deleteFrom('files')
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning(['uuid', 'name', 'area', 'blob_key'])
      .executeTakeFirst()
    if (!gone) throw notFound(TRASH_MSG.notFound)
    await recordHistory(trx, actor, {
      projectId,
      action: 'purge',
      object: { kind: 'file', id: gone.uuid, name: gone.name },
      detail: { area: gone.area },
    })
    return [{ key: gone.blob_key, visibility: 'private' }]
  }
  if (kind === 'folder') {
    const folder = await trx
      .selectFrom('folders')
      .select(['uuid', 'name', 'area'])
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst()
    if (!folder) throw notFound(TRASH_MSG.notFound)
    const keys = await deleteFolderRows(trx, await folderSubtree(trx, id))
    await recordHistory(trx, actor, {
      projectId,
      action: 'purge',
      object: { kind: 'folder', id: folder.uuid, name: folder.name },
      detail: { area: folder.area },
    })
    return keys.map((key) => ({ key, visibility: 'private' as const }))
  }
  const doc = await trx
    .selectFrom('docs')
    .select(['uuid', 'description'])
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst()
  if (!doc) throw notFound(TRASH_MSG.notFound)
  const images = await trx
    .selectFrom('doc_images')
    .select(['blob_key', 'thumb_key'])
    .where('doc_id', '=', id)
    .execute()
  await trx.deleteFrom('doc_likes').where('doc_id', '=', id).execute()
  await trx.deleteFrom('doc_comments').where('doc_id', '=', id).execute()
  await trx.deleteFrom('doc_images').where('doc_id', '=', id).execute()
  await trx.deleteFrom('docs').where('id', '=', id).execute()
  await recordHistory(trx, actor, {
    projectId,
    action: 'purge',
    object: { kind: 'doc', id: doc.uuid, name: docName(doc.description) },
  })
  return images
    .flatMap((i) => [i.blob_key, i.thumb_key])
    .filter((k): k is string => !!k)
    .map((key) => ({ key, visibility: 'public' as const }))
}

/** Who the history names for what the daily sweep removed. */
export const SWEEP_ACTOR = { id: null, name: 'Sistem (sampah 30 hari)', role: 'admin' } as const

/**
 * Purges everything of every project that has been in the trash longer than TRASH_DAYS days, in `trx`;
 * answers the blobs to remove after the commit.
 */
export async function purgeExpired(trx: Kysely<DB>, dialect: Dialect, now: Date): Promise<BlobRef[]> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString()
  const projects = await sql<{ project_id: number }>`
    SELECT project_id FROM files WHERE deleted_at < ${cutoff}
    UNION SELECT project_id FROM folders WHERE deleted_at < ${cutoff}
    UNION SELECT project_id FROM docs WHERE deleted_at < ${cutoff}`.execute(trx)
  const blobs: BlobRef[] = []
  for (const { project_id } of projects.rows) {
    const projectId = Number(project_id)
    await lockProject(trx, dialect, projectId)
    // Folders first: a file listed on its own may be inside one of them and go with it.
    const rows = (await trashRows(trx, projectId, cutoff)).sort(
      (a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder'),
    )
    for (const row of rows) {
      try {
        blobs.push(
          ...(await purgeRow(trx, SWEEP_ACTOR as unknown as HistoryActor, projectId, row.kind, row.id)),
        )
      } catch (err) {
        // Already gone with its folder.
        if (!(err instanceof AppError && err.status === 404)) throw err
      }
    }
  }
  return blobs
}
