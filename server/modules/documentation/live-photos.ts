import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/*
 * The one read of "the current photos": each item's photos of its current version (earlier versions'
 * stay stored for the item's history). Documentation owns the photo tables; the project zip and the
 * report's selection read them through here, each narrowing and selecting what it needs.
 */

/** Photos of their item's current version, joined with the item (`docs`), deleted items included. */
export function currentPhotos(db: Kysely<DB>) {
  return db
    .selectFrom('doc_images')
    .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
    .whereRef('doc_images.version', '=', 'docs.version')
}

/** The current photos of a project's live items (not in the trash), as the app shows them. */
export function livePhotos(db: Kysely<DB>, projectId: number) {
  return currentPhotos(db).where('docs.project_id', '=', projectId).where('docs.deleted_at', 'is', null)
}
