import type { Kysely } from 'kysely'
import type { DashboardAnalysis } from '../../../src/contracts/projects'
import { visibleProjectIds } from '../../access'
import { DOC_COUNT_COLUMNS, FILE_COUNT_COLUMNS } from '../../db/migrations/002-project-stats'
import type { DB, UserRow } from '../../db/schema'

const SUMMED = [...FILE_COUNT_COLUMNS, ...DOC_COUNT_COLUMNS] as const

/**
 * Totals over the projects the user can see, in one query over the per-project counters (project_stats,
 * kept by triggers: migration 002), so no file or doc row is read.
 */
export async function dashboardAnalysis(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<DashboardAnalysis> {
  const scope = visibleProjectIds(db, user)
  let q = db
    .selectFrom('projects')
    .leftJoin('project_stats', 'project_stats.project_id', 'projects.id')
    .select((eb) => [
      eb.fn.count<number>('projects.id').as('projects'),
      ...SUMMED.map((c) => eb.fn.sum<number | null>(`project_stats.${c}`).as(c)),
    ])
  if (scope !== 'all') q = q.where('projects.id', 'in', scope)
  const row = await q.executeTakeFirstOrThrow()
  // sum() over no rows is NULL; PostgreSQL's bigint arrives as a number (db/index.ts type parser).
  const n = (k: (typeof SUMMED)[number]) => Number(row[k] ?? 0)
  const file = {
    pending: n('files_perencanaan_pending') + n('files_pengawasan_pending'),
    approved: n('files_perencanaan_approved') + n('files_pengawasan_approved'),
    rejected: n('files_perencanaan_rejected') + n('files_pengawasan_rejected'),
  }
  const doc = { pending: n('docs_pending'), approved: n('docs_approved'), rejected: n('docs_rejected') }
  return {
    projects: Number(row.projects),
    files: file.pending + file.approved + file.rejected,
    docs: doc.pending + doc.approved + doc.rejected,
    file_pending: file.pending,
    file_approved: file.approved,
    file_rejected: file.rejected,
    doc_pending: doc.pending,
    doc_approved: doc.approved,
    doc_rejected: doc.rejected,
  }
}
