import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'
import { newMessageId } from '../whatsapp/send-queue'
import { readState } from '../whatsapp/state'

/**
 * Whether a WhatsApp account is linked behind the bot. A bot that is reconnecting counts as linked: the
 * durable queue sends on reconnect. Asked of the database, which every process shares.
 */
export async function whatsappLinked(deps: Pick<Deps, 'config'>, db: Kysely<DB>): Promise<boolean> {
  return deps.config.whatsappDriver !== 'off' && Boolean((await readState(db)).account)
}

/**
 * One plain message in the durable send queue (whatsapp_outbox), in the caller's transaction: it exists
 * exactly when the change it tells of committed, and the queue's claim makes one process send it. No
 * `kind`: sent as it is, never merged with others nor held back by a person's notification choices
 * (a password or a code is not a notification one may turn off).
 */
export async function queueWhatsAppText(
  trx: Kysely<DB>,
  to: { userId: number; phone: string },
  text: string,
): Promise<void> {
  const now = nowIso()
  await trx
    .insertInto('whatsapp_outbox')
    .values({
      notification_id: null,
      user_id: to.userId,
      phone: to.phone,
      text,
      message_id: newMessageId(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      document_key: null,
      document_name: null,
      document_mime: null,
    })
    .execute()
}
