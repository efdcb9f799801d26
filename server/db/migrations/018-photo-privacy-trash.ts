import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A photo's place is private, also in the trash (issue 31, docs/decisions/0072).
 *
 * - doc_images (blob_key) and (thumb_key): GET /storage/{key} asks whether a key is a photo or a
 *   thumbnail of an item in Sampah (404 while it is there), one indexed lookup per request.
 * - sha256 emptied on every stored photo: the privacy walk (doc.privacy, queued at process start for
 *   rows without a hash) reads each photo once more and strips what the stripping now also covers
 *   (HEIC and AVIF GPS, a JPEG's trailer, Extended XMP, XMP in PNG and WebP), then writes the hash of
 *   the stored bytes back. Until then a photo's hash reads as not yet computed.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.createIndex('doc_images_blob_key').on('doc_images').column('blob_key').execute()
    await db.schema.createIndex('doc_images_thumb_key').on('doc_images').column('thumb_key').execute()
    await sql`UPDATE doc_images SET sha256 = NULL WHERE ext <> 'gif'`.execute(db)
  }
}
