import { Hono } from 'hono'
import type { AppEnv, Deps } from '../../deps'
import { okCached } from '../../http'
import { dashboardFor } from './dashboard.service'

/** /api/dashboard (SPEC section 7): totals scoped to the projects the caller can see. */
export function dashboardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  app.get('/analysis', (c) => {
    const analysis = dashboardFor(deps, c.var.user)
    return okCached(c, deps.readCache, analysis.key, 'Analisis dashboard', analysis.load)
  })

  return app
}
