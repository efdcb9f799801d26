import type { Kysely } from 'kysely'
import type { Notification } from '../src/contracts/notifications'
import type { Config } from './config'
import type { Dialect } from './db/dialect'
import type { DB, UserRow } from './db/schema'
import type { EventHub } from './events'
import type { JobQueue } from './jobs/job-queue'
import type { ExportSlots } from './limits/export-slots'
import type { LoginThrottle } from './limits/login-throttle'
import type { Logger } from './logger'
import type { ReadCache } from './read-cache'
import type { BlobStore } from './storage/blob-store'

/**
 * The infrastructure every module is built on, made once per process in create-deps.ts (or per test)
 * and handed to createApp. Nothing here imports a module: what modules provide to each other is named
 * by the two interfaces below, which the notifications module implements.
 */
export type Deps = {
  db: Kysely<DB>
  dialect: Dialect
  config: Config
  store: BlobStore
  events: EventHub
  logger: Logger
  loginThrottle: LoginThrottle
  readCache: ReadCache
  /** Domain events -> notification rows (and WhatsApp queue rows); subscribed to `events`. */
  notifications: NotificationSink
  /** This process's live feed of new notification rows, for the server-sent event streams. */
  notificationFeed: LiveNotifications
  /** Project exports running at once in this process (limits/export-slots.ts). */
  exportSlots: ExportSlots
  /** The database job queue: enqueue in a transaction, wake after it committed (server/jobs). */
  jobs: JobQueue
}

/** writeEpoch: PostgreSQL's write epoch read along with the session (require-auth.ts, read-cache.ts). */
export type AppEnv = { Variables: { user: UserRow; writeEpoch?: string } }

/** What the process asks of the notification writer (modules/notifications/notification-writer.ts). */
export type NotificationSink = {
  /** Resolves once every event published so far is written. */
  idle(): Promise<void>
}

/** The live notification streams (modules/notifications/notification-feed.ts implements them). */
export type LiveNotifications = {
  /** Resolves when the process begins to shut down: open streams end. */
  readonly closing: Promise<void>
  /** The newest notification id this feed has seen. */
  readonly newestId: number
  /** Users with an open stream on this process. */
  readonly subscribers: number
  /**
   * Calls `listener` with each new notification of `userId`; with `session`, `session.ended` as soon as
   * that session is gone on whichever process it ended. Resolves with the unsubscribe function.
   */
  subscribe(
    userId: number,
    listener: (n: Notification) => void,
    session?: { tokenHash: string; ended: () => void },
  ): Promise<() => void>
  /** Sessions were revoked (logout, password change, deactivation): their streams end on every process. */
  sessionsEnded(): Promise<void>
  shutdown(): void
}
