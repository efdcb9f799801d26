import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Config } from '../config'
import { sqliteFile } from '../db/index'
import type { BlobStore } from '../storage/blob-store'
import { copyBlobsIn } from './blob-copy'
import { dumpFile, MANIFEST_FILE, type Manifest } from './layout'
import { runTool } from './run-tool'

export type RestoreResult = { manifest: Manifest; blobsWritten: number }

/**
 * Brings a backup of createBackup back into the configured database and store. The server must be
 * stopped. An existing database is only replaced with `force`, so a mistyped DATA_DIR or DATABASE_URL
 * never wipes a live firm's records. Blobs go in before the database, so no restored row ever names a
 * blob that is not there yet.
 */
export async function restoreBackup(
  config: Config,
  store: BlobStore,
  dir: string,
  opts: { force?: boolean } = {},
): Promise<RestoreResult> {
  const manifestFile = path.join(dir, MANIFEST_FILE)
  if (!fs.existsSync(manifestFile))
    throw new Error(`Bukan cadangan Berkas yang utuh: ${manifestFile} tidak ada`)
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
  const dialect = config.databaseUrl?.startsWith('postgres') ? 'postgres' : 'sqlite'
  if (manifest.dialect !== dialect)
    throw new Error(`Cadangan ini dari ${manifest.dialect}, sedangkan server memakai ${dialect}`)

  if (dialect === 'sqlite') await checkSqliteTarget(config, opts.force)
  else await checkPostgresTarget(config, manifest, opts.force)

  const blobsWritten = await copyBlobsIn(store, dir)
  if (dialect === 'sqlite') restoreSqlite(config, dir)
  else await restorePostgres(config, dir)
  return { manifest, blobsWritten }
}

async function checkSqliteTarget(config: Config, force = false) {
  const file = sqliteFile(config)
  if (!fs.existsSync(file)) return
  if (!force)
    throw new Error(
      `Database sudah ada di ${file}; hentikan server dan ulangi dengan --force untuk menimpanya`,
    )
  // A running server keeps its connection open, and in WAL mode every open connection holds a shared
  // lock on the file: an exclusive lock is only granted when no process uses the database.
  const probe = new SQLite(file, { timeout: 0 })
  try {
    probe.pragma('locking_mode = EXCLUSIVE')
    probe.exec('BEGIN EXCLUSIVE; COMMIT')
  } catch {
    throw new Error(`Database ${file} sedang dipakai; hentikan server Berkas sebelum memulihkan`)
  } finally {
    probe.close()
  }
}

/** Copied beside the target and renamed over it; the old WAL and shared-memory files go with the old file. */
function restoreSqlite(config: Config, dir: string) {
  const file = sqliteFile(config)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const incoming = `${file}.restoring`
  fs.copyFileSync(dumpFile(dir, 'sqlite'), incoming)
  for (const side of [`${file}-wal`, `${file}-shm`]) fs.rmSync(side, { force: true })
  fs.renameSync(incoming, file)
}

async function checkPostgresTarget(config: Config, manifest: Manifest, force = false) {
  if ((manifest.pgSchema ?? null) !== (config.databaseSchema ?? null))
    throw new Error(
      `Cadangan ini berisi skema ${manifest.pgSchema ?? '(bawaan)'}, sedangkan DATABASE_SCHEMA adalah ${config.databaseSchema ?? '(bawaan)'}`,
    )
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema = coalesce($1, current_schema()) and table_name = 'users'`,
      [config.databaseSchema ?? null],
    )
    if (rows[0].n > 0 && !force)
      throw new Error(
        'Database tujuan sudah berisi data Berkas; hentikan server dan ulangi dengan --force untuk menimpanya',
      )
    // A named schema is dropped whole, so tables a newer version added do not survive the restore.
    if (config.databaseSchema && force)
      await client.query(`DROP SCHEMA IF EXISTS "${config.databaseSchema}" CASCADE`)
  } finally {
    await client.end()
  }
}

async function restorePostgres(config: Config, dir: string) {
  await runTool('pg_restore', [
    '--no-owner',
    '--single-transaction',
    ...(config.databaseSchema ? [] : ['--clean', '--if-exists']),
    `--dbname=${config.databaseUrl}`,
    dumpFile(dir, 'postgres'),
  ])
}
