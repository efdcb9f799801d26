// `npm start`: WORKERS server processes (default: one per core) sharing one port through node:cluster.
// The primary serves nothing: it migrates once and does the start-up chores, then forks the workers
// (server/index.ts) and replaces any that dies. WORKERS=1 runs server/index.ts in this process.
// Correct with several processes because no state lives in a process (issue 6): sessions, throttles,
// idempotency keys and the read cache's write epoch are in the database, blobs in the store.
import cluster, { type Worker } from 'node:cluster'
import path from 'node:path'
import { ensureSuperadmin } from './bootstrap'
import { readConfig } from './config'
import { openDatabase } from './db/index'
import { prepareSchema } from './db/startup-schema'
import { sweepIdempotencyKeys } from './idempotency'
import { createLogger } from './logger'
import { sweepExpiredSessions } from './modules/auth/sessions.service'
import { queueDocPrivacy } from './modules/documentation/doc-privacy-job'
import { queueTrashSweep } from './modules/trash/trash-sweep-job'
import { createBlobStore } from './storage/create-store'
import { sweepUploadsAtStart } from './uploads/sweep'

const config = readConfig()

if (config.workers === 1) {
  await import('./index')
} else {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgSchema: config.databaseSchema,
  })
  await prepareSchema(database, 'migrate')
  // Only what the chores need: the primary serves nothing, so it builds no app (no notification feed,
  // no WhatsApp worker); those live in the workers.
  const deps = {
    db: database.db,
    store: createBlobStore(config),
    config,
    logger: createLogger(config.logLevel),
  }
  await ensureSuperadmin(deps, config)
  sweepUploadsAtStart(deps)
  await sweepExpiredSessions(deps.db)
  await sweepIdempotencyKeys(deps.db)
  // The trash's daily sweep: queued once whichever processes start (server/modules/trash).
  await queueTrashSweep(deps.db, database.dialect)
  // Photos stored before issue 23: their GPS leaves the public bytes, their sha256 is filled (once).
  await queueDocPrivacy({ db: deps.db, dialect: database.dialect })

  // Workers run the index beside this file with this process's flags: dist-server/index.js when this is
  // the built dist-server/cluster.js (production, plain node), server/index.ts under tsx in development.
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, `index${path.extname(import.meta.filename)}`) })
  let stopping = false
  /** A worker that dies young is restarted after a growing pause, so a crash at start cannot spin. */
  let pauseMs = 0
  const startedAt = new Map<number, number>()

  const fork = () => {
    const worker: Worker = cluster.fork()
    startedAt.set(worker.id, Date.now())
  }
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0)
    startedAt.delete(worker.id)
    if (stopping) return
    pauseMs = lived < 10_000 ? Math.min(Math.max(pauseMs * 2, 500), 30_000) : 0
    deps.logger.error(
      `pekerja ${worker.process.pid} berhenti (${signal ?? `kode ${code}`}); diganti${pauseMs ? ` dalam ${pauseMs} ms` : ''}`,
    )
    setTimeout(fork, pauseMs)
  })
  cluster.on('online', (worker) => deps.logger.info(`pekerja ${worker.process.pid} berjalan`))
  for (let i = 0; i < config.workers; i++) fork()
  deps.logger.info(
    `Berkas: ${config.workers} proses pekerja di port ${config.port} (database: ${database.dialect})`,
  )

  const shutdown = () => {
    if (stopping) return
    stopping = true
    // Each worker drains on SIGTERM (server/shutdown.ts: /api/health answers 503, running uploads
    // finish), then closes its server and database and exits. The primary waits for all of them: its
    // exit would end the workers with it (their IPC channel closes), cutting the uploads they finish.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    const done = () => void database.close().then(() => process.exit(0))
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check)
        done()
      }
    }, 50)
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 20_000).unref()
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
