import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Reviews that reach the field (issue 30).
 *
 * - files.review_note: the reason an admin gave when sending an area file back ('Revisi'), as
 *   documentation items have had since migration 010. Null for approvals and for files reviewed before.
 * - docs.review_note now holds the note of the current version's review only: it is cleared when a new
 *   version is uploaded or the item is approved. Items stored before kept the note of an earlier
 *   version (an approved revision printed version 1's reason in the report); those notes are cleared
 *   here. Nothing is lost: every note is in the item's history (the 'reject' entry of its version).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('files').addColumn('review_note', 'text').execute()
    await sql`UPDATE docs SET review_note = NULL WHERE status <> 'rejected' AND review_note IS NOT NULL`.execute(
      db,
    )
  }
}
