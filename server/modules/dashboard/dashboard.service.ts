import type { Kysely } from 'kysely'
import type { DashboardAnalysis } from '../../../src/contracts/projects'
import { type Actor, access, type ProjectScope } from '../../access'
import type { DB } from '../../db/schema'
import { DOC_COUNT_COLUMNS, FILE_COUNT_COLUMNS } from '../../db/stat-columns'

const SUMMED = [...FILE_COUNT_COLUMNS, ...DOC_COUNT_COLUMNS] as const

/**
 * GET /api/dashboard/analysis: the caller's totals as a cache key and a loader; 403 for the superadmin,
 * who has no projects. The key names the set of projects the caller sees.
 */
export function dashboardFor(deps: { db: Kysely<DB> }, user: Actor) {
  const scope = access.scope(deps, user)
  return { key: `analysis:${scope.key}`, load: () => dashboardAnalysis(deps.db, scope) }
}

/**
 * Totals over the projects in `scope`, in one query over the per-project counters (project_stats,
 * kept by triggers: migration 002), so no file or doc row is read.
 */
async function dashboardAnalysis(db: Kysely<DB>, scope: ProjectScope): Promise<DashboardAnalysis> {
  let q = db
    .selectFrom('projects')
    .leftJoin('project_stats', 'project_stats.project_id', 'projects.id')
    .select((eb) => [
      eb.fn.count<number>('projects.id').as('projects'),
      ...SUMMED.map((c) => eb.fn.sum<number | null>(`project_stats.${c}`).as(c)),
    ])
  if (scope.ids !== 'all') q = q.where('projects.id', 'in', scope.ids)
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
