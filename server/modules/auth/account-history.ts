import type { Kysely } from 'kysely'
import type { AccountHistoryAction } from '../../../src/contracts/auth'
import type { DB, UserRow } from '../../db/schema'
import { nowIso } from '../../http'

type Who = Pick<UserRow, 'id' | 'name' | 'role'>

/**
 * A password reset or a code request in the history (issue 32): the same append-only table as a
 * project's Riwayat, with no project (project_id null), so no project's Riwayat or riwayat.csv shows it
 * and it stays when projects go. The object is the account ('account', 'user:{id}', its name then).
 * Written in the transaction that makes the change, like every history entry.
 */
export async function recordAccountHistory(
  trx: Kysely<DB>,
  actor: Who,
  account: Who,
  action: AccountHistoryAction,
  detail?: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto('history')
    .values({
      project_id: null,
      at: nowIso(),
      actor_id: actor.id,
      actor_name: actor.name,
      actor_role: actor.role,
      action,
      object_kind: 'account',
      object_id: `user:${account.id}`,
      object_name: account.name,
      detail: detail ? JSON.stringify(detail) : null,
    })
    .execute()
}
