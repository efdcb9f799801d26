import { AUTH_MSG } from '../../../src/contracts/auth'
import * as endpoints from '../../../src/contracts/employees.endpoints'
import { AppError, idParam, ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { readResetChoice } from '../auth/password-reset'
import { toUser } from '../users/user-view'
import {
  createdWithPassword,
  createEmployee,
  listEmployees,
  removeEmployee,
  resetEmployeePassword,
  setEmployeeActive,
  updateEmployee,
} from './employees.service'

/** /api/employee (SPEC section 7). Who may call it is decided in the service (admins). */
export const employeeRoutes: Routes = (deps, on) => {
  // The account and the stored Idempotency-Key answer commit together (server/idempotency.ts). The
  // password stays out of the request fingerprint (a fast hash of it would sit beside the argon2 one);
  // a repeat is replayed only when its password verifies against the account the first one made.
  on(endpoints.create, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(body, {
        fingerprint: (input) => ({ ...input, password: undefined }),
        sameAsStored: (input, stored, trx) => createdWithPassword(trx, stored, input.password),
      })
      const row = await createEmployee(deps, c.var.user, idParam(c), read)
      return { status: 201, message: 'Karyawan berhasil ditambahkan', data: toUser(row) }
    }),
  )

  on(endpoints.list, async (c) =>
    ok(c, 'Daftar karyawan', (await listEmployees(deps, c.var.user)).map(toUser)),
  )

  on(endpoints.update, async (c, body) => {
    return ok(
      c,
      'Karyawan berhasil diperbarui',
      toUser(await updateEmployee(deps, c.var.user, idParam(c), body)),
    )
  })

  on(endpoints.setActive, async (c) => {
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

  on(endpoints.resetPassword, async (c) => {
    const result = await resetEmployeePassword(deps, c.var.user, idParam(c), () => readResetChoice(c))
    return ok(c, 'sent' in result ? AUTH_MSG.passwordSent : AUTH_MSG.passwordReset, result)
  })

  on(endpoints.remove, async (c) => {
    await removeEmployee(deps, c.var.user, idParam(c))
    return ok(c, 'Karyawan berhasil dihapus')
  })
}
