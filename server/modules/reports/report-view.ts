import type { Kysely } from 'kysely'
import { parseId } from '../../../src/contracts/ids'
import { REPORT_MSG, type Report, type ReportPerPage } from '../../../src/contracts/reports'
import type { DB } from '../../db/schema'
import { notFound } from '../../http'

/* How report rows are read back and shown (the list, the create's answer, the download's checks). */

export function reportRows(db: Kysely<DB>) {
  return (
    db
      .selectFrom('reports')
      .innerJoin('users as creator', 'creator.id', 'reports.created_by')
      // A Rekap copy deleted since no longer counts: the report shows as not saved and may be saved again.
      .leftJoin('recap_files', 'recap_files.id', 'reports.recap_id')
      .selectAll('reports')
      .select(['creator.name as creator_name', 'recap_files.id as saved_recap_id'])
  )
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>

export function toReport(row: ReportRow): Report {
  const num = (x: number | string | null) => (x === null ? null : Number(x))
  return {
    id: Number(row.id),
    title: row.title,
    kind: row.kind,
    period_from: row.period_from,
    period_to: row.period_to,
    work_item_ids: row.work_item_ids === null ? null : (JSON.parse(row.work_item_ids) as number[]),
    include: row.include,
    per_page: Number(row.per_page) as ReportPerPage,
    status: row.status,
    progress: Number(row.progress),
    error: row.error,
    photo_count: Number(row.photo_count),
    pages: num(row.pages),
    size_bytes: num(row.size_bytes),
    code: row.code,
    recap_id: num(row.saved_recap_id),
    created_by: { id: Number(row.created_by), name: row.creator_name },
    created_at: row.created_at,
    finished_at: row.finished_at,
  }
}

/** The project's report `ref` (its id), not removed; 404 otherwise. */
export async function findReport(db: Kysely<DB>, projectId: number, ref: string) {
  const id = parseId(ref)
  if (id === undefined) throw notFound(REPORT_MSG.notFound)
  const row = await reportRows(db)
    .where('reports.id', '=', id)
    .where('reports.project_id', '=', projectId)
    .where('reports.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound(REPORT_MSG.notFound)
  return row
}
