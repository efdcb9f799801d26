import { AdminCreateSchema } from '../../../src/contracts/admins'
import * as endpoints from '../../../src/contracts/admins.endpoints'
import { idParam, jsonBody, ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { toUser } from '../users/user-view'
import { createAdmin, listAdmins, removeAdmin } from './admins.service'

/** /api/admin (SPEC section 7). Who may call it is decided in the service (superadmin only). */
export const adminRoutes: Routes = (deps, on) => {
  // The account and the stored Idempotency-Key answer commit together (server/idempotency.ts). The
  // password stays out of the request fingerprint: a fast hash of it would sit beside the argon2 one.
  on(endpoints.create, (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(() => jsonBody(c, AdminCreateSchema), {
        fingerprint: (input) => ({ ...input, password: undefined }),
      })
      const row = await createAdmin(deps, c.var.user, read)
      return { status: 201, message: 'Admin berhasil ditambahkan', data: toUser(row) }
    }),
  )

  on(endpoints.list, async (c) => ok(c, 'Daftar admin', (await listAdmins(deps, c.var.user)).map(toUser)))

  on(endpoints.remove, async (c) => {
    await removeAdmin(deps, c.var.user, idParam(c))
    return ok(c, 'Admin berhasil dihapus')
  })
}
