import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Documentation photos (issue 8).
 *
 * Each image keeps its original blob and a ~480 px WebP thumbnail beside it (thumb_key, also a public
 * blob: the orphan sweep knows the column), the thumbnail's size for layout without shifts, and the
 * capture time the camera wrote into EXIF (text, like every timestamp here).
 *
 * The grid pages newest first with a cursor on the id: docs_list (project_id, id) makes every page one
 * short index range whatever the project's size. Likes and comments are counted per page through their
 * primary key (doc_id, user_id) and doc_comments_doc (doc_id, created_at), which already exist.
 *
 * Review: who approved or asked for a revision, and when.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('doc_images').addColumn('thumb_key', 'text').execute()
    await db.schema.alterTable('doc_images').addColumn('thumb_width', 'integer').execute()
    await db.schema.alterTable('doc_images').addColumn('thumb_height', 'integer').execute()
    await db.schema.alterTable('doc_images').addColumn('taken_at', 'text').execute()

    await db.schema
      .alterTable('docs')
      .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
      .execute()
    await db.schema.alterTable('docs').addColumn('reviewed_at', 'text').execute()

    await db.schema.createIndex('docs_list').on('docs').columns(['project_id', 'id']).execute()
  }
}
