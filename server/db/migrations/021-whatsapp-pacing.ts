import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A WhatsApp bot that is not banned (issue 32, docs/decisions/0079-whatsapp-bot-not-banned.md).
 *
 * - whatsapp_outbox.kind: the notification type a row tells of (null: a message someone asked for, a
 *   share link or a password code: never merged, never filtered by preferences, never expired).
 *   merge_key (recipient, kind, project, group), merge_count (items the row stands for) and merge_text
 *   (the message for a burst, with {n} for the count): due rows of one key go out as one message.
 *   sent_as: the WhatsApp message id a row went (or goes) out under; every row of a merged send has
 *   the same one, so a re-send after a crash is the same message. Status 'expired' (waited past
 *   WHATSAPP_MAX_AGE_MIN) and 'skipped' (its kind turned off while it waited) are never sent.
 * - whatsapp_pacing: per recipient (the phone) and overall ('*'), the earliest moment the next send may
 *   start, reserved by one conditional update by whichever process sends: pacing holds across processes.
 * - notification_channels: what each person lets reach their WhatsApp (the bell always gets everything):
 *   the kinds turned off (JSON array, so a kind added later is on) and, for admins, whether WhatsApp
 *   tells them about every project or only those they are involved in.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('whatsapp_outbox').addColumn('kind', 'text').execute()
    await db.schema.alterTable('whatsapp_outbox').addColumn('merge_key', 'text').execute()
    await db.schema
      .alterTable('whatsapp_outbox')
      .addColumn('merge_count', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema.alterTable('whatsapp_outbox').addColumn('merge_text', 'text').execute()
    await db.schema.alterTable('whatsapp_outbox').addColumn('sent_as', 'text').execute()
    await db.schema
      .createIndex('whatsapp_outbox_merge')
      .on('whatsapp_outbox')
      .columns(['merge_key', 'status'])
      .execute()
    await db.schema
      .createIndex('whatsapp_outbox_sent_as')
      .on('whatsapp_outbox')
      .columns(['sent_as', 'status'])
      .execute()

    await db.schema
      .createTable('whatsapp_pacing')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('next_allowed_at', 'text', (c) => c.notNull())
      .addColumn('held_by', 'text')
      .execute()

    await db.schema
      .createTable('notification_channels')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('whatsapp_off', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('admin_projects', 'text', (c) => c.notNull().defaultTo('involved'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
  }
}
