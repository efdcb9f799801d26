import { Hono } from 'hono'
import { assertCan } from '../../access'
import type { AppEnv, Deps } from '../../deps'
import { ok } from '../../http'
import { dashboardAnalysis } from './dashboard.service'

/** /api/dashboard (SPEC section 7): totals scoped to the projects the caller can see. */
export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
  app.get('/analysis', async (c) => {
    assertCan(c.var.user, 'projects.view')
    return ok(c, 'Analisis dashboard', await dashboardAnalysis(deps.db, c.var.user))
  })
  return app
}
