import { Hono } from 'hono'
import { AdminCreateSchema } from '../../../src/contracts/admins'
import { assertCan } from '../../access'
import type { AppEnv, Deps } from '../../deps'
import { idParam, jsonBody, ok } from '../../http'
import { idempotent } from '../../idempotency'
import { createAccount, findAccount, listAccounts, removeAccount } from '../users/accounts.service'
import { toUser } from '../users/user-view'

const ADMIN = ['admin'] as const

export function adminRoutes(deps: Deps) {
  const { db } = deps
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    assertCan(c.var.user, 'admins.manage')
    await next()
  })

  app.post('/create', idempotent(deps), async (c) => {
    const input = await jsonBody(c, AdminCreateSchema)
    const row = await createAccount(db, { ...input, role: 'admin', createdBy: c.var.user.id })
    return ok(c, 'Admin berhasil ditambahkan', toUser(row), 201)
  })

  app.get('/list', async (c) => ok(c, 'Daftar admin', (await listAccounts(db, ADMIN)).map(toUser)))

  app.delete('/remove/:id', async (c) => {
    const admin = await findAccount(db, idParam(c), ADMIN)
    await removeAccount(db, admin.id)
    return ok(c, 'Admin berhasil dihapus')
  })

  return app
}
