import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { WhatsAppDriver } from './gateway'
import { phoneJid } from './phone'

/**
 * The persistent WhatsApp send queue (table whatsapp_outbox, rows written with their notification, or by
 * 'Kirim via WhatsApp' of a share link with the report's PDF as a document).
 *
 * - A row is claimed by one conditional update (pending -> sending, with the claimer and a claim expiry):
 *   whoever's update changed the row sends it, nobody else.
 * - Sent: status sent. Failed while connected: back to pending after a backoff (30 s doubling to an
 *   hour); after MAX_ATTEMPTS it is kept as failed with the error. Failed because the connection dropped:
 *   back to pending with no attempt counted: a disconnected bot loses nothing.
 * - A claim that outlived its expiry (the sender died mid-send) returns to pending; the re-send carries the
 *   same message_id, so the recipient's phone still shows it once.
 */
export const MAX_ATTEMPTS = 8
/** Longer than any one send may take, and than the lease: only a dead sender's claims run out. */
export const CLAIM_MS = 120_000
const BATCH = 25

/** A WhatsApp message id of our own (the Web client uses 3EB0 + hex; ours are recognisable by BRK). */
export const newMessageId = () => `BRK${randomBytes(9).toString('hex').toUpperCase()}`

export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)
}

export type DrainResult = { sent: number; retried: number; failed: number }

/** The bytes of a queued document by its blob key; undefined when the blob is gone (sent as text). */
export type ReadDocument = (key: string) => Promise<Buffer | undefined>

/** Sends every due row while the driver stays connected; `holder` names this sender in its claims. */
export async function drainQueue(
  db: Kysely<DB>,
  driver: WhatsAppDriver,
  holder: string,
  stillHolder: () => boolean = () => true,
  readDocument?: ReadDocument,
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 }
  const now = new Date().toISOString()
  await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'pending', claimed_by: null, claimed_until: null })
    .where('status', '=', 'sending')
    .where('claimed_until', '<', now)
    .execute()
  for (;;) {
    if (!driver.connected || !stillHolder()) return result
    const due = await db
      .selectFrom('whatsapp_outbox')
      .select(['id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', new Date().toISOString())
      .orderBy('id')
      .limit(BATCH)
      .execute()
    if (due.length === 0) return result
    for (const { id } of due) {
      if (!driver.connected || !stillHolder()) return result
      const row = await claim(db, id, holder)
      if (!row) continue
      try {
        await sendRow(driver, row, readDocument)
        await db
          .updateTable('whatsapp_outbox')
          .set({ status: 'sent', sent_at: new Date().toISOString(), claimed_until: null, last_error: null })
          .where('id', '=', id)
          .execute()
        result.sent += 1
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        if (!driver.connected) {
          // The connection dropped: not the message's fault, and it waits for the next connection.
          await release(db, id, { last_error: message })
          return result
        }
        const attempts = row.attempts + 1
        const failed = attempts >= MAX_ATTEMPTS
        await db
          .updateTable('whatsapp_outbox')
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            next_attempt_at: new Date(Date.now() + backoffMs(attempts)).toISOString(),
            claimed_by: null,
            claimed_until: null,
            last_error: message.slice(0, 500),
          })
          .where('id', '=', id)
          .execute()
        if (failed) result.failed += 1
        else result.retried += 1
      }
    }
  }
}

async function claim(db: Kysely<DB>, id: number, holder: string) {
  const until = new Date(Date.now() + CLAIM_MS).toISOString()
  const claimed = await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'sending', claimed_by: holder, claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return null
  return db
    .selectFrom('whatsapp_outbox')
    .select(['phone', 'text', 'message_id', 'attempts', 'document_key', 'document_name', 'document_mime'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

type ClaimedRow = NonNullable<Awaited<ReturnType<typeof claim>>>

/**
 * One row to WhatsApp: with its document where the row has one, the driver can send documents and the
 * blob is still there (the text is then the caption); otherwise the text alone, which carries the link.
 */
async function sendRow(driver: WhatsAppDriver, row: ClaimedRow, readDocument?: ReadDocument) {
  const jid = phoneJid(row.phone)
  const bytes =
    row.document_key && driver.sendDocument && readDocument ? await readDocument(row.document_key) : undefined
  if (bytes && driver.sendDocument) {
    const doc = {
      bytes,
      mimetype: row.document_mime ?? 'application/octet-stream',
      fileName: row.document_name ?? 'dokumen',
      caption: row.text,
    }
    await driver.sendDocument(jid, doc, row.message_id)
  } else await driver.send(jid, row.text, row.message_id)
}

function release(db: Kysely<DB>, id: number, fields: { last_error: string }) {
  return db
    .updateTable('whatsapp_outbox')
    .set({
      status: 'pending',
      claimed_by: null,
      claimed_until: null,
      last_error: fields.last_error.slice(0, 500),
    })
    .where('id', '=', id)
    .execute()
}
