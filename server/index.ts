import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ensureSuperadmin } from './bootstrap'
import { readConfig } from './config'
import { createDeps } from './create-deps'
import { migrate, openDatabase } from './db/index'
import { sweepExpiredSessions } from './modules/auth/sessions.service'
import { sweepUploadsAtStart } from './uploads/sweep'

const config = readConfig()
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgSchema: config.databaseSchema,
})
await migrate(database)
const deps = createDeps(config, database)
await ensureSuperadmin(deps, config)
sweepUploadsAtStart(deps)
await sweepExpiredSessions(deps.db)

const server = serve({ fetch: createApp(deps).fetch, port: config.port, hostname: config.host }, (info) => {
  deps.logger.info(`Berkas berjalan di http://${info.address}:${info.port} (database: ${database.dialect})`)
})

const shutdown = () => {
  server.close(() => void database.close().then(() => process.exit(0)))
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
