import type { ReportCount, ReportInclude } from '../../../src/contracts/reports'
import { type Actor, access } from '../../access'
import type { Deps } from '../../deps'
import { assertNotFuture } from './report-create'
import { selectPhotos } from './report-selection'

/**
 * GET /api/report/{slug}/count (issue 30): 'N foto akan dimasukkan' before a report is made, by the very
 * selection a create uses (report-selection.ts), and the live reports already made with the same
 * period, contents and work items, so the dialog can warn before a duplicate.
 */
export async function countReport(
  deps: Pick<Deps, 'db' | 'config'>,
  user: Actor,
  slug: string,
  read: () => { from: string; to: string; include: ReportInclude; work_items?: number[] },
): Promise<ReportCount> {
  const project = await access.project(deps, user, slug, 'report.manage')
  const input = read()
  assertNotFuture(input.to, deps.config.firmTimeZone)
  // As a create stores them: sorted, once each, null for all.
  const workItemIds = input.work_items?.length ? [...new Set(input.work_items)].sort((a, b) => a - b) : null
  const photos = await selectPhotos(deps.db, {
    projectId: project.id,
    from: input.from,
    to: input.to,
    workItemIds,
    include: input.include,
    timeZone: deps.config.firmTimeZone,
  })
  let same = deps.db
    .selectFrom('reports')
    .select(['id', 'title', 'code', 'created_at'])
    .where('project_id', '=', project.id)
    .where('deleted_at', 'is', null)
    .where('status', '!=', 'failed')
    .where('period_from', '=', input.from)
    .where('period_to', '=', input.to)
    .where('include', '=', input.include)
  same = workItemIds
    ? same.where('work_item_ids', '=', JSON.stringify(workItemIds))
    : same.where('work_item_ids', 'is', null)
  const rows = await same.orderBy('id', 'desc').limit(5).execute()
  return { photos: photos.length, same: rows.map((r) => ({ ...r, id: Number(r.id) })) }
}
