import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Share links told apart (issue 30): two links of one report looked the same in the admin's list.
 * `label` is what the admin calls the link ('Pak Budi, PPK Dinas PU'); `sent_phone` and `sent_at` the
 * number it was last sent to by WhatsApp and when (queued), so 'Kirim ulang' offers that number again.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('shares').addColumn('label', 'text').execute()
    await db.schema.alterTable('shares').addColumn('sent_phone', 'text').execute()
    await db.schema.alterTable('shares').addColumn('sent_at', 'text').execute()
  }
}
