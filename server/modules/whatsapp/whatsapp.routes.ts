import { WHATSAPP_MSG } from '../../../src/contracts/whatsapp'
import * as endpoints from '../../../src/contracts/whatsapp.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { logoutWhatsapp, scanSimulated, whatsappSession } from './whatsapp.service'

/** /api/whatsapp (SPEC section 7): admins only (server/access.ts). */
export const whatsappRoutes: Routes = (deps, on) => {
  on(endpoints.qr, async (c) => ok(c, WHATSAPP_MSG.session, await whatsappSession(deps, c.var.user)))

  on(endpoints.logout, async (c) => {
    await logoutWhatsapp(deps, c.var.user)
    return ok(c, WHATSAPP_MSG.loggedOut)
  })

  // Exists only with the simulated driver: it stands in for a phone scanning the QR (tests, demos).
  if (deps.config.whatsappDriver === 'simulated') {
    on(endpoints.simulateScan, async (c) => {
      await scanSimulated(deps, c.var.user)
      return ok(c, WHATSAPP_MSG.scanned)
    })
  }
}
