import { Hono } from 'hono'
import { AdminCreateSchema } from '../../../src/contracts/admins'
import type { AppEnv, Deps } from '../../deps'
import { idParam, jsonBody, ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import { toUser } from '../users/user-view'
import { createAdmin, listAdmins, removeAdmin } from './admins.service'

/** /api/admin (SPEC section 7). Who may call it is decided in the service (superadmin only). */
export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  // The account and the stored Idempotency-Key answer commit together (server/idempotency.ts). The
  // password stays out of the request fingerprint: a fast hash of it would sit beside the argon2 one.
  app.post('/create', (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(
        () => jsonBody(c, AdminCreateSchema),
        (input) => ({ ...input, password: undefined }),
      )
      const row = await createAdmin(scope.deps, c.var.user, read)
      return { status: 201, message: 'Admin berhasil ditambahkan', data: toUser(row) }
    }),
  )

  app.get('/list', async (c) => ok(c, 'Daftar admin', (await listAdmins(deps, c.var.user)).map(toUser)))

  app.delete('/remove/:id', async (c) => {
    await removeAdmin(deps, c.var.user, idParam(c))
    return ok(c, 'Admin berhasil dihapus')
  })

  return app
}
