import { type Database, knownMigrations, migrate } from './index'
import { requireCurrentSchema, SchemaBehind, SchemaTooNew } from './schema-version'

/**
 * At start: migrate (a single server, or the cluster's primary), or only check (a cluster worker: its
 * primary migrated once before forking). A database newer than this build, or one a worker finds behind,
 * stops the process with the reason on stderr and exit code 78 (EX_CONFIG), never a stack trace.
 */
export async function prepareSchema(database: Database, mode: 'migrate' | 'check'): Promise<void> {
  try {
    if (mode === 'migrate') await migrate(database)
    else await requireCurrentSchema(database, knownMigrations())
  } catch (err) {
    if (!(err instanceof SchemaTooNew || err instanceof SchemaBehind)) throw err
    console.error(`Berkas tidak dijalankan: ${err.message}`)
    await database.close()
    process.exit(78)
  }
}
