import type { Selectable } from 'kysely'
import type { Notification } from '../../../src/contracts/notifications'
import type { NotificationsTable } from '../../db/schema'

/** The public shape of a notification (SPEC section 3). */
export function toNotification(row: Selectable<NotificationsTable>): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    is_read: row.is_read === 1,
    created_at: row.created_at,
    link: row.link,
    priority: 'normal',
  }
}
