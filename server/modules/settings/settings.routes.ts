import { SETTINGS_MSG } from '../../../src/contracts/settings'
import * as endpoints from '../../../src/contracts/settings.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { runUpload } from '../../uploads/upload-service'
import { logoUpload } from './logo-upload.service'
import { getFirmSettings, removeFirmLogo, saveFirmSettings } from './settings.service'

/** /api/settings/firm (issue 30): who may do what is decided in the service (server/access.ts). */
export const settingsRoutes: Routes = (deps, on) => {
  on(endpoints.firm, async (c) => ok(c, SETTINGS_MSG.read, await getFirmSettings(deps, c.var.user)))

  on(endpoints.saveFirm, async (c, body) =>
    ok(c, SETTINGS_MSG.saved, await saveFirmSettings(deps, c.var.user, body)),
  )

  on(endpoints.logo, (c) => runUpload(c, deps, logoUpload, {}))

  on(endpoints.removeLogo, async (c) =>
    ok(c, SETTINGS_MSG.logoRemoved, await removeFirmLogo(deps, c.var.user)),
  )
}
