import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { phoneJid } from '../../base/phone'
import type { WhatsAppPacing } from '../../config'
import type { DB } from '../../db/schema'
import type { WhatsAppDriver } from './gateway'
import { gapFor, globalWaitMs, keysFor, releaseSlot, reserve, UNPACED } from './pacing'

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
 * - Issue 32 (docs/decisions/0079): sends are paced per recipient and overall (pacing.ts), stale
 *   notifications expire instead of going out, and a person's burst of one kind goes out as one message
 *   (every row of it sent under one WhatsApp id, `sent_as`).
 */
export const MAX_ATTEMPTS = 8
/** Longer than any one send may take, and than the lease: only a dead sender's claims run out. */
export const CLAIM_MS = 120_000

/** A WhatsApp message id of our own (the Web client uses 3EB0 + hex; ours are recognisable by BRK). */
export const newMessageId = () => `BRK${randomBytes(9).toString('hex').toUpperCase()}`

export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)
}

export type DrainResult = { sent: number; retried: number; failed: number; expired: number }

/** The bytes of a queued document by its blob key; undefined when the blob is gone (sent as text). */
export type ReadDocument = (key: string) => Promise<Buffer | undefined>

export type DrainOptions = {
  /** Gaps, expiry and merge window (config.whatsappPacing); default: none (UNPACED). */
  pacing?: WhatsAppPacing
  /** How long this drain may wait for the next overall slot before it returns (the worker: one heartbeat). */
  budgetMs?: number
}

/**
 * Sends every due row while the driver stays connected; `holder` names this sender in its claims.
 * Paced (pacing.ts): a row whose recipient's slot is not free yet waits for a later drain, and the
 * overall gap is waited for within the budget. Notifications (rows with a kind) older than the maximum
 * age are marked expired first, even while disconnected, so a linked bot never sends a stale backlog;
 * a notification with a merge key waits out the merge window, then goes out with every other due row
 * of its key as one message.
 */
export async function drainQueue(
  db: Kysely<DB>,
  driver: WhatsAppDriver,
  holder: string,
  stillHolder: () => boolean = () => true,
  readDocument?: ReadDocument,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const pacing = options.pacing ?? UNPACED
  const deadline = Date.now() + (options.budgetMs ?? 0)
  const result: DrainResult = { sent: 0, retried: 0, failed: 0, expired: 0 }
  await db
    .updateTable('whatsapp_outbox')
    .set({ status: 'pending', claimed_by: null, claimed_until: null })
    .where('status', '=', 'sending')
    .where('claimed_until', '<', new Date().toISOString())
    .execute()
  result.expired = await expireStale(db, pacing)
  for (;;) {
    if (!driver.connected || !stillHolder()) return result
    if (pacing.globalGapMs > 0) {
      const wait = await globalWaitMs(db)
      if (wait > 0) {
        if (Date.now() + wait > deadline) return result
        await new Promise((resolve) => setTimeout(resolve, wait))
        continue
      }
    }
    const next = await nextDue(db, pacing)
    if (!next) return result
    const keys = keysFor(pacing, next.phone)
    const held: string[] = []
    for (const key of keys) {
      if (!(await reserve(db, key, holder))) break
      held.push(key)
    }
    if (held.length < keys.length) {
      // Another sender took the slot in between: give back what this one holds and look again.
      for (const key of held) await releaseSlot(db, key, holder, 0)
      continue
    }
    const group = await claimGroup(db, next, holder)
    if (!group) {
      for (const key of held) await releaseSlot(db, key, holder, 0)
      continue
    }
    const outcome = await sendGroup(db, driver, group, readDocument)
    for (const key of held)
      await releaseSlot(db, key, holder, outcome === 'dropped' ? 0 : gapFor(pacing, key))
    if (outcome === 'dropped') return result
    result[outcome] += 1
  }
}

/** Notifications that waited past the maximum age are not sent (status expired); asked-for messages are. */
async function expireStale(db: Kysely<DB>, pacing: WhatsAppPacing): Promise<number> {
  if (pacing.maxAgeMs === 0) return 0
  const changed = await db
    .updateTable('whatsapp_outbox')
    .set({
      status: 'expired',
      last_error: `Tidak dikirim: menunggu lebih dari ${pacing.maxAgeMs / 60_000} menit`,
    })
    .where('status', '=', 'pending')
    .where('kind', 'is not', null)
    .where('created_at', '<', new Date(Date.now() - pacing.maxAgeMs).toISOString())
    .executeTakeFirst()
  return Number(changed.numUpdatedRows)
}

