import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Notifications and the WhatsApp bot (issue 11).
 *
 * - notifications (from 001) gets the actor, the object it is about and an index for the unread count.
 * - whatsapp_outbox: the persistent send queue. One row per message, written in the same transaction
 *   as its notification, so nothing is lost while the bot is disconnected or the server restarts. A row
 *   is claimed by a conditional update (pending -> sending), so two senders can never both take it; its
 *   message_id (random, made once with the row) is the id WhatsApp gets, so a re-send after a crash is
 *   the same message to the recipient's phone, not a second one.
 * - leases: one row per singleton job ('whatsapp'): the process whose lease has not expired holds the
 *   WhatsApp connection and sends the queue; it renews the lease on a heartbeat.
 * - whatsapp_state: the one row every process reads to answer GET /api/whatsapp/qr (the holder writes
 *   the current QR and whether it is connected), and the logout epoch the holder obeys.
 * - whatsapp_auth: the session keys (baileys creds and signal keys, or the simulated pairing), so a
 *   restart or a takeover by another process does not ask for a new scan.
 * - whatsapp_sim_sent: what the simulated driver "delivered" (one row per send call, not unique on
 *   purpose: tests count sends per message id to prove none went out twice).
 */
export function up(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'
  return async (db: Kysely<unknown>) => {
    const table = (name: string) =>
      db.schema
        .createTable(name)
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )

    await db.schema
      .alterTable('notifications')
      .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute()
    await db.schema
      .createIndex('notifications_unread')
      .on('notifications')
      .columns(['user_id', 'is_read', 'id'])
      .execute()

    await table('whatsapp_outbox')
      .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('whatsapp_outbox_due')
      .on('whatsapp_outbox')
      .columns(['status', 'next_attempt_at', 'id'])
      .execute()

    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('whatsapp_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('qr', 'text')
      .addColumn('account', 'text')
      .addColumn('logout_epoch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema
      .createTable('whatsapp_auth')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()

    await table('whatsapp_sim_sent')
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('jid', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute()
  }
}
