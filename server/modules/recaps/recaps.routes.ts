import { RECAP_MSG } from '../../../src/contracts/recaps'
import * as endpoints from '../../../src/contracts/recaps.endpoints'
import { sendStoredFile } from '../../downloads'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { runUpload } from '../../uploads/upload-service'
import { listRecaps, recapDownload, recapUpload, removeRecap } from './recaps.service'

/**
 * /api/rekap/{slug}/... (SPEC section 7, Recap). Handlers parse, call the service and answer; who may do
 * what is decided in the service (server/access.ts).
 */
export const recapRoutes: Routes = (deps, on) => {
  on(endpoints.upload, (c) => runUpload(c, deps, recapUpload, { slug: c.req.param('slug') }))

  on(endpoints.list, async (c) =>
    ok(c, 'Daftar file rekap', await listRecaps(deps, c.var.user, c.req.param('slug'))),
  )

  // GET and HEAD (a download manager asks for the size first); ranges through sendStoredFile.
  on(endpoints.download, async (c) => {
    const file = await recapDownload(deps, c.var.user, c.req.param('slug'), c.req.param('id'))
    return sendStoredFile(c, deps.store, file)
  })

  on(endpoints.remove, async (c) => {
    await removeRecap(deps, c.var.user, c.req.param('slug'), c.req.param('id'))
    return ok(c, RECAP_MSG.deleted)
  })
}