/** The oldest row that may go now: due, its merge window over, its recipient's slot free. */
function nextDue(db: Kysely<DB>, pacing: WhatsAppPacing) {
  const now = new Date()
  const windowStart = new Date(now.getTime() - pacing.mergeWindowMs).toISOString()
  let query = db
    .selectFrom('whatsapp_outbox as o')
    .select(['o.id', 'o.phone', 'o.merge_key', 'o.sent_as', 'o.message_id'])
    .where('o.status', '=', 'pending')
    .where('o.next_attempt_at', '<=', now.toISOString())
  if (pacing.mergeWindowMs > 0)
    query = query.where((eb) =>
      eb.or([
        eb('o.merge_key', 'is', null),
        eb('o.sent_as', 'is not', null),
        eb('o.created_at', '<=', windowStart),
      ]),
    )
  if (pacing.recipientGapMs > 0)
    query = query
      .leftJoin('whatsapp_pacing as p', 'p.key', 'o.phone')
      .where((eb) =>
        eb.or([eb('p.next_allowed_at', 'is', null), eb('p.next_allowed_at', '<=', now.toISOString())]),
      )
  return query.orderBy('o.id').limit(1).executeTakeFirst()
}

type Candidate = NonNullable<Awaited<ReturnType<typeof nextDue>>>

/**
 * Claims `row` and what goes out with it, each by a conditional update (pending -> sending): whoever's
 * update changed a row sends it, nobody else. The rows of one send share `sent_as`, the WhatsApp id of
 * the message: the first row's own id. A group claimed before (its send failed or its sender died) is
 * claimed again exactly as it was, so a re-send is the same message, which the phone shows once; a new
 * group takes every pending row of the merge key that no earlier send has taken.
 */
async function claimGroup(db: Kysely<DB>, row: Candidate, holder: string) {
  const sentAs = row.sent_as ?? row.message_id
  const claim = {
    status: 'sending' as const,
    claimed_by: holder,
    claimed_until: new Date(Date.now() + CLAIM_MS).toISOString(),
  }
  const first = await db
    .updateTable('whatsapp_outbox')
    .set({ ...claim, sent_as: sentAs })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('sent_as', row.sent_as === null ? 'is' : '=', row.sent_as)
    .executeTakeFirst()
  if (Number(first.numUpdatedRows) !== 1) return null
  if (row.sent_as !== null)
    await db
      .updateTable('whatsapp_outbox')
      .set(claim)
      .where('sent_as', '=', sentAs)
      .where('status', '=', 'pending')
      .execute()
  else if (row.merge_key !== null)
    await db
      .updateTable('whatsapp_outbox')
      .set({ ...claim, sent_as: sentAs })
      .where('merge_key', '=', row.merge_key)
      .where('status', '=', 'pending')
      .where('sent_as', 'is', null)
      .execute()
  const rows = await db
    .selectFrom('whatsapp_outbox')
    .select([
      'id',
      'phone',
      'text',
      'attempts',
      'document_key',
      'document_name',
      'document_mime',
      'merge_count',
      'merge_text',
    ])
    .where('sent_as', '=', sentAs)
    .where('status', '=', 'sending')
    .where('claimed_by', '=', holder)
    .orderBy('id')
    .execute()
  const lead = rows.find((r) => r.id === row.id)
  return lead ? { sentAs, holder, lead, rows } : null
}

type Group = NonNullable<Awaited<ReturnType<typeof claimGroup>>>

/** The text of a group: one row's own, several rows' merge text with the count of what they stand for. */
export function groupText(rows: Group['rows']): string {
  const last = rows[rows.length - 1]
  if (rows.length === 1 || !last?.merge_text) return rows.map((r) => r.text).join('\n\n')
  const count = rows.reduce((sum, r) => sum + r.merge_count, 0)
  return last.merge_text.replaceAll('{n}', String(count))
}

/**
 * One message for the group. Sent: every row sent under one id. Failed while connected: back to
 * pending after a backoff, failed after MAX_ATTEMPTS. Failed because the connection dropped: back to
 * pending, no attempt counted ('dropped': the drain stops).
 */
async function sendGroup(
  db: Kysely<DB>,
  driver: WhatsAppDriver,
  group: Group,
  readDocument?: ReadDocument,
): Promise<'sent' | 'retried' | 'failed' | 'dropped'> {
  const mine = () =>
    db
      .updateTable('whatsapp_outbox')
      .where('sent_as', '=', group.sentAs)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', group.holder)
  try {
    await sendRow(
      driver,
      { ...group.lead, text: groupText(group.rows), message_id: group.sentAs },
      readDocument,
    )
    await mine()
      .set({ status: 'sent', sent_at: new Date().toISOString(), claimed_until: null, last_error: null })
      .execute()
    return 'sent'
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
    if (!driver.connected) {
      // The connection dropped: not the message's fault, and it waits for the next connection.
      await mine()
        .set({ status: 'pending', claimed_by: null, claimed_until: null, last_error: message })
        .execute()
      return 'dropped'
    }
    const attempts = group.lead.attempts + 1
    const failed = attempts >= MAX_ATTEMPTS
    await mine()
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        next_attempt_at: new Date(Date.now() + backoffMs(attempts)).toISOString(),
        claimed_by: null,
        claimed_until: null,
        last_error: message,
      })
      .execute()
    return failed ? 'failed' : 'retried'
  }
}

type ClaimedRow = Group['lead'] & { message_id: string }

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
