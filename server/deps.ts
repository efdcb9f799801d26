import type { Kysely } from 'kysely'
import type { Config } from './config'
import type { Dialect } from './db/index'
import type { DB, UserRow } from './db/schema'
import type { EventHub } from './events'
import type { JobQueue } from './jobs/job-queue'
import type { Logger } from './logger'
import type { LoginThrottle } from './modules/auth/login-throttle'
import type { NotificationFeed } from './modules/notifications/notification-feed'
import type { NotificationWriter } from './modules/notifications/notification-writer'
import type { ExportSlots } from './modules/project-download/export-slots'
import type { ReadCache } from './read-cache'
import type { BlobStore } from './storage/blob-store'

/** Everything a module needs, built once in index.ts (or per test) and handed to createApp. */
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
  notifications: NotificationWriter
  /** This process's live feed of new notification rows, for the server-sent event streams. */
  notificationFeed: NotificationFeed
  /** Project exports running at once in this process (project-download/export-slots.ts). */
  exportSlots: ExportSlots
  /** The database job queue: enqueue in a transaction, wake after it committed (server/jobs). */
  jobs: JobQueue
}

export type AppEnv = { Variables: { user: UserRow } }
