import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Laporan Harian (issue 34, docs/decisions/0089-daily-diary-server.md).
 *
 * - diary_days: one row per project and firm day, made by its first write (a day never written has no
 *   row and reads as an empty draft, version 0). `sections` is the JSON of the six sections,
 *   `section_versions` the JSON { section: the day's version at which it last changed }; `version` grows
 *   with every change, `revision` with every correction of a signed day. `hash`: the sha256 of the
 *   submitted content, null while a draft.
 * - diary_signatures: who signed which revision in which role, when, from where, over which hash; the
 *   drawn signature as its data URL. One per day, revision and role.
 * - diary_versions: a signed revision superseded by a correction: its content, hash and the reason.
 * - diary_sign_links: the contractor's link '/t/{token}'; only the token's sha256 is stored. One use;
 *   a resubmit revokes the older one.
 */
export function up(dialect: Dialect) {
  const pg = dialect === 'postgres'
  const idType = pg ? 'serial' : 'integer'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('diary_days')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('section_versions', 'text', (c) => c.notNull())
      // JSON { section: { by, at } }: who last changed each section, for a clash to name that writer.
      .addColumn('section_authors', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('hash', 'text')
      .addColumn('returned_note', 'text')
      .addColumn('revision_reason', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_by_name', 'text', (c) => c.notNull())
      .addUniqueConstraint('diary_days_project_day', ['project_id', 'day'])
      .execute()

    await db.schema
      .createTable('diary_signatures')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('diary_id', 'integer', (c) => c.notNull().references('diary_days.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('signed_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('diary_signatures_once', ['diary_id', 'revision', 'role'])
      .execute()

    await db.schema
      .createTable('diary_versions')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('diary_id', 'integer', (c) => c.notNull().references('diary_days.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('superseded_at', 'text', (c) => c.notNull())
      .addColumn('superseded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addUniqueConstraint('diary_versions_once', ['diary_id', 'revision'])
      .execute()

    await db.schema
      .createTable('diary_sign_links')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('diary_id', 'integer', (c) => c.notNull().references('diary_days.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('used_at', 'text')
      .addColumn('decision', 'text')
      .execute()
    await db.schema.createIndex('diary_sign_links_diary').on('diary_sign_links').column('diary_id').execute()
  }
}
