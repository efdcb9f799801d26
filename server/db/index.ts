import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database, Dialect } from './dialect'
import * as initial from './migrations/001-initial'
import * as projectStats from './migrations/002-project-stats'
import * as sharedState from './migrations/003-shared-state'
import * as files from './migrations/004-files'
import * as docs from './migrations/005-docs'
import * as notificationsWhatsapp from './migrations/006-notifications-whatsapp'
import * as usageCounters from './migrations/007-usage-counters'
import * as loginDevices from './migrations/008-login-devices'
import * as jobs from './migrations/009-jobs'
import * as siteEvidence from './migrations/010-site-evidence'
import * as trashNames from './migrations/011-trash-names'
import * as reports from './migrations/012-reports'
import * as projectStartDay from './migrations/013-project-start-day'
import * as photoPlaceAndDay from './migrations/014-photo-place-and-day'
import * as reviewNotes from './migrations/015-review-notes'
import * as firmSettings from './migrations/016-firm-settings-work-item-order'
import * as shareLabels from './migrations/017-share-labels'
import * as photoPrivacyTrash from './migrations/018-photo-privacy-trash'
import * as passwordCodes from './migrations/020-password-codes'
import * as whatsappPacing from './migrations/021-whatsapp-pacing'
import * as resumableUploads from './migrations/022-resumable-uploads'
import * as projectContract from './migrations/023-project-contract'
import * as diary from './migrations/024-diary'
import * as diaryPrint from './migrations/025-diary-print'
import * as diaryReminder from './migrations/026-diary-reminder'
import { pgPoolConfig, pgPoolSettings } from './pg-pool'
import type { DB } from './schema'
import { refuseNewerSchema } from './schema-version'
import { ImmediateSqliteDialect } from './sqlite-immediate'

export type { Database, Dialect } from './dialect'

// int8 (count(*), bigint sizes) arrives as a string from pg; every such value here fits a JS number.
pg.types.setTypeParser(20, (value) => Number(value))

/** The embedded database's file: `sqlite:<path>` in DATABASE_URL, else DATA_DIR/berkas.sqlite. */
export function sqliteFile(opts: { databaseUrl?: string; dataDir: string }): string {
  return opts.databaseUrl?.startsWith('sqlite:')
    ? opts.databaseUrl.slice('sqlite:'.length)
    : path.join(opts.dataDir, 'berkas.sqlite')
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgSchema?: string }): Database {
  if (opts.databaseUrl?.startsWith('postgres://') || opts.databaseUrl?.startsWith('postgresql://')) {
    const pool = new pg.Pool(pgPoolConfig(opts.databaseUrl, pgPoolSettings(), opts.pgSchema))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return { db, dialect: 'postgres', close: () => db.destroy(), pgSchema: opts.pgSchema }
  }
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const sqlite = new SQLite(sqliteFile(opts))
  // WAL lets readers run beside the single writer; NORMAL sync is safe under WAL.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  // Several processes share the file (WORKERS): a writer waits up to 15 s for the one ahead of it
  // instead of failing; transactions take the write lock first (sqlite-immediate.ts) so they can wait.
  sqlite.pragma('busy_timeout = 15000')
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/**
 * Kysely prepares every query anew; with better-sqlite3 preparing costs more than running a small
 * query. The app issues a few dozen distinct SQL texts, so prepared statements are kept by text (at most
 * 500, oldest dropped). A statement still iterating (a streamed query) is busy: then a fresh one is made.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const kept = statements.get(text)
      if (kept && !kept.busy) return kept
      const statement = sqlite.prepare(text)
      if (!kept) {
        statements.set(text, statement)
        if (statements.size > 500) statements.delete(statements.keys().next().value as string)
      }
      return statement
    },
  }
}

const MIGRATIONS: Record<string, { up: (d: Dialect) => Migration['up'] }> = {
  '001-initial': initial,
  '002-project-stats': projectStats,
  '003-shared-state': sharedState,
  '004-files': files,
  '005-docs': docs,
  '006-notifications-whatsapp': notificationsWhatsapp,
  '007-usage-counters': usageCounters,
  '008-login-devices': loginDevices,
  '009-jobs': jobs,
  '010-site-evidence': siteEvidence,
  '011-trash-names': trashNames,
  '012-reports': reports,
  '013-project-start-day': projectStartDay,
  '014-photo-place-and-day': photoPlaceAndDay,
  '015-review-notes': reviewNotes,
  '016-firm-settings-work-item-order': firmSettings,
  '017-share-labels': shareLabels,
  '018-photo-privacy-trash': photoPrivacyTrash,
  '020-password-codes': passwordCodes,
  '021-whatsapp-pacing': whatsappPacing,
  '022-resumable-uploads': resumableUploads,
  '023-project-contract': projectContract,
  '024-diary': diary,
  '025-diary-print': diaryPrint,
  '026-diary-reminder': diaryReminder,
}

/** The migrations this build knows, oldest first (server/db/schema-version.ts compares them). */
export const knownMigrations = (): string[] => Object.keys(MIGRATIONS)

export async function migrate(database: Database): Promise<void> {
  // Before Kysely's own check (a bare "corrupted migrations"): say plainly that a newer build migrated it.
  await refuseNewerSchema(database, knownMigrations())
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: m.up(database.dialect) }]),
      )
    },
  }
  // Kysely looks its bookkeeping tables up across schemas; pin them to ours when a schema is set.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}
