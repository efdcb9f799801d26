import path from 'node:path'
import { BLOB_KEY, type Visibility } from '../storage/blob-store'
import { BLOB_COLUMNS } from '../uploads/sweep'

/**
 * A backup directory:
 *   manifest.json                 written last; a directory without one is not a backup
 *   database.sqlite | database.pgdump
 *   blobs/{public,private}/{key}
 */
export const MANIFEST_FILE = 'manifest.json'

export type Manifest = {
  format: 1
  createdAt: string
  dialect: 'sqlite' | 'postgres'
  /** The PostgreSQL schema the dump holds (null: the connection's default). */
  pgSchema: string | null
  /** Migrations applied in the snapshot, oldest first. */
  migrations: string[]
  blobs: number
  blobBytes: number
  /** Keys a snapshot row names whose blob was deleted while the backup ran (see createBackup). */
  missing: string[]
}

export function dumpFile(dir: string, dialect: 'sqlite' | 'postgres'): string {
  return path.join(dir, dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump')
}

export function blobPath(dir: string, visibility: Visibility, key: string): string {
  // Keys come from the store's listing or from rows; only the store's own key shape may become a path.
  if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`)
  return path.join(dir, 'blobs', visibility, key)
}

/** One SQL text (SQLite and PostgreSQL alike) giving every blob key a row names, as column `k`. */
export function referencedKeysQuery(): string {
  return BLOB_COLUMNS.map(({ table, column, prefix }) =>
    prefix
      ? `select substr(${column}, ${prefix.length + 1}) as k from ${table} where ${column} like '${prefix}%'`
      : `select ${column} as k from ${table} where ${column} is not null`,
  ).join(' union all ')
}
