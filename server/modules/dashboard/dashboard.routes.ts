import { Hono } from 'hono'
import { assertCan, visibilityKey } from '../../access'
import type { AppEnv, Deps } from '../../deps'
import { okCached } from '../../http'
import { dashboardAnalysis } from './dashboard.service'

/** /api/dashboard (SPEC section 7): totals scoped to the projects the caller can see. */
export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.get('/analysis', async (c) => {
    assertCan(c.var.user, 'projects.view')
    const user = c.var.user
    return okCached(c, deps.readCache, `analysis:${visibilityKey(user)}`, 'Analisis dashboard', () =>
      dashboardAnalysis(deps.db, user),
    )
  })
  return app
}
