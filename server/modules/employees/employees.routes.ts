import { Hono } from 'hono'
import { EmployeeCreateSchema, EmployeeUpdateSchema } from '../../../src/contracts/employees'
import type { AppEnv, Deps } from '../../deps'
import { AppError, idParam, jsonBody, ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import { toUser } from '../users/user-view'
import {
  createdWithPassword,
  createEmployee,
  listEmployees,
  removeEmployee,
  setEmployeeActive,
  updateEmployee,
} from './employees.service'

/** /api/employee (SPEC section 7). Who may call it is decided in the service (admins). */
export function employeeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  // The account and the stored Idempotency-Key answer commit together (server/idempotency.ts). The
  // password stays out of the request fingerprint (a fast hash of it would sit beside the argon2 one);
  // a repeat is replayed only when its password verifies against the account the first one made.
  app.post('/create/:id', (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(
        () => jsonBody(c, EmployeeCreateSchema),
        (input) => ({ ...input, password: undefined }),
        (input, stored) => createdWithPassword(scope.deps.db, stored, input.password),
      )
      const row = await createEmployee(scope.deps, c.var.user, idParam(c), read)
      return { status: 201, message: 'Karyawan berhasil ditambahkan', data: toUser(row) }
    }),
  )

  app.get('/list', async (c) => ok(c, 'Daftar karyawan', (await listEmployees(deps, c.var.user)).map(toUser)))

  app.put('/update/:id', async (c) => {
    const read = () => jsonBody(c, EmployeeUpdateSchema)
    return ok(
      c,
      'Karyawan berhasil diperbarui',
      toUser(await updateEmployee(deps, c.var.user, idParam(c), read)),
    )
  })

  app.patch('/set-active/:id/:flag', async (c) => {
    const id = idParam(c)
    const flag = c.req.param('flag')
    if (flag !== 'true' && flag !== 'false') throw new AppError(400, 'Status aktif harus true atau false')
    const row = await setEmployeeActive(deps, c.var.user, id, flag === 'true')
    return ok(
      c,
      flag === 'true' ? 'Karyawan berhasil diaktifkan' : 'Karyawan berhasil dinonaktifkan',
      toUser(row),
    )
  })

  app.delete('/remove/:id', async (c) => {
    await removeEmployee(deps, c.var.user, idParam(c))
    return ok(c, 'Karyawan berhasil dihapus')
  })

  return app
}
