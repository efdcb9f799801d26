import type { Kysely } from 'kysely'
import type { Notification } from '../../../src/contracts/notifications'
import { type Actor, access } from '../../access'
import type { DB } from '../../db/schema'
import { notFound } from '../../http'
import { toNotification } from './notification-view'

type Db = { db: Kysely<DB> }

/** Read notifications kept in the list besides every unread one; older read ones stay in the database. */
export const READ_KEPT = 200
/** A bound on the unread ones too, so an abandoned account cannot make the answer unbounded. */
const UNREAD_MAX = 1000

/**
 * The caller's notifications, newest first: every unread one (up to 1000) and the 200 newest read ones,
 * so the unread count and the 'Belum Dibaca' tab are complete however long the history grows.
 */
export async function listNotifications(deps: Db, user: Actor): Promise<Notification[]> {
  await access.require(deps, user, 'notification.list')
  const [unread, read] = await Promise.all([
    deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('is_read', '=', 0)
      .orderBy('id', 'desc')
      .limit(UNREAD_MAX)
      .execute(),
    deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('is_read', '=', 1)
      .orderBy('id', 'desc')
      .limit(READ_KEPT)
      .execute(),
  ])
  return [...unread, ...read].sort((a, b) => b.id - a.id).map(toNotification)
}

/** Marks one of the caller's notifications read; anyone else's is absent (404). Repeating it is fine. */
export async function markRead(deps: Db, user: Actor, id: number): Promise<Notification> {
  await access.require(deps, user, 'notification.list')
  const row = await deps.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst()
  // Absent and someone else's answer the same 404, so a refusal never tells whether an id exists.
  await access.require(deps, user, 'notification.read', { ownerId: row?.user_id ?? -1 })
  if (!row) throw notFound()
  if (row.is_read === 0) {
    await deps.db
      .updateTable('notifications')
      .set({ is_read: 1 })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .execute()
  }
  return toNotification({ ...row, is_read: 1 })
}

/** Marks every notification of the caller read (and nobody else's). */
export async function markAllRead(deps: Db, user: Actor): Promise<{ updated: number }> {
  await access.require(deps, user, 'notification.list')
  const result = await deps.db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', user.id)
    .where('is_read', '=', 0)
    .executeTakeFirst()
  return { updated: Number(result.numUpdatedRows) }
}
