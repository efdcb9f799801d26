import type { Kysely } from 'kysely'
import type { DashboardAnalysis, Status } from '../../../src/contracts/projects'
import { visibleProjectIds } from '../../access'
import type { DB, UserRow } from '../../db/schema'

/**
 * Totals over the projects the user can see: the project count plus one sum over project_counts, the
 * trigger-kept per-project counters (migration 002), so no file or doc row is read.
 */
export async function dashboardAnalysis(db: Kysely<DB>, user: Pick<UserRow, 'id' | 'role'>): Promise<DashboardAnalysis> {
  const scope = visibleProjectIds(db, user)
  let projects = db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n'))
  let counts = db
    .selectFrom('project_counts')
    .select(['kind', 'status'])
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where('kind', 'in', ['file', 'doc'])
    .groupBy(['kind', 'status'])
  if (scope !== 'all') {
    projects = projects.where('id', 'in', scope)
    counts = counts.where('project_id', 'in', scope)
  }
  const [p, rows] = await Promise.all([projects.executeTakeFirstOrThrow(), counts.execute()])
  const file: Record<Status, number> = { pending: 0, approved: 0, rejected: 0 }
  const doc: Record<Status, number> = { pending: 0, approved: 0, rejected: 0 }
  for (const r of rows) {
    const into = r.kind === 'file' ? file : doc
    if (r.status in into) into[r.status as Status] += Number(r.n)
  }
  return {
    projects: Number(p.n),
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
