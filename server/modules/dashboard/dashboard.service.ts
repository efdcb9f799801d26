import type { Kysely } from 'kysely'
import type { DashboardAnalysis, Status } from '../../../src/contracts/projects'
import { visibleProjectIds } from '../../access'
import type { DB, UserRow } from '../../db/schema'

/**
 * Totals over the projects the user can see, from three aggregate queries (projects, files by status,
 * docs by status) served by the covering indexes; no file row is ever loaded.
 */
export async function dashboardAnalysis(db: Kysely<DB>, user: Pick<UserRow, 'id' | 'role'>): Promise<DashboardAnalysis> {
  const scope = visibleProjectIds(db, user)
  let projects = db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n'))
  let files = db.selectFrom('files').select('status').select((eb) => eb.fn.countAll<number>().as('n'))
  let docs = db.selectFrom('docs').select('status').select((eb) => eb.fn.countAll<number>().as('n'))
  if (scope !== 'all') {
    projects = projects.where('id', 'in', scope)
    files = files.where('project_id', 'in', scope)
    docs = docs.where('project_id', 'in', scope)
  }
  const [p, f, d] = await Promise.all([
    projects.executeTakeFirstOrThrow(),
    files.groupBy('status').execute(),
    docs.groupBy('status').execute(),
  ])
  const byStatus = (rows: { status: Status; n: number }[]) => {
    const out: Record<Status, number> = { pending: 0, approved: 0, rejected: 0 }
    for (const r of rows) if (r.status in out) out[r.status] += Number(r.n)
    return out
  }
  const fs = byStatus(f)
  const ds = byStatus(d)
  return {
    projects: Number(p.n),
    files: fs.pending + fs.approved + fs.rejected,
    docs: ds.pending + ds.approved + ds.rejected,
    file_pending: fs.pending,
    file_approved: fs.approved,
    file_rejected: fs.rejected,
    doc_pending: ds.pending,
    doc_approved: ds.approved,
    doc_rejected: ds.rejected,
  }
}
