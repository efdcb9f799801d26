import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Reports an owner accepts (issue 30).
 *
 * - firm_settings: the firm's name, address, phone, logo and the signature block of its reports
 *   ('Dibuat oleh / Diperiksa oleh / Disetujui oleh'), kept by admins in the app. One row (id 1) per
 *   database, which is one firm; absent until an admin first saves, and FIRM_NAME stays the name
 *   until then. `signatories` is JSON ([{ label, name, title }]); `logo_key` a public blob (PNG/JPEG).
 * - work_items.position: the order admins give (bill-of-quantities order: I. Persiapan, II. Struktur...),
 *   used wherever work items are listed and by the report's sections. Existing items keep the order
 *   they were shown in, by name. `code` is the item's number in that bill ('I.1', 'A.2'), optional.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('firm_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('signatories', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('logo_key', 'text')
      .addColumn('updated_by', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema
      .alterTable('work_items')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('work_items').addColumn('code', 'text').execute()
    // Today's order, by name (then id), becomes the first given order of every project.
    await sql`
      update work_items set position = (
        select count(*) from work_items w2
        where w2.project_id = work_items.project_id
          and (lower(w2.name) < lower(work_items.name)
            or (lower(w2.name) = lower(work_items.name) and w2.id < work_items.id))
      )`.execute(db)
    await db.schema
      .createIndex('work_items_position')
      .on('work_items')
      .columns(['project_id', 'position'])
      .execute()
  }
}
