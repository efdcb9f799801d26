import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'
import { newMessageId } from './send-queue'
import { readState } from './state'

/**
 * Whether a WhatsApp account is linked behind the bot. A bot that is reconnecting counts as linked: the
 * durable queue sends on reconnect. Asked of the database, which every process shares.
 */
export async function whatsappLinked(deps: Pick<Deps, 'config'>, db: Kysely<DB>): Promise<boolean> {
  return deps.config.whatsappDriver !== 'off' && Boolean((await readState(db)).account)
}

/** What a message someone asked for carries: to whom, the text, and an attached file if any. */
export type WhatsAppMessage = {
  /** The account it is for; null for a number outside the firm (a client, a contractor). */
  userId: number | null
  phone: string
  text: string
  document?: { key: string; name: string; mime: string }
}

/**
 * One message in the durable send queue (whatsapp_outbox), in the caller's transaction: it exists exactly
 * when the change it tells of committed, and the queue's claim makes one process send it. No `kind`: sent
 * as it is, never merged with others nor held back by a person's notification choices (a password, a
 * code or a link someone asked to send is not a notification one may turn off). Notifications go
 * through the notification writer instead. Answers the row's id.
 */
export async function queueWhatsAppMessage(trx: Kysely<DB>, message: WhatsAppMessage): Promise<number> {
  const now = nowIso()
  const row = await trx
    .insertInto('whatsapp_outbox')
    .values({
      notification_id: null,
      user_id: message.userId,
      phone: message.phone,
      text: message.text,
      message_id: newMessageId(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      document_key: message.document?.key ?? null,
      document_name: message.document?.name ?? null,
      document_mime: message.document?.mime ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
