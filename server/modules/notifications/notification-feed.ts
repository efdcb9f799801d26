import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import type { Notification } from '../../../src/contracts/notifications'
import type { Dialect } from '../../db/dialect'
import type { DB } from '../../db/schema'
import type { LiveNotifications } from '../../deps'
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
export class NotificationFeed implements LiveNotifications {
  private readonly listeners = new Map<number, Set<Listener>>()
  /** Open streams by their session's token hash: ended as soon as a pass finds the session gone. */
  private readonly sessions = new Map<string, Set<() => void>>()
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

  /**
   * Calls `listener` with each new notification of `userId`; resolves once the feed is live. With
   * `session`, `session.ended` is called as soon as that session is gone (logout, password change,
   * deactivation, removal, expiry) on whichever process it ended.
   */
  async subscribe(
    userId: number,
    listener: Listener,
    session?: { tokenHash: string; ended: () => void },
  ): Promise<() => void> {
    let set = this.listeners.get(userId)
    if (!set) {
      set = new Set()
      this.listeners.set(userId, set)
    }
    set.add(listener)
    if (session) {
      const ends = this.sessions.get(session.tokenHash) ?? new Set()
      ends.add(session.ended)
      this.sessions.set(session.tokenHash, ends)
    }
    this.starting ??= this.start()
    await this.starting
    return () => {
      const current = this.listeners.get(userId)
      current?.delete(listener)
      if (current && current.size === 0) this.listeners.delete(userId)
      if (session) {
        const ends = this.sessions.get(session.tokenHash)
        ends?.delete(session.ended)
        if (ends && ends.size === 0) this.sessions.delete(session.tokenHash)
      }
      if (this.listeners.size === 0) this.stop()
    }
  }

  /**
   * Sessions were revoked: every process checks its open streams now (PostgreSQL: NOTIFY, delivered when
   * the revoking transaction has committed; SQLite: the next pass, within a second), not at the stream's
   * next ping 25 s later.
   */
  async sessionsEnded(): Promise<void> {
    if (this.opts.listen) await sql`select pg_notify(${this.opts.listen.channel}, '')`.execute(this.opts.db)
    void this.poll()
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
    await this.endRevokedStreams()
  }

  private async endRevokedStreams() {
    if (this.sessions.size === 0) return
    const hashes = [...this.sessions.keys()]
    const live = new Set<string>()
    for (let i = 0; i < hashes.length; i += 500) {
      const rows = await this.opts.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.token_hash')
        .where('sessions.token_hash', 'in', hashes.slice(i, i + 500))
        .where('sessions.expires_at', '>', new Date().toISOString())
        .where('users.is_active', '=', 1)
        .where('users.deleted_at', 'is', null)
        .execute()
      for (const r of rows) live.add(r.token_hash)
    }
    for (const hash of hashes) {
      if (live.has(hash)) continue
      for (const ended of this.sessions.get(hash) ?? []) ended()
      this.sessions.delete(hash)
    }
  }
}
