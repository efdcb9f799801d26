import type { Kysely } from 'kysely'
import pg from 'pg'
import type { Notification } from '../../../src/contracts/notifications'
import type { Dialect } from '../../db/index'
import type { DB } from '../../db/schema'
import type { Logger } from '../../logger'
import { toNotification } from './notification-view'

type Listener = (notification: Notification) => void

type FeedOptions = {
  db: Kysely<DB>
  dialect: Dialect
  logger: Logger
  /** PostgreSQL: connection string and channel for LISTEN (wakes the feed at once on a new row). */
  listen?: { connectionString: string; channel: string }
  /** How often the database is asked for rows newer than the last one seen. */
  pollMs?: number
}

/** The NOTIFY channel of one database schema (several firms may share one PostgreSQL database). */
export const feedChannel = (schema: string | undefined) =>
  `berkas_notifications_${(schema ?? 'public').toLowerCase()}`

/**
 * This process's live feed of new notifications, for its server-sent event streams. New rows are read
 * from the database (written by whichever process published the event), so a browser sees them
 * whichever process it is connected to: one cheap query per interval for rows above the newest id seen
 * (the primary key index), run only while at least one stream is open. On PostgreSQL a LISTEN connection
 * runs the same query at once when a writer NOTIFYs, and the interval is only the safety net.
 */
export class NotificationFeed {
  private readonly listeners = new Map<number, Set<Listener>>()
  private lastId = 0
  private timer: NodeJS.Timeout | undefined
  private starting: Promise<void> | undefined
  private polling: Promise<void> | undefined
  private again = false
  private listener: pg.Client | undefined
  private endStreams: () => void = () => {}
  /** Resolves when the process shuts down: open streams end so their browsers reconnect elsewhere. */
  readonly closing = new Promise<void>((resolve) => {
    this.endStreams = resolve
  })

  constructor(private readonly opts: FeedOptions) {}

  shutdown(): void {
    this.endStreams()
  }

  /** The newest notification id when the feed (re)started: a stream tells its client it is live. */
  get newestId(): number {
    return this.lastId
  }

  /** Calls `listener` with each new notification of `userId`; resolves once the feed is live. */
  async subscribe(userId: number, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(userId)
    if (!set) {
      set = new Set()
      this.listeners.set(userId, set)
    }
    set.add(listener)
    this.starting ??= this.start()
    await this.starting
    return () => {
      const current = this.listeners.get(userId)
      current?.delete(listener)
      if (current && current.size === 0) this.listeners.delete(userId)
      if (this.listeners.size === 0) this.stop()
    }
  }

  get subscribers(): number {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }

  private async start(): Promise<void> {
    const row = await this.opts.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst()
    this.lastId = Number(row?.max ?? 0)
    const interval = this.opts.pollMs ?? (this.opts.listen ? 3000 : 1000)
    this.timer = setInterval(() => void this.poll(), interval)
    this.timer.unref()
    if (this.opts.listen) await this.connectListener(this.opts.listen)
  }

  private async connectListener(listen: { connectionString: string; channel: string }) {
    const client = new pg.Client({ connectionString: listen.connectionString })
    client.on('notification', () => void this.poll())
    client.on('error', (err) => {
      // The interval keeps the feed going; the next start reconnects.
      this.opts.logger.warn('notification LISTEN connection failed', { err })
      if (this.listener === client) this.listener = undefined
    })
    try {
      await client.connect()
      await client.query(`LISTEN "${listen.channel}"`)
      this.listener = client
    } catch (err) {
      this.opts.logger.warn('notification LISTEN unavailable, polling only', { err })
      await client.end().catch(() => {})
    }
  }

  private stop() {
    clearInterval(this.timer)
    this.timer = undefined
    const client = this.listener
    this.listener = undefined
    this.starting = undefined
    void client?.end().catch(() => {})
  }

  /** One pass at a time; a wake-up during a pass runs one more pass after it. */
  poll(): Promise<void> {
    if (this.polling) {
      this.again = true
      return this.polling
    }
    this.polling = (async () => {
      try {
        do {
          this.again = false
          await this.pass()
        } while (this.again)
      } catch (err) {
        this.opts.logger.warn('notification feed poll failed', { err })
      } finally {
        this.polling = undefined
      }
    })()
    return this.polling
  }

  private async pass() {
    if (this.listeners.size === 0) return
    const rows = await this.opts.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '>', this.lastId)
      .orderBy('id')
      .limit(500)
      .execute()
    for (const row of rows) {
      this.lastId = Math.max(this.lastId, row.id)
      const set = this.listeners.get(row.user_id)
      if (!set) continue
      const notification = toNotification(row)
      for (const listener of set) listener(notification)
    }
    if (rows.length === 500) this.again = true
  }
}
