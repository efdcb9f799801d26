import { type Kysely, sql } from 'kysely'
import { STORAGE_PREFIX } from '../../src/contracts/public-paths'
import { scratchDir } from '../base/scratch'
import type { DB } from '../db/schema'
import type { Deps } from '../deps'
import type { Visibility } from '../storage/blob-store'
import { removeFilesOlderThan } from '../storage/old-files'

type BlobColumn = { [T in keyof DB]: { table: T; column: keyof DB[T] & string; prefix?: string } }[keyof DB]

/** Every column that names a blob. A new table with blobs is one line here, or its blobs get swept. */
export const BLOB_COLUMNS: readonly BlobColumn[] = [
  { table: 'files', column: 'blob_key' },
  { table: 'doc_images', column: 'blob_key' },
  { table: 'doc_images', column: 'thumb_key' },
  { table: 'recap_files', column: 'blob_key' },
  { table: 'reports', column: 'blob_key' },
  { table: 'users', column: 'avatar', prefix: STORAGE_PREFIX },
  { table: 'firm_settings', column: 'logo_key' },
  { table: 'resumable_parts', column: 'blob_key' },
]

/**
 * Long enough that nothing live is touched: Berkas runs as several processes on one DATA_DIR and one
 * database, so a young staged file may be another process's upload in flight and a young blob without
 * a row may be one whose row is about to commit. Both take seconds, not an hour.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000

export type SweepResult = { staged: number; incomplete: number; orphans: number }

/**
 * Removes what dead processes left behind: staged upload files, half-written puts, and blobs that no
 * row names (a process died between putting the blob and committing its row), each only when older
 * than the grace period.
 */
export async function sweepUploads(
  deps: Pick<Deps, 'db' | 'store' | 'config'>,
  opts: { graceMs?: number; now?: Date } = {},
): Promise<SweepResult> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.graceMs ?? SWEEP_GRACE_MS))
  const staged = await removeFilesOlderThan(scratchDir(deps.config.dataDir), cutoff)
  const incomplete = await deps.store.removeIncomplete(cutoff)

  // Read the referenced keys before listing: a blob old enough to be swept had its row committed (or
  // lost) long before this moment, so the set cannot miss it.
  const referenced = await referencedKeys(deps.db)
  const candidates: { key: string; visibility: Visibility }[] = []
  for (const visibility of ['public', 'private'] as const) {
    for await (const blob of deps.store.list(visibility)) {
      if (referenced.has(blob.key)) continue
      if (!blob.lastModified || blob.lastModified >= cutoff) continue
      candidates.push({ key: blob.key, visibility })
    }
  }
  let orphans = 0
  const BATCH = 200
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH)
    // Asked again just before deleting, in case a row came to name one of them meanwhile.
    const named = await referencedKeys(
      deps.db,
      batch.map((b) => b.key),
    )
    for (const b of batch) {
      if (named.has(b.key)) continue
      await deps.store.delete(b.key, b.visibility)
      orphans += 1
    }
  }
  return { staged, incomplete, orphans }
}

/** Runs the sweep once at start without holding up the listen; the outcome goes to the log. */
export function sweepUploadsAtStart(deps: Pick<Deps, 'db' | 'store' | 'config' | 'logger'>): void {
  sweepUploads(deps).then(
    (r) => {
      if (r.staged + r.incomplete + r.orphans > 0)
        deps.logger.info(
          `sisa unggahan dibersihkan: ${r.staged} file sementara, ${r.incomplete} tulisan setengah jadi, ${r.orphans} blob tanpa baris`,
        )
    },
    (err) => deps.logger.error('upload sweep failed', err),
  )
}

/** The blob keys named by any row; only among `among` when given. */
async function referencedKeys(db: Kysely<DB>, among?: string[]): Promise<Set<string>> {
  const keys = new Set<string>()
  if (among?.length === 0) return keys
  for (const { table, column, prefix = '' } of BLOB_COLUMNS) {
    const ref = sql.ref(column)
    const filter = among
      ? sql`${ref} in (${sql.join(among.map((k) => prefix + k))})`
      : sql`${ref} is not null`
    const { rows } = await sql<{
      k: string
    }>`select ${ref} as k from ${sql.table(table)} where ${filter}`.execute(db)
    for (const { k } of rows) if (k.startsWith(prefix)) keys.add(k.slice(prefix.length))
  }
  return keys
}
