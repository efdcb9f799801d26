import cluster from 'node:cluster'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ensureSuperadmin } from './bootstrap'
import { readConfig } from './config'
import { createDeps } from './create-deps'
import { openDatabase } from './db/index'
import { prepareSchema } from './db/startup-schema'
import { sweepIdempotencyKeys } from './idempotency'
import { sweepExpiredSessions } from './modules/auth/sessions.service'
import { queueDocPrivacy } from './modules/documentation/doc-privacy-job'
import { queueTrashSweep } from './modules/trash/trash-sweep-job'
import { createWhatsAppWorker } from './modules/whatsapp/create-worker'
import { Drain } from './shutdown'
import { startJobRunner } from './start-jobs'
import { sweepUploadsAtStart } from './uploads/sweep'

const config = readConfig()
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgSchema: config.databaseSchema,
})
// A cluster worker (server/cluster.ts) finds the schema migrated and the start-up chores done by its primary.
await prepareSchema(database, cluster.isWorker ? 'check' : 'migrate')
const deps = createDeps(config, database)
if (!cluster.isWorker) {
  await ensureSuperadmin(deps, config)
  sweepUploadsAtStart(deps)
  await sweepExpiredSessions(deps.db)
  await sweepIdempotencyKeys(deps.db)
  // Photos stored before issue 23: their GPS leaves the public bytes, their sha256 is filled (once).
  await queueDocPrivacy({ db: deps.db, dialect: database.dialect })
  // The trash's daily sweep: queued once whichever processes start (server/modules/trash).
  await queueTrashSweep(deps.db, deps.dialect)
}

// On SIGTERM: /api/health answers 503 while running requests finish (server/shutdown.ts).
const drain = new Drain({
  drainMs: config.shutdownDrainMs,
  graceMs: config.shutdownGraceMs,
  logger: deps.logger,
})
const server = serve(
  {
    fetch: drain.fetch(createApp(deps).fetch),
    port: config.port,
    hostname: config.host,
    // Node cuts any request not received whole within 5 minutes: a 200 MB upload from a phone on a weak
    // site connection takes longer, so that limit is off and idle sockets are cut instead (below). Off,
    // it also turned Node 20's header deadline off (headersTimeout defaults to min(60 s, requestTimeout)):
    // sockets sending a header byte a second were never cut and a thousand of them used up the process's
    // file descriptors. The header deadline is set on its own, and checked every few seconds.
    serverOptions: {
      requestTimeout: 0,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(config.headersTimeoutMs / 2)),
      // An idle keep-alive connection is kept 65 s (Node's default is 5 s), longer than the clients and
      // proxies in front keep theirs (nginx upstream keepalive_timeout, cloud load balancers: 60 s): the
      // caller must be the one to close first, or a request sent on a connection the server is closing at
      // that instant is reset (CI met it: a reused connection answered ECONNRESET to a plain GET).
      keepAliveTimeout: 65_000,
    },
  },
  (info) => {
    deps.logger.info(`Berkas berjalan di http://${info.address}:${info.port} (database: ${database.dialect})`)
  },
)
drain.watch(server as Server)
// A connection with no byte moving either way for 2 minutes is dead (a phone that lost its signal).
server.setTimeout(2 * 60 * 1000)
// Every process runs it; the one holding the database lease keeps the WhatsApp connection and sends.
const whatsapp = createWhatsAppWorker(deps)
whatsapp?.start()
// Every process runs queued jobs (thumbnails); the database hands each job to one of them.
const jobs = startJobRunner(deps)

const within = (ms: number, work: Promise<unknown>) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))])

let stopping = false
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) {
    // Ctrl-C again (or a SIGINT after the deploy's SIGTERM): stop waiting for running requests.
    if (signal === 'SIGINT') drain.cut()
    return
  }
  stopping = true
  // Last resort, should closing the database hang: the process still ends.
  setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000).unref()
  await drain.stop(server as Server, () =>
    // Open notification streams end (browsers reconnect elsewhere); the bot's lease is released and
    // running jobs are handed back at once, so other processes take them over during the drain.
    within(3000, Promise.all([deps.notificationFeed.shutdown(), whatsapp?.stop(), jobs.stop()])),
  )
  // Notifications the last requests wrote are sent before the database closes.
  await within(3000, deps.notifications.idle())
  await database.close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
