import type { Kysely } from 'kysely'
import type { WhatsAppPacing } from '../../config'
import type { DB } from '../../db/schema'

/**
 * Pacing of the bot's sends, kept in the database (table whatsapp_pacing) so that it holds whichever
 * process sends (issue 32, docs/decisions/0079): WhatsApp throttles and bans an account that bursts.
 *
 * One row per recipient (the phone) and one overall ('*'), each the earliest moment the next send may
 * start. A sender reserves a slot by one conditional update (next_allowed_at <= now -> a hold in the
 * future, held_by = itself): of two processes only one's update changes the row. The hold lasts while
 * the send runs; when it ends the slot moves to the end of the send plus the gap plus a random jitter,
 * so two sends are never closer than the gap, measured from the end of the first to the start of the
 * next. A sender that dies mid-send leaves a hold that runs out after HOLD_MS.
 */
export const GLOBAL_KEY = '*'
/** As long as a queue claim (send-queue.ts CLAIM_MS): only a dead sender's hold runs out. */
export const HOLD_MS = 120_000

/** No pacing, no expiry, no merge window: direct calls of drainQueue (tests of other modules). */
export const UNPACED: WhatsAppPacing = {
  recipientGapMs: 0,
  globalGapMs: 0,
  jitterMs: 0,
  maxAgeMs: 0,
  mergeWindowMs: 0,
}

/** The gap that applies to a key, with its jitter drawn now. */
export function gapFor(pacing: WhatsAppPacing, key: string): number {
  const gap = key === GLOBAL_KEY ? pacing.globalGapMs : pacing.recipientGapMs
  if (gap === 0) return 0
  return gap + Math.floor(Math.random() * (pacing.jitterMs + 1))
}

/** The keys a send to `phone` must reserve (none where the gap is off). */
export function keysFor(pacing: WhatsAppPacing, phone: string): string[] {
  return [...(pacing.globalGapMs > 0 ? [GLOBAL_KEY] : []), ...(pacing.recipientGapMs > 0 ? [phone] : [])]
}

/** Reserves the slot of `key` for `holder` if it is free now; false when another send has it or it is too early. */
export async function reserve(db: Kysely<DB>, key: string, holder: string): Promise<boolean> {
  await db
    .insertInto('whatsapp_pacing')
    .values({ key, next_allowed_at: '', held_by: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const now = Date.now()
  const changed = await db
    .updateTable('whatsapp_pacing')
    .set({ next_allowed_at: new Date(now + HOLD_MS).toISOString(), held_by: holder })
    .where('key', '=', key)
    .where('next_allowed_at', '<=', new Date(now).toISOString())
    .executeTakeFirst()
  return Number(changed.numUpdatedRows) === 1
}

/**
 * Ends `holder`'s hold on `key`: the next send may start after `afterMs` from now (the gap once a
 * message went, 0 when nothing was sent).
 */
export async function releaseSlot(
  db: Kysely<DB>,
  key: string,
  holder: string,
  afterMs: number,
): Promise<void> {
  await db
    .updateTable('whatsapp_pacing')
    .set({ next_allowed_at: new Date(Date.now() + afterMs).toISOString(), held_by: null })
    .where('key', '=', key)
    .where('held_by', '=', holder)
    .execute()
}

/** Milliseconds until the overall slot is free (0: now). */
export async function globalWaitMs(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('whatsapp_pacing')
    .select('next_allowed_at')
    .where('key', '=', GLOBAL_KEY)
    .executeTakeFirst()
  if (!row?.next_allowed_at) return 0
  return Math.max(0, Date.parse(row.next_allowed_at) - Date.now())
}
