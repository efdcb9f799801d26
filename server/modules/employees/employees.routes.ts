import { Hono } from 'hono'
import { EMPLOYEE_ROLES } from '../../../src/contracts/common'
import { EmployeeCreateSchema, EmployeeUpdateSchema } from '../../../src/contracts/employees'
import { assertCan } from '../../access'
import type { AppEnv, Deps } from '../../deps'
import { AppError, forbidden, idParam, jsonBody, ok } from '../../http'
import { idempotent } from '../../idempotency'
import {
  createAccount,
  findAccount,
  listAccounts,
  removeAccount,
  setAccountActive,
  updateAccount,
} from '../users/accounts.service'
import { toUser } from '../users/user-view'

export function employeeRoutes(deps: Deps) {
  const { db, events } = deps
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    assertCan(c.var.user, 'employees.manage')
    await next()
  })

  // SPEC leaves the path id open: it is the creating admin's own id; the creator always comes from the token.
  app.post('/create/:id', idempotent(deps), async (c) => {
    if (idParam(c) !== c.var.user.id) throw forbidden()
    const input = await jsonBody(c, EmployeeCreateSchema)
    const row = await createAccount(db, { ...input, createdBy: c.var.user.id })
    void events.publish({
      type: 'employee_added',
      actorId: c.var.user.id,
      userId: row.id,
      name: row.name,
      role: row.role,
    })
    return ok(c, 'Karyawan berhasil ditambahkan', toUser(row), 201)
  })

  app.get('/list', async (c) =>
    ok(c, 'Daftar karyawan', (await listAccounts(db, EMPLOYEE_ROLES)).map(toUser)),
  )

  app.put('/update/:id', async (c) => {
    const employee = await findAccount(db, idParam(c), EMPLOYEE_ROLES)
    const input = await jsonBody(c, EmployeeUpdateSchema)
    const row = await updateAccount(db, employee.id, input)
    return ok(c, 'Karyawan berhasil diperbarui', toUser(row))
  })

  app.patch('/set-active/:id/:flag', async (c) => {
    const employee = await findAccount(db, idParam(c), EMPLOYEE_ROLES)
    const flag = c.req.param('flag')
    if (flag !== 'true' && flag !== 'false') throw new AppError(400, 'Status aktif harus true atau false')
    const row = await setAccountActive(db, employee.id, flag === 'true')
    return ok(
      c,
      flag === 'true' ? 'Karyawan berhasil diaktifkan' : 'Karyawan berhasil dinonaktifkan',
      toUser(row),
    )
  })

  app.delete('/remove/:id', async (c) => {
    const employee = await findAccount(db, idParam(c), EMPLOYEE_ROLES)
    await removeAccount(db, employee.id)
    return ok(c, 'Karyawan berhasil dihapus')
  })

  return app
}
