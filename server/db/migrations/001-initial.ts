import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

export function up(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer'
  return async (db: Kysely<unknown>) => {
    // Auto-increment primary key, spelled per dialect.
    const table = (name: string) =>
      db.schema
        .createTable(name)
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )

    await table('users')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute()
    // Email is unique among live accounts only, so a removed employee's address can be reused.
    await db.schema
      .createIndex('users_email_live')
      .unique()
      .on('users')
      .column('email')
      .where(sql.ref('deleted_at'), 'is', null)
      .execute()
    await db.schema.createIndex('users_role').on('users').columns(['role', 'deleted_at']).execute()

    await table('sessions')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute()

    await table('projects')
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('project_members')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
      .execute()
    await db.schema.createIndex('project_members_user').on('project_members').column('user_id').execute()

    await table('folders')
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('folders_place')
      .on('folders')
      .columns(['project_id', 'area', 'parent_id'])
      .execute()

    await table('files')
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size_bytes', bigint, (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    // Covering index for the per-project, per-area, per-status counts of the dashboard.
    await db.schema
      .createIndex('files_counts')
      .on('files')
      .columns(['project_id', 'area', 'status'])
      .execute()
    await db.schema
      .createIndex('files_folder')
      .on('files')
      .columns(['project_id', 'area', 'folder_id'])
      .execute()

    await table('docs')
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('docs_counts').on('docs').columns(['project_id', 'status']).execute()

    await table('doc_images')
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('doc_id', 'integer', (c) => c.notNull().references('docs.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('ext', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('size_bytes', bigint, (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('doc_images_doc').on('doc_images').column('doc_id').execute()

    await db.schema
      .createTable('doc_likes')
      .addColumn('doc_id', 'integer', (c) => c.notNull().references('docs.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('doc_likes_pk', ['doc_id', 'user_id'])
      .execute()

    await table('doc_comments')
      .addColumn('doc_id', 'integer', (c) => c.notNull().references('docs.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('doc_comments_doc')
      .on('doc_comments')
      .columns(['doc_id', 'created_at'])
      .execute()

    await table('recap_files')
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size_bytes', bigint, (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('recap_files_project').on('recap_files').column('project_id').execute()

    await table('notifications')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('link', 'text')
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('notifications_user')
      .on('notifications')
      .columns(['user_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()
  }
}
