import type { Kysely } from 'kysely'
import { type Actor, access } from '../../access'
import type { DB, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import type { Claimed } from '../../idempotency'
import { createAccount, findAccount, listAccounts, removeAccount } from '../users/accounts.service'

/** Admin accounts, managed by the superadmin only (SPEC section 6); every call asks the policy first. */

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
