import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Laporan Dokumentasi and its sharing (issue 24).
 *
 * - reports: one PDF report of a project's documentation over a period (Asia/Jakarta days, inclusive),
 *   made by the job queue ('report.render'): status queued -> running -> ready | failed, progress 0-100.
 *   `code` is the verification code printed on every page (unique, public); `blob_key` the stored PDF;
 *   `recap_id` the Rekap file it was saved as; `deleted_at` when an admin removed it (the row stays so the
 *   verification page can say the report is no longer valid).
 * - report_photos: exactly which photos the report holds, chosen in the transaction that created it
 *   (a photo uploaded or approved later is not in it), with the SHA-256 and capture time they had then:
 *   the verification page lists these and compares them with what is stored now.
 * - shares: a link a client opens without an account ('/s/{token}'): of a report, or of the approved
 *   documentation of a period. The token (>= 128 bits) is stored as made so an admin can copy the link
 *   again; `pin_hash` (scrypt) when it has a 6-digit PIN; `sign_key` signs the short-lived URLs of its
 *   photos and PDF; `view_count` counts opened pages.
 * - whatsapp_outbox: a message may carry a document (the report's PDF, sent where the driver can):
 *   the blob's key, its file name and type; whatsapp_sim_sent records the document the simulated driver
 *   "delivered" (name and size).
 */
export function up(dialect: Dialect) {
  const pg = dialect === 'postgres'
  const idType = pg ? 'serial' : 'integer'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('reports')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('period_from', 'text', (c) => c.notNull())
      .addColumn('period_to', 'text', (c) => c.notNull())
      .addColumn('work_item_ids', 'text') // JSON array, null = all work items
      .addColumn('include', 'text', (c) => c.notNull())
      .addColumn('per_page', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pages', 'integer')
      .addColumn('blob_key', 'text')
      .addColumn('size_bytes', 'bigint')
      .addColumn('sha256', 'text')
      .addColumn('recap_id', 'integer')
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('deleted_at', 'text')
      .execute()
    await db.schema.createIndex('reports_project').on('reports').columns(['project_id', 'id']).execute()

    await db.schema
      .createTable('report_photos')
      .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('doc_id', 'integer', (c) => c.notNull())
      .addColumn('doc_image_id', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text')
      .addColumn('taken_at', 'text')
      .addPrimaryKeyConstraint('report_photos_pk', ['report_id', 'position'])
      .execute()

    await db.schema
      .createTable('shares')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('report_id', 'integer', (c) => c.references('reports.id').onDelete('cascade'))
      .addColumn('period_from', 'text')
      .addColumn('period_to', 'text')
      .addColumn('work_item_ids', 'text')
      .addColumn('pin_hash', 'text')
      .addColumn('sign_key', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_viewed_at', 'text')
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('shares_project').on('shares').columns(['project_id', 'id']).execute()

    for (const name of ['document_key', 'document_name', 'document_mime'])
      await db.schema.alterTable('whatsapp_outbox').addColumn(name, 'text').execute()
    // What the simulated driver "delivered" as a document (the report's PDF): its name and size.
    await db.schema.alterTable('whatsapp_sim_sent').addColumn('document_name', 'text').execute()
    await db.schema.alterTable('whatsapp_sim_sent').addColumn('document_size', 'integer').execute()
  }
}
