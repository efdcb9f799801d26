import type { Kysely } from 'kysely'
import type { PasswordResetInput, PasswordResetResult } from '../../../src/contracts/auth'
import { EMPLOYEE_ROLES, type Role } from '../../../src/contracts/common'
import { type Actor, access } from '../../access'
import type { DB, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import { forbidden } from '../../http'
import type { Claimed } from '../../idempotency'
import { resetAccountPassword } from '../auth/password-reset'
import { verifyPassword } from '../auth/passwords'
import {
  createAccount,
  findAccount,
  listAccounts,
  removeAccount,
  setAccountActive,
  updateAccount,
} from '../users/accounts.service'

/**
 * Employee accounts (perencanaan, pengawasan), managed by admins (SPEC section 6). Every call asks the
 * policy first; `read` parses the body and runs only after the caller is allowed (for the create it also
 * claims the Idempotency-Key and gives the transaction to write in).
 */

type Db = { db: Kysely<DB> }
/** Calls that end sessions also tell every process's notification streams (notification-feed.ts). */
type DbAndFeed = Db & Pick<Deps, 'notificationFeed'>
type EmployeeInput = { name: string; email: string; phone: string; role: Role }

export async function listEmployees(deps: Db, user: Actor): Promise<UserRow[]> {
  await access.require(deps, user, 'employee.manage')
  return listAccounts(deps.db, EMPLOYEE_ROLES)
}

/** SPEC leaves the path id of the create call open: it is the creating admin's own id (403 otherwise). */
export async function createEmployee(
  deps: Db,
  user: Actor,
  pathId: number,
  read: () => Promise<Claimed<EmployeeInput & { password: string }>>,
): Promise<UserRow> {
  await access.require(deps, user, 'employee.manage')
  if (pathId !== user.id) throw forbidden()
  const { input, tx } = await read()
  const row = await createAccount(tx.trx, { ...input, createdBy: user.id })
  tx.publish({
    type: 'employee_added',
    actorId: user.id,
    userId: row.id,
    name: row.name,
    role: row.role,
  })
  return row
}

export async function updateEmployee(
  deps: Db,
  user: Actor,
  id: number,
  read: () => Promise<EmployeeInput>,
): Promise<UserRow> {
  await access.require(deps, user, 'employee.manage')
  const employee = await findAccount(deps.db, id, EMPLOYEE_ROLES)
  return updateAccount(deps.db, employee.id, await read())
}

export async function setEmployeeActive(
  deps: DbAndFeed,
  user: Actor,
  id: number,
  active: boolean,
): Promise<UserRow> {
  await access.require(deps, user, 'employee.manage')
  const employee = await findAccount(deps.db, id, EMPLOYEE_ROLES)
  const row = await setAccountActive(deps.db, employee.id, active)
  if (!active) await deps.notificationFeed.sessionsEnded()
  return row
}

export async function removeEmployee(deps: DbAndFeed, user: Actor, id: number): Promise<void> {
  await access.require(deps, user, 'employee.manage')
  const employee = await findAccount(deps.db, id, EMPLOYEE_ROLES)
  await removeAccount(deps.db, employee.id)
  await deps.notificationFeed.sessionsEnded()
}

/** A new password for an employee who forgot theirs (issue 32): shown once or sent by WhatsApp. */
export async function resetEmployeePassword(
  deps: Pick<Deps, 'db' | 'config' | 'notificationFeed'>,
  user: Actor & Pick<UserRow, 'name'>,
  id: number,
  read: () => Promise<PasswordResetInput>,
): Promise<PasswordResetResult> {
  await access.require(deps, user, 'employee.manage')
  const employee = await findAccount(deps.db, id, EMPLOYEE_ROLES)
  return resetAccountPassword(deps, user, employee, await read())
}

/**
 * A repeated create (same Idempotency-Key) is answered from the first one's stored answer only when it
 * asks for the same password: the password stays out of the key's fingerprint (no fast hash of it is
 * stored), so it is checked against the account the first request created.
 */
export async function createdWithPassword(db: Kysely<DB>, storedData: unknown, password: string) {
  const id = (storedData as { id?: unknown } | null)?.id
  if (typeof id !== 'number') return false
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst()
  // The account is gone (deleted since): nothing to compare with, the stored answer stands.
  return row ? verifyPassword(row.password_hash, password) : true
}
