import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Folders and files of the perencanaan and pengawasan areas (issue 7).
 *
 * Listing: a folder is read in pages ordered by name (case-insensitive) then id, continued from a cursor,
 * so a folder of 5,000 files costs one short index range per page. Files of a folder use
 * files_in_folder (folder_id, lower(name), id), which also serves the cascade from a deleted folder;
 * files at an area's root (folder_id null) use the partial files_at_root. They replace files_folder.
 *
 * Folder names are unique among siblings whatever their case: a unique index over the parent (0 for the
 * root, since NULLs never collide in a unique index) and lower(name), so two concurrent creates of one
 * name cannot both land. It replaces folders_place; folders_parent serves the walk down a tree and the
 * cascade from a deleted parent.
 *
 * Review: who approved or rejected a file, and when.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('files')
      .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
      .execute()
    await db.schema.alterTable('files').addColumn('reviewed_at', 'text').execute()

    await db.schema.dropIndex('files_folder').execute()
    await sql`CREATE INDEX files_in_folder ON files (folder_id, lower(name), id)`.execute(db)
    await sql`CREATE INDEX files_at_root ON files (project_id, area, lower(name), id) WHERE folder_id IS NULL`.execute(
      db,
    )

    await db.schema.dropIndex('folders_place').execute()
    await sql`CREATE UNIQUE INDEX folders_sibling_name ON folders (project_id, area, coalesce(parent_id, 0), lower(name))`.execute(
      db,
    )
    await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute()
  }
}
