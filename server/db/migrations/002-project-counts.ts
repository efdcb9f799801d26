import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../index'

/**
 * Per-project counters for the project list and the dashboard (DESIGN.md budget: p99 < 50 ms at 50
 * clients over 100k files). GROUP BY over the files_counts index costs ~15-30 ms of CPU per call at that
 * size, which serialises into seconds at 50 clients (bench/api-load.ts), so the counts are kept current
 * by triggers instead: every writer of files, docs and recap_files (any module, any SQL) updates them in
 * its own transaction, and the read side touches at most a few rows per project.
 *
 * One row per (project, kind, area, status): kind 'file' (area perencanaan|pengawasan, status),
 * 'doc' (area '', status) or 'recap' (area '', status '').
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<any>) => {
    await db.schema
      .createTable('project_counts')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_counts_pk', ['project_id', 'kind', 'area', 'status'])
      .execute()

    // What each counted table contributes: its kind, and the area/status expressions of a row.
    const sources = [
      { table: 'files', kind: 'file', area: (r: string) => `${r}.area`, status: (r: string) => `${r}.status`, watched: 'project_id, area, status' },
      { table: 'docs', kind: 'doc', area: () => `''`, status: (r: string) => `${r}.status`, watched: 'project_id, status' },
      { table: 'recap_files', kind: 'recap', area: () => `''`, status: () => `''`, watched: 'project_id' },
    ]

    for (const s of sources) {
      const add = (r: 'NEW' | 'OLD') =>
        `INSERT INTO project_counts (project_id, kind, area, status, n) VALUES (${r}.project_id, '${s.kind}', ${s.area(r)}, ${s.status(r)}, 1)
         ON CONFLICT (project_id, kind, area, status) DO UPDATE SET n = project_counts.n + 1;`
      const sub = (r: 'NEW' | 'OLD') =>
        `UPDATE project_counts SET n = n - 1
         WHERE project_id = ${r}.project_id AND kind = '${s.kind}' AND area = ${s.area(r)} AND status = ${s.status(r)};`

      if (dialect === 'postgres') {
        await sql
          .raw(`CREATE FUNCTION ${s.table}_count() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP IN ('UPDATE', 'DELETE') THEN ${sub('OLD')} END IF;
              IF TG_OP IN ('INSERT', 'UPDATE') THEN ${add('NEW')} END IF;
              RETURN NULL;
            END $$`)
          .execute(db)
        await sql
          .raw(`CREATE TRIGGER ${s.table}_count AFTER INSERT OR DELETE OR UPDATE OF ${s.watched} ON ${s.table}
                FOR EACH ROW EXECUTE FUNCTION ${s.table}_count()`)
          .execute(db)
      } else {
        await sql.raw(`CREATE TRIGGER ${s.table}_count_insert AFTER INSERT ON ${s.table} BEGIN ${add('NEW')} END`).execute(db)
        await sql.raw(`CREATE TRIGGER ${s.table}_count_delete AFTER DELETE ON ${s.table} BEGIN ${sub('OLD')} END`).execute(db)
        await sql.raw(`CREATE TRIGGER ${s.table}_count_update AFTER UPDATE OF ${s.watched} ON ${s.table} BEGIN ${sub('OLD')} ${add('NEW')} END`).execute(db)
      }

      // Rows written before this migration.
      await sql
        .raw(`INSERT INTO project_counts (project_id, kind, area, status, n)
              SELECT project_id, '${s.kind}', ${s.area(s.table)}, ${s.status(s.table)}, count(*) FROM ${s.table}
              GROUP BY ${s.watched}`)
        .execute(db)
    }
  }
}
