import type { Kysely } from 'kysely'
import type { WhatsAppPacing } from '../../config'
import type { DB } from '../../db/schema'

/**
 * How many queued messages will still go out (the QR dialog's 'N pesan menunggu'): pending or being
 * sent, less the notifications already past the maximum age, which the sender marks expired instead of
 * sending. Counted from the database, so every process answers the same.
 */
export async function waitingCount(
  db: Kysely<DB>,
  pacing: Pick<WhatsAppPacing, 'maxAgeMs'>,
): Promise<number> {
  let query = db
    .selectFrom('whatsapp_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
  if (pacing.maxAgeMs > 0) {
    const oldest = new Date(Date.now() - pacing.maxAgeMs).toISOString()
    query = query.where((eb) => eb.or([eb('kind', 'is', null), eb('created_at', '>=', oldest)]))
  }
  const row = await query.executeTakeFirst()
  return Number(row?.n ?? 0)
}
