import { Hono } from 'hono'
import { AdminCreateSchema } from '../../../src/contracts/admins'
import type { AppEnv, Deps } from '../../deps'
import { idParam, jsonBody, ok } from '../../http'
import { idempotent } from '../../idempotency'
import { toUser } from '../users/user-view'
import { createAdmin, listAdmins, removeAdmin } from './admins.service'

/** /api/admin (SPEC section 7). Who may call it is decided in the service (superadmin only). */
export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  app.post('/create', idempotent(deps), async (c) => {
    const row = await createAdmin(deps, c.var.user, () => jsonBody(c, AdminCreateSchema))
    return ok(c, 'Admin berhasil ditambahkan', toUser(row), 201)
  })

  app.get('/list', async (c) => ok(c, 'Daftar admin', (await listAdmins(deps, c.var.user)).map(toUser)))

  app.delete('/remove/:id', async (c) => {
    await removeAdmin(deps, c.var.user, idParam(c))
    return ok(c, 'Admin berhasil dihapus')
  })

  return app
}
