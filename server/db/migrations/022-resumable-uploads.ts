import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Resumable uploads of big area and recap files (issue 32, docs/decisions/0080-big-files-resume.md).
 *
 * - resumable_uploads: one announced file on its way in: who (user_id), where (project_id, target: an
 *   area or 'rekap', folder_slug), what (name, size_bytes), how far (received_bytes: the next part must
 *   start exactly here), until when (expires_at, moved on by every part; the sweep job removes expired
 *   ones). `fingerprint` is set at completion (the Idempotency-Key's payload, so a repeat of the commit
 *   replays its stored answer), `completed_at` then too.
 * - resumable_parts: each received part, a blob of its own in the blob store under `blob_key`, at
 *   `start_byte`. Nothing is held in any process: a part sent to another process continues the upload.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('resumable_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('folder_slug', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('received_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('fingerprint', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute()
    await db.schema
      .createIndex('resumable_uploads_expiry')
      .on('resumable_uploads')
      .column('expires_at')
      .execute()

    await db.schema
      .createTable('resumable_parts')
      .addColumn('upload_id', 'text', (c) =>
        c.notNull().references('resumable_uploads.id').onDelete('cascade'),
      )
      .addColumn('start_byte', 'bigint', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('resumable_parts_pk', ['upload_id', 'start_byte'])
      .execute()
  }
}
