import * as endpoints from '../../../src/contracts/admins.endpoints'
import { AUTH_MSG } from '../../../src/contracts/auth'
import { idParam, ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { readResetChoice } from '../auth/password-reset'
import { toUser } from '../users/user-view'
import { createAdmin, listAdmins, removeAdmin, resetAdminPassword, updateAdmin } from './admins.service'

/** /api/admin (SPEC section 7). Who may call it is decided in the service (superadmin only). */
export const adminRoutes: Routes = (deps, on) => {
  // The account and the stored Idempotency-Key answer commit together (server/idempotency.ts). The
  // password stays out of the request fingerprint: a fast hash of it would sit beside the argon2 one.
  on(endpoints.create, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(body, {
        fingerprint: (input) => ({ ...input, password: undefined }),
      })
      const row = await createAdmin(deps, c.var.user, read)
      return { status: 201, message: 'Admin berhasil ditambahkan', data: toUser(row) }
    }),
  )

  on(endpoints.list, async (c) => ok(c, 'Daftar admin', (await listAdmins(deps, c.var.user)).map(toUser)))

  on(endpoints.update, async (c, body) => {
    const row = await updateAdmin(deps, c.var.user, idParam(c), body)
    return ok(c, 'Admin berhasil diperbarui', toUser(row))
  })

  on(endpoints.resetPassword, async (c) => {
    const result = await resetAdminPassword(deps, c.var.user, idParam(c), () => readResetChoice(c))
    return ok(c, 'sent' in result ? AUTH_MSG.passwordSent : AUTH_MSG.passwordReset, result)
  })

  on(endpoints.remove, async (c) => {
    await removeAdmin(deps, c.var.user, idParam(c))
    return ok(c, 'Admin berhasil dihapus')
  })
}
