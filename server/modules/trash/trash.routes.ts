import { TRASH_MSG } from '../../../src/contracts/trash'
import * as endpoints from '../../../src/contracts/trash.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { listTrash, purgeTrash, restoreTrash } from './trash.service'

/** /api/project/{id}/trash (admins): the trash of a project (server/modules/trash/trash.service.ts). */
export const trashRoutes: Routes = (deps, on) => {
  on(endpoints.list, async (c) =>
    ok(c, TRASH_MSG.listed, await listTrash(deps, c.var.user, c.req.param('id'))),
  )

  on(endpoints.restore, async (c) => {
    const p = c.req.param()
    const done = await restoreTrash(deps, c.var.user, p.id, p.kind, p.uuid)
    return ok(c, done.message, done.data)
  })

  on(endpoints.purge, async (c) => {
    const p = c.req.param()
    await purgeTrash(deps, c.var.user, p.id, p.kind, p.uuid)
    return ok(c, TRASH_MSG.purged)
  })
}
