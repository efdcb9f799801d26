import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Config } from '../config'
import { sqliteFile } from '../db/index'
import type { BlobStore, Visibility } from '../storage/blob-store'
import { copyBlobOut } from './blob-copy'
import { blobPath, dumpFile, MANIFEST_FILE, type Manifest, referencedKeysQuery } from './layout'
import { runTool } from './run-tool'

export type BackupResult = { dir: string; manifest: Manifest }

const VISIBILITIES: readonly Visibility[] = ['public', 'private']

/**
 * Writes a consistent snapshot of a running Berkas (database plus every blob a row names) to `dir`.
 *
 * Why in this order: a blob is always put before the row that names it commits, and rows are deleted
 * before their blobs. So (1) every blob present now is copied, (2) the database is snapshotted in one
 * read transaction (SQLite `VACUUM INTO`; PostgreSQL `pg_dump` on a snapshot exported from the same
 * transaction that lists the referenced keys), (3) blobs the snapshot names that arrived after step 1
 * are copied, and (4) copies the snapshot does not name (uploads whose row had not committed, orphans)
 * are dropped. A blob named by the snapshot can only be missing if it was uploaded after step 1 and
 * deleted again before step 3 (seconds); such keys are listed in the manifest's `missing`, never hidden.
 *
 * The backup is built in `dir + '.partial'` and renamed at the end: a directory with a manifest is whole.
 */
export async function createBackup(config: Config, store: BlobStore, dir: string): Promise<BackupResult> {
  const target = path.resolve(dir)
  if (fs.existsSync(target)) throw new Error(`Folder cadangan sudah ada: ${target}`)
  const work = `${target}.partial`
  fs.rmSync(work, { recursive: true, force: true })
  fs.mkdirSync(work, { recursive: true })

  const copied = new Map<string, Visibility>()
  let bytes = 0
  const copy = async (key: string, visibility: Visibility) => {
    const size = await copyBlobOut(store, key, visibility, blobPath(work, visibility, key))
    if (size === undefined) return false
    copied.set(key, visibility)
    bytes += size
    return true
  }

  for (const visibility of VISIBILITIES)
    for await (const blob of store.list(visibility)) await copy(blob.key, visibility)

  const snapshot = config.databaseUrl?.startsWith('postgres')
    ? await snapshotPostgres(config, work)
    : snapshotSqlite(config, work)

  const missing: string[] = []
  for (const key of snapshot.referenced) {
    if (copied.has(key)) continue
    const found = (await copy(key, 'private')) || (await copy(key, 'public'))
    if (!found) missing.push(key)
  }
  for (const [key, visibility] of copied) {
    if (snapshot.referenced.has(key)) continue
    const file = blobPath(work, visibility, key)
    bytes -= fs.statSync(file).size
    fs.rmSync(file)
    copied.delete(key)
  }

  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dialect: snapshot.dialect,
    pgSchema: snapshot.dialect === 'postgres' ? (config.databaseSchema ?? null) : null,
    migrations: snapshot.migrations,
    blobs: copied.size,
    blobBytes: bytes,
    missing,
  }
  fs.writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  fs.renameSync(work, target)
  return { dir: target, manifest }
}

type Snapshot = { dialect: 'sqlite' | 'postgres'; referenced: Set<string>; migrations: string[] }

/** `VACUUM INTO` reads in one transaction: the copy is the database as of one moment, compacted. */
function snapshotSqlite(config: Config, work: string): Snapshot {
  const out = dumpFile(work, 'sqlite')
  const live = new SQLite(sqliteFile({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }), {
    fileMustExist: true,
  })
  try {
    live.pragma('busy_timeout = 10000')
    live.prepare('VACUUM INTO ?').run(out)
  } finally {
    live.close()
  }
  const copy = new SQLite(out, { readonly: true })
  try {
    const referenced = new Set<string>()
    for (const { k } of copy.prepare(referencedKeysQuery()).all() as { k: string }[]) referenced.add(k)
    const migrations = (
      copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((r) => r.name)
    return { dialect: 'sqlite', referenced, migrations }
  } finally {
    copy.close()
  }
}

/**
 * pg_dump runs on a snapshot exported by our own REPEATABLE READ transaction, so the keys we list and
 * the rows it dumps are the same moment. The transaction stays open (read-only) until pg_dump is done.
 */
async function snapshotPostgres(config: Config, work: string): Promise<Snapshot> {
  const url = config.databaseUrl as string
  const client = new pg.Client({
    connectionString: url,
    ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
  })
  await client.connect()
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id')
    const referenced = new Set<string>()
    for (const { k } of (await client.query<{ k: string }>(referencedKeysQuery())).rows) referenced.add(k)
    const migrations = (
      await client.query<{ name: string }>('select name from kysely_migration order by name')
    ).rows.map((r) => r.name)
    await runTool('pg_dump', [
      '--format=custom',
      `--snapshot=${rows[0].id}`,
      '--no-owner',
      ...(config.databaseSchema ? [`--schema=${config.databaseSchema}`] : []),
      `--file=${dumpFile(work, 'postgres')}`,
      url,
    ])
    await client.query('COMMIT')
    return { dialect: 'postgres', referenced, migrations }
  } finally {
    await client.end()
  }
}
