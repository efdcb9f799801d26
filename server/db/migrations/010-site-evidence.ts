import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Site evidence (issue 23): when, where and of what each photo is; a review loop with reasons and
 * versions; an append-only history; a trash for files, folders and documentation items; project edits
 * that cannot silently overwrite each other.
 *
 * - work_items: a project's 'Item Pekerjaan' (kept by admins). A documentation item may name one
 *   (docs.work_item_id; deleting the work item leaves the item without one).
 * - docs: location (free text), progress (0-100), the latest review note, the current version (1 at
 *   upload, +1 per 'Unggah Revisi'), and deleted_at/deleted_by while in the trash.
 * - doc_images: received_at (when the server stored it), sha256 of the stored bytes, the capture
 *   place (lat, lng, accuracy_m; never in the public bytes) and the item version it belongs to (the
 *   list shows the current version's photos; earlier ones stay for the history).
 * - files, folders: deleted_at/deleted_by while in the trash (restored or purged after 30 days).
 * - projects: version (+1 per edit; a save of an older version answers 409) and who edited last.
 * - history: one row per thing that happened (upload, revision, review, comment, deletion, restore,
 *   rename, membership change, project edit): who, when, what, and a JSON detail with before/after.
 *   Nothing updates or deletes a row except the project's own deletion.
 * - The project_stats triggers of migration 002 count only rows outside the trash from now on.
 */
export function up(dialect: Dialect) {
  const pg = dialect === 'postgres'
  const idType = pg ? 'serial' : 'integer'
  const real = pg ? 'double precision' : 'real'
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('work_items')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    // One name once per project, whatever its case ('Struktur' and 'struktur' are the same item).
    await sql`CREATE UNIQUE INDEX work_items_name ON work_items (project_id, lower(name))`.execute(db)

    await db.schema
      .alterTable('docs')
      .addColumn('work_item_id', 'integer', (c) => c.references('work_items.id').onDelete('set null'))
      .execute()
    for (const [name, type] of [
      ['location', 'text'],
      ['progress', 'integer'],
      ['review_note', 'text'],
      ['deleted_at', 'text'],
      ['deleted_by', 'integer'],
    ] as const)
      await db.schema.alterTable('docs').addColumn(name, type).execute()
    await db.schema
      .alterTable('docs')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()

    for (const [name, type] of [
      ['received_at', 'text'],
      ['sha256', 'text'],
      ['lat', real],
      ['lng', real],
      ['accuracy_m', real],
    ] as const)
      await db.schema.alterTable('doc_images').addColumn(name, sql.raw(type)).execute()
    await db.schema
      .alterTable('doc_images')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    // Photos stored before: received with their item.
    await sql`UPDATE doc_images SET received_at = (SELECT created_at FROM docs WHERE docs.id = doc_images.doc_id)`.execute(
      db,
    )

    for (const table of ['files', 'folders'] as const)
      for (const [name, type] of [
        ['deleted_at', 'text'],
        ['deleted_by', 'integer'],
      ] as const)
        await db.schema.alterTable(table).addColumn(name, type).execute()

    await db.schema
      .alterTable('projects')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.alterTable('projects').addColumn('updated_by', 'integer').execute()

    await db.schema
      .createTable('history')
      .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('object_kind', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('object_name', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute()
    await db.schema.createIndex('history_project').on('history').columns(['project_id', 'id']).execute()
    await db.schema
      .createIndex('history_object')
      .on('history')
      .columns(['object_kind', 'object_id', 'id'])
      .execute()
    await db.schema.createIndex('docs_trash').on('docs').columns(['project_id', 'deleted_at']).execute()
    await db.schema.createIndex('files_trash').on('files').columns(['project_id', 'deleted_at']).execute()
    await db.schema.createIndex('folders_trash').on('folders').columns(['project_id', 'deleted_at']).execute()

    await countOutsideTrash(db, dialect)
  }
}

/** Frozen copy of migration 002's counted columns, now only for rows outside the trash. */
const COUNTED = [
  {
    table: 'files',
    watched: 'project_id, area, status, deleted_at',
    columns: ['perencanaan', 'pengawasan'].flatMap((area) =>
      ['pending', 'approved', 'rejected'].map((status) => ({
        name: `files_${area}_${status}`,
        when: (r: string) =>
          `${r}.deleted_at IS NULL AND ${r}.area = '${area}' AND ${r}.status = '${status}'`,
      })),
    ),
  },
  {
    table: 'docs',
    watched: 'project_id, status, deleted_at',
    columns: ['pending', 'approved', 'rejected'].map((status) => ({
      name: `docs_${status}`,
      when: (r: string) => `${r}.deleted_at IS NULL AND ${r}.status = '${status}'`,
    })),
  },
]

async function countOutsideTrash(db: Kysely<unknown>, dialect: Dialect) {
  for (const t of COUNTED) {
    const apply = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
      `UPDATE project_stats SET ${t.columns.map((c) => `${c.name} = ${c.name} ${sign} (CASE WHEN ${c.when(row)} THEN 1 ELSE 0 END)`).join(', ')}
       WHERE project_id = ${row}.project_id;`
    if (dialect === 'postgres') {
      await sql.raw(`DROP TRIGGER ${t.table}_stats ON ${t.table}`).execute(db)
      await sql
        .raw(`CREATE OR REPLACE FUNCTION ${t.table}_stats() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN ${apply('OLD', '-')} END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN ${apply('NEW', '+')} END IF;
            RETURN NULL;
          END $$`)
        .execute(db)
      await sql
        .raw(`CREATE TRIGGER ${t.table}_stats AFTER INSERT OR DELETE OR UPDATE OF ${t.watched} ON ${t.table}
              FOR EACH ROW EXECUTE FUNCTION ${t.table}_stats()`)
        .execute(db)
    } else {
      for (const op of ['insert', 'delete', 'update'])
        await sql.raw(`DROP TRIGGER ${t.table}_stats_${op}`).execute(db)
      await sql
        .raw(
          `CREATE TRIGGER ${t.table}_stats_insert AFTER INSERT ON ${t.table} BEGIN ${apply('NEW', '+')} END`,
        )
        .execute(db)
      await sql
        .raw(
          `CREATE TRIGGER ${t.table}_stats_delete AFTER DELETE ON ${t.table} BEGIN ${apply('OLD', '-')} END`,
        )
        .execute(db)
      await sql
        .raw(
          `CREATE TRIGGER ${t.table}_stats_update AFTER UPDATE OF ${t.watched} ON ${t.table} BEGIN ${apply('OLD', '-')} ${apply('NEW', '+')} END`,
        )
        .execute(db)
    }
  }
}
