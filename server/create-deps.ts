import type { Config } from './config'
import type { Database } from './db/index'
import type { Deps } from './deps'
import { EventHub } from './events'
import { createLogger } from './logger'
import { LoginThrottle } from './modules/auth/login-throttle'
import { databaseWriteEpoch, ReadCache } from './read-cache'
import { createBlobStore } from './storage/create-store'

export function createDeps(config: Config, database: Database): Deps {
  const logger = createLogger(config.logLevel)
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    store: createBlobStore(config),
    events: new EventHub((err) => logger.error('event listener failed', err)),
    logger,
    loginThrottle: new LoginThrottle(database.db, config.loginLimit),
    readCache: new ReadCache(databaseWriteEpoch(database.db, database.dialect), {
      enabled: config.readCache,
      maxEntries: 1000,
    }),
  }
}
