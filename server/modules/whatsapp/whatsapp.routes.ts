import { Hono } from 'hono'
import { WHATSAPP_MSG } from '../../../src/contracts/whatsapp'
import type { AppEnv, Deps } from '../../deps'
import { ok } from '../../http'
import { logoutWhatsapp, scanSimulated, whatsappSession } from './whatsapp.service'

/** /api/whatsapp (SPEC section 7): admins only (server/access.ts). */
export function whatsappRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  app.get('/qr', async (c) => ok(c, WHATSAPP_MSG.session, await whatsappSession(deps, c.var.user)))

  app.post('/logout', async (c) => {
    await logoutWhatsapp(deps, c.var.user)
    return ok(c, WHATSAPP_MSG.loggedOut)
  })

  // Exists only with the simulated driver: it stands in for a phone scanning the QR (tests, demos).
  if (deps.config.whatsappDriver === 'simulated') {
    app.post('/simulate-scan', async (c) => {
      await scanSimulated(deps, c.var.user)
      return ok(c, WHATSAPP_MSG.scanned)
    })
  }

  return app
}
