import { type Kysely, type Selectable, sql } from 'kysely'
import {
  FILE_MSG,
  type FileArea,
  type FileEntry,
  type FolderRef,
  isFileArea,
} from '../../../src/contracts/files'
import type { DB, FoldersTable } from '../../db/schema'
import { notFound } from '../../http'

/** What the folder and file services share: the area of a path, folder lookups, file entries. */

/** `{area}` of a path: perencanaan or pengawasan; anything else names no browser (404). */
export function fileAreaParam(raw: string | undefined): FileArea {
  if (raw === undefined || !isFileArea(raw)) throw notFound(FILE_MSG.areaNotFound)
  return raw
}

export type FolderRow = Selectable<FoldersTable>

/** A folder of this project and area by uuid, or 404 'Folder tidak ditemukan' (also while in the trash). */
export async function findFolder(
  db: Kysely<DB>,
  projectId: number,
  area: FileArea,
  uuid: string,
): Promise<FolderRow> {
  const row = await db
    .selectFrom('folders')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('project_id', '=', projectId)
    .where('area', '=', area)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound(FILE_MSG.folderNotFound)
  return row
}

/** A folder by uuid anywhere in the project (the remove call names no area), or 404; not one in the trash. */
export async function findProjectFolder(db: Kysely<DB>, projectId: number, uuid: string): Promise<FolderRow> {
  const row = await db
    .selectFrom('folders')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row || !isFileArea(row.area)) throw notFound(FILE_MSG.folderNotFound)
  return row
}

/** The folders from the area's root down to `folderId` (the breadcrumb trail), root first. */
export async function folderTrail(db: Kysely<DB>, folderId: number): Promise<FolderRef[]> {
  const { rows } = await sql<FolderRef & { depth: number }>`
    WITH RECURSIVE trail (id, uuid, name, parent_id, depth) AS (
      SELECT id, uuid, name, parent_id, 0 FROM folders WHERE id = ${folderId}
      UNION ALL
      SELECT f.id, f.uuid, f.name, f.parent_id, trail.depth + 1
      FROM folders f JOIN trail ON f.id = trail.parent_id
    )
    SELECT id, uuid, name, depth FROM trail ORDER BY depth DESC`.execute(db)
  return rows.map((r) => ({ id: Number(r.id), uuid: r.uuid, name: r.name }))
}

/**
 * Every folder at or below `folderId` with its depth below it (0 for the folder itself), trashed ones
 * included (the trash moves and purges whole subtrees).
 */
export async function folderSubtree(
  db: Kysely<DB>,
  folderId: number,
): Promise<{ id: number; depth: number }[]> {
  const { rows } = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE tree (id, depth) AS (
      SELECT id, 0 FROM folders WHERE id = ${folderId}
      UNION ALL
      SELECT f.id, tree.depth + 1 FROM folders f JOIN tree ON f.parent_id = tree.id
    )
    SELECT id, depth FROM tree`.execute(db)
  return rows.map((r) => ({ id: Number(r.id), depth: Number(r.depth) }))
}

/** Files with their author and reviewer names, as the browser lists them. */
export function fileEntries(db: Kysely<DB>) {
  return db
    .selectFrom('files')
    .innerJoin('users as creator', 'creator.id', 'files.creator_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'files.reviewed_by')
    .select([
      'files.id',
      'files.uuid',
      'files.name',
      'files.size_bytes',
      'files.mime',
      'files.status',
      'files.created_at',
      'files.creator_id',
      'creator.name as creator_name',
      'files.reviewed_by',
      'reviewer.name as reviewer_name',
      'files.reviewed_at',
      'files.review_note',
    ])
}

export type FileEntryRow = {
  id: number
  uuid: string
  name: string
  size_bytes: number
  mime: string
  status: FileEntry['status']
  created_at: string
  creator_id: number
  creator_name: string
  reviewed_by: number | null
  reviewer_name: string | null
  reviewed_at: string | null
  review_note: string | null
}

export function toFileEntry(row: FileEntryRow): FileEntry {
  const bytes = Number(row.size_bytes)
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    size_kb: Math.round((bytes / 1024) * 100) / 100,
    size_bytes: bytes,
    mime: row.mime,
    status: row.status,
    creator: { id: row.creator_id, name: row.creator_name },
    created_at: row.created_at,
    reviewer: row.reviewed_by !== null ? { id: row.reviewed_by, name: row.reviewer_name ?? '' } : null,
    reviewed_at: row.reviewed_at,
    review_note: row.review_note,
  }
}
