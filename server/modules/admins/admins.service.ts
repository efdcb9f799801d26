import type { Kysely } from 'kysely'
import type { PasswordResetInput, PasswordResetResult } from '../../../src/contracts/auth'
import { type Actor, access } from '../../access'
import type { DB, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import type { Claimed } from '../../idempotency'
import { resetAccountPassword } from '../auth/password-reset'
import {
  createAccount,
  findAccount,
  listAccounts,
  removeAccount,
  updateAccount,
} from '../users/accounts.service'

/**
 * Admin accounts, managed by the superadmin only (SPEC section 6; edit and password reset: issue 32);
 * every call asks the policy first.
 */

const ADMIN = ['admin'] as const
type Db = { db: Kysely<DB> }
/** Calls that end sessions also tell every process's notification streams (notification-feed.ts). */
type DbAndFeed = Db & Pick<Deps, 'notificationFeed'>
type AdminInput = { name: string; email: string; password: string; phone: string }

export async function listAdmins(deps: Db, user: Actor): Promise<UserRow[]> {
  await access.require(deps, user, 'admin.manage')
  return listAccounts(deps.db, ADMIN)
}

/** `read` parses the body and claims the Idempotency-Key, only after the caller is allowed. */
export async function createAdmin(
  deps: Db,
  user: Actor,
  read: () => Promise<Claimed<AdminInput>>,
): Promise<UserRow> {
  await access.require(deps, user, 'admin.manage')
  const { input, tx } = await read()
  return createAccount(tx.trx, { ...input, role: 'admin', createdBy: user.id })
}

export async function removeAdmin(deps: DbAndFeed, user: Actor, id: number): Promise<void> {
  await access.require(deps, user, 'admin.manage')
  const admin = await findAccount(deps.db, id, ADMIN)
  await removeAccount(deps.db, admin.id)
  await deps.notificationFeed.sessionsEnded()
}

/** Name, email and phone; the role stays admin and the password changes only by a reset. */
export async function updateAdmin(
  deps: Db,
  user: Actor,
  id: number,
  read: () => Promise<{ name: string; email: string; phone: string }>,
): Promise<UserRow> {
  await access.require(deps, user, 'admin.manage')
  const admin = await findAccount(deps.db, id, ADMIN)
  return updateAccount(deps.db, admin.id, { ...(await read()), role: 'admin' })
}

/** A new password for an admin who forgot theirs: shown once or sent by WhatsApp; their sessions end. */
export async function resetAdminPassword(
  deps: Pick<Deps, 'db' | 'config' | 'notificationFeed'>,
  user: Actor & Pick<UserRow, 'name'>,
  id: number,
  read: () => Promise<PasswordResetInput>,
): Promise<PasswordResetResult> {
  await access.require(deps, user, 'admin.manage')
  const admin = await findAccount(deps.db, id, ADMIN)
  return resetAccountPassword(deps, user, admin, await read())
}
