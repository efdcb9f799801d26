import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * A lease row: at most one holder per name at a time. The holder renews it on a heartbeat before it
 * expires; when the holder stops (it releases it) or dies (it expires), the next process to try takes it.
 * Both steps are single conditional statements, so two processes can never both believe they hold it.
 * Times are each process's clock: servers sharing a database keep their clocks in sync (NTP); a skew
 * much smaller than the lease time is harmless.
 */
export async function acquireLease(
  db: Kysely<DB>,
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString()
  const expires = new Date(now.getTime() + ttlMs).toISOString()
  const renewed = await db
    .updateTable('leases')
    .set({ holder, expires_at: expires })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', nowIso)]))
    .executeTakeFirst()
  if (Number(renewed.numUpdatedRows) > 0) return true
  const inserted = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Gives the lease up at once (graceful shutdown), so another process need not wait for it to expire. */
export async function releaseLease(db: Kysely<DB>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute()
}

export async function leaseHolder(db: Kysely<DB>, name: string, now = new Date()): Promise<string | null> {
  const row = await db
    .selectFrom('leases')
    .select(['holder', 'expires_at'])
    .where('name', '=', name)
    .executeTakeFirst()
  return row && row.expires_at >= now.toISOString() ? row.holder : null
}
