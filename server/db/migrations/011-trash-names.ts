import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A folder in the trash no longer holds its name (issue 23): folders_sibling_name (migration 004) is
 * now unique among the siblings outside the trash only, so a new folder may take a trashed one's name.
 * Restoring a folder whose name was taken meanwhile answers 409 (server/modules/trash).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await sql`DROP INDEX folders_sibling_name`.execute(db)
    await sql`CREATE UNIQUE INDEX folders_sibling_name ON folders (project_id, area, coalesce(parent_id, 0), lower(name)) WHERE deleted_at IS NULL`.execute(
      db,
    )
  }
}
