import { sql } from 'kysely'
import { normalizePhone } from '../../base/phone'
import type { Deps, NotificationSink } from '../../deps'
import type { DomainEvent } from '../../events'
import { nowIso } from '../../http'
import { newMessageId } from '../whatsapp/send-queue'
import { whatsappRecipients } from './notification-channels'
import { admins, type Draft, NOTIFICATION_RULES } from './notification-rules'

type WriterDeps = Pick<Deps, 'db' | 'dialect' | 'logger'> & {
  /** Whether notifications also go out by WhatsApp (WHATSAPP_DRIVER is not off). */
  whatsapp: boolean
  /** PostgreSQL channel that wakes the live feed of every process (null on SQLite: they poll). */
  channel: string | null
  /** The app's address (PUBLIC_URL): a WhatsApp message ends with the link to its item there. */
  publicUrl?: string
}

/**
 * Turns domain events into notification rows (and WhatsApp queue rows), written by the process that
 * published the event, in one transaction: every process's live feed reads them from the database.
 */
export class NotificationWriter implements NotificationSink {
  private readonly inflight = new Set<Promise<void>>()
  constructor(private readonly deps: WriterDeps) {}

  /** The EventHub listener. */
  readonly handle = (event: DomainEvent): Promise<void> => {
    const work = this.write(event).finally(() => this.inflight.delete(work))
    this.inflight.add(work)
    return work
  }

  /** Resolves once every event received so far is written (tests; graceful shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight])
  }

  private async write(event: DomainEvent): Promise<void> {
    const rule = NOTIFICATION_RULES[event.type] as (
      db: Deps['db'],
      e: DomainEvent,
    ) => ReturnType<(typeof NOTIFICATION_RULES)['employee_added']>
    const draft = await rule(this.deps.db, event)
    if (!draft) return
    // Never the actor; only live, active accounts; each person once.
    const db = this.deps.db
    const everyone = draft.admins ? [...draft.to, ...(await admins(db))] : draft.to
    const ids = [...new Set(everyone)].filter((id) => id !== event.actorId)
    if (ids.length === 0) return
    const recipients = await db
      .selectFrom('users')
      .select(['id', 'phone', 'role'])
      .where('id', 'in', ids)
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .where('role', '!=', 'superadmin')
      .orderBy('id')
      .execute()
    if (recipients.length === 0) return
    const now = nowIso()
    const toWhatsapp = this.deps.whatsapp
      ? await whatsappRecipients(db, draft, recipients, new Set(draft.to))
      : new Set<number>()
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('notifications')
        .values(
          recipients.map((r) => ({
            user_id: r.id,
            type: draft.type,
            title: draft.title,
            message: draft.message,
            project_id: draft.projectId,
            link: draft.link,
            is_read: 0,
            created_at: now,
            actor_id: event.actorId,
          })),
        )
        .returning(['id', 'user_id'])
        .execute()
      if (!this.deps.whatsapp) return
      const phoneOf = new Map(recipients.map((r) => [r.id, normalizePhone(r.phone)]))
      const queued = rows.flatMap((row) => {
        const phone = phoneOf.get(row.user_id)
        if (!phone || !toWhatsapp.has(row.user_id)) return []
        return [
          {
            notification_id: row.id,
            user_id: row.user_id,
            phone,
            text: whatsappText(draft, this.deps.publicUrl),
            message_id: newMessageId(),
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: now,
            created_at: now,
            kind: draft.type,
            ...mergeColumns(draft, row.user_id, this.deps.publicUrl),
          },
        ]
      })
      if (queued.length > 0) await trx.insertInto('whatsapp_outbox').values(queued).execute()
    })
    if (this.deps.channel) await sql`select pg_notify(${this.deps.channel}, '')`.execute(db)
  }
}

/** How a person's burst of this kind merges into one message (send-queue.ts); none: it never merges. */
function mergeColumns(draft: Draft, userId: number, publicUrl: string | undefined) {
  const burst = draft.burst
  if (!burst) return {}
  return {
    merge_key: `${userId}:${draft.type}:${draft.projectId ?? '-'}:${burst.group}`,
    merge_count: burst.count,
    merge_text: whatsappText({ title: draft.title, message: burst.summary, link: burst.link }, publicUrl),
  }
}

/** The WhatsApp message: the title in bold, the message, and the item's link when the app's address is known. */
export function whatsappText(
  draft: { title: string; message: string; link: string | null },
  publicUrl: string | undefined,
): string {
  const text = `*${draft.title}*\n${draft.message}`
  return publicUrl && draft.link ? `${text}\n${publicUrl}${draft.link}` : text
}
