import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * Whether a public blob belongs to a documentation item in Sampah (issue 31): a photo, any version's,
 * or its thumbnail. GET /storage/{key} answers 404 for it while it is there and serves it again once
 * restored, as it did when a delete removed the bytes at once. The trash state is the database's
 * (docs.deleted_at), so every process answers the same the moment a delete or restore commits; one
 * lookup by the indexed key per request (migration 018), nothing remembered between requests.
 * Avatars and the firm's logo are in no table this reads: never hidden. Area files and recaps are
 * private blobs, never served by /storage/ at all.
 */
export async function isTrashedPublicBlob(db: Kysely<DB>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('doc_images')
    .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
    .select('doc_images.id')
    .where((eb) => eb.or([eb('doc_images.blob_key', '=', key), eb('doc_images.thumb_key', '=', key)]))
    .where('docs.deleted_at', 'is not', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
