import type { Kysely } from 'kysely'
import type { DB, WhatsAppStateTable } from '../../db/schema'

type State = Omit<WhatsAppStateTable, 'id'>

const NONE: State = { status: 'starting', qr: null, account: null, logout_epoch: 0, updated_at: '' }

/** The bot's state as the lease holder last wrote it (one row, id 1). */
export async function readState(db: Kysely<DB>): Promise<State> {
  const row = await db.selectFrom('whatsapp_state').selectAll().where('id', '=', 1).executeTakeFirst()
  return row ?? NONE
}

/** Writes some fields of the state row (creating it the first time). */
export async function writeState(
  db: Kysely<DB>,
  fields: Partial<Pick<State, 'status' | 'qr' | 'account'>>,
): Promise<void> {
  const updated_at = new Date().toISOString()
  await db
    .insertInto('whatsapp_state')
    .values({ ...NONE, ...fields, id: 1, updated_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...fields, updated_at }))
    .execute()
}

/** Logout asked on any process: the holder sees the new epoch on its next heartbeat and obeys. */
export async function requestLogout(db: Kysely<DB>): Promise<void> {
  await writeState(db, { status: 'starting', qr: null, account: null })
  await db
    .updateTable('whatsapp_state')
    .set((eb) => ({ logout_epoch: eb('logout_epoch', '+', 1) }))
    .where('id', '=', 1)
    .execute()
}
