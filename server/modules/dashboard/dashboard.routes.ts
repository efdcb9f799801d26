import * as endpoints from '../../../src/contracts/projects.endpoints'
import { okCached } from '../../http'
import type { Routes } from '../../route'
import { dashboardFor } from './dashboard.service'

/** GET /api/dashboard/analysis: totals scoped to the projects the caller can see. */
export const dashboardRoutes: Routes = (deps, on) => {
  on(endpoints.dashboard, (c) => {
    const analysis = dashboardFor(deps, c.var.user)
    return okCached(c, deps.readCache, analysis.key, 'Analisis dashboard', analysis.load)
  })
}
