import type { Config } from './config'
import type { Database } from './db/index'
import type { Deps } from './deps'
import { EventHub } from './events'
import { JobQueue } from './jobs/job-queue'
import { ExportSlots } from './limits/export-slots'
import { LoginThrottle } from './limits/login-throttle'
import { createLogger } from './logger'
import { feedChannel, NotificationFeed } from './modules/notifications/notification-feed'
import { NotificationWriter } from './modules/notifications/notification-writer'
import { databaseWriteEpoch, ReadCache } from './read-cache'
import { createBlobStore } from './storage/create-store'

export function createDeps(config: Config, database: Database): Deps {
  const logger = createLogger(config.logLevel)
  const events = new EventHub((err) => logger.error('event listener failed', err))
  // Notifications: written by the publishing process; every process's feed reads them from the database.
  const channel = database.dialect === 'postgres' ? feedChannel(database.pgSchema) : null
  const notifications = new NotificationWriter({
    db: database.db,
    dialect: database.dialect,
    logger,
    whatsapp: config.whatsappDriver !== 'off',
    channel,
    publicUrl: config.publicUrl,
  })
  events.subscribe(notifications.handle)
  const notificationFeed = new NotificationFeed({
    db: database.db,
    dialect: database.dialect,
    logger,
    listen: channel && config.databaseUrl ? { connectionString: config.databaseUrl, channel } : undefined,
  })
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    store: createBlobStore(config),
    events,
    logger,
    loginThrottle: new LoginThrottle(database.db, config.loginLimit),
    readCache: new ReadCache(databaseWriteEpoch(database.db, database.dialect), {
      enabled: config.readCache,
      maxEntries: 1000,
    }),
    notifications,
    notificationFeed,
    exportSlots: new ExportSlots({
      limit: config.exportConcurrency,
      queue: config.exportQueue,
      maxWaitMs: 60_000,
    }),
    jobs: new JobQueue(),
  }
}
