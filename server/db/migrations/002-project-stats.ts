import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * One row of counters per project for the project list, the detail and the dashboard (docs/performance.md:
 * p99 < 50 ms at 50 clients over 100k files). GROUP BY over the files_counts index costs 15-30 ms of CPU
 * per call at that size, which queues into seconds at 50 clients (bench/api-load.ts), so the counts are
 * kept by triggers instead: every writer of files, docs and recap_files (any module, any SQL) updates
 * its project's row in its own transaction, and a page of projects is one join over one row each.
 */
// Frozen with this migration: runtime code reads its own list (db/stat-columns.ts), never this one.
const FILE_COUNT_COLUMNS = [
  'files_perencanaan_pending',
  'files_perencanaan_approved',
  'files_perencanaan_rejected',
  'files_pengawasan_pending',
  'files_pengawasan_approved',
  'files_pengawasan_rejected',
] as const
const DOC_COUNT_COLUMNS = ['docs_pending', 'docs_approved', 'docs_rejected'] as const

type Counted = { table: string; watched: string; columns: { name: string; when: (row: string) => string }[] }

const COUNTED: Counted[] = [
  {
    table: 'files',
    watched: 'project_id, area, status',
    columns: FILE_COUNT_COLUMNS.map((name) => {
      const [, area, status] = name.split('_')
      return { name, when: (r) => `${r}.area = '${area}' AND ${r}.status = '${status}'` }
    }),
  },
  {
    table: 'docs',
    watched: 'project_id, status',
    columns: DOC_COUNT_COLUMNS.map((name) => ({
      name,
      when: (r) => `${r}.status = '${name.split('_')[1]}'`,
    })),
  },
  { table: 'recap_files', watched: 'project_id', columns: [{ name: 'recaps', when: () => '1 = 1' }] },
]

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    let table = db.schema
      .createTable('project_stats')
      .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    for (const name of [...FILE_COUNT_COLUMNS, ...DOC_COUNT_COLUMNS, 'recaps'])
      table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
    await table.execute()

    // Every project gets its row when it is created.
    const newProject = 'INSERT INTO project_stats (project_id) VALUES (NEW.id);'
    if (dialect === 'postgres') {
      await sql
        .raw(
          `CREATE FUNCTION project_stats_create() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${newProject} RETURN NULL; END $$`,
        )
        .execute(db)
      await sql
        .raw(
          'CREATE TRIGGER project_stats_create AFTER INSERT ON projects FOR EACH ROW EXECUTE FUNCTION project_stats_create()',
        )
        .execute(db)
    } else {
      await sql
        .raw(`CREATE TRIGGER project_stats_create AFTER INSERT ON projects BEGIN ${newProject} END`)
        .execute(db)
    }

    for (const t of COUNTED) {
      const apply = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
        `UPDATE project_stats SET ${t.columns.map((c) => `${c.name} = ${c.name} ${sign} (CASE WHEN ${c.when(row)} THEN 1 ELSE 0 END)`).join(', ')}
         WHERE project_id = ${row}.project_id;`
      if (dialect === 'postgres') {
        await sql
          .raw(`CREATE FUNCTION ${t.table}_stats() RETURNS trigger LANGUAGE plpgsql AS $$
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

    // Projects and rows written before this migration.
    const backfill = COUNTED.flatMap((t) =>
      t.columns.map(
        (c) =>
          `(SELECT count(*) FROM ${t.table} WHERE ${t.table}.project_id = projects.id AND ${c.when(t.table)})`,
      ),
    )
    const columns = COUNTED.flatMap((t) => t.columns.map((c) => c.name))
    await sql
      .raw(
        `INSERT INTO project_stats (project_id, ${columns.join(', ')}) SELECT projects.id, ${backfill.join(', ')} FROM projects`,
      )
      .execute(db)
  }
}
