import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { BlobStore, Visibility } from '../storage/blob-store'

/**
 * Copies one blob out of the store into `file` (written beside it and renamed, so a file present is
 * whole). Returns its size, or undefined when the store has no such blob.
 */
export async function copyBlobOut(
  store: BlobStore,
  key: string,
  visibility: Visibility,
  file: string,
): Promise<number | undefined> {
  const read = await store.get(key, visibility)
  if (!read) return undefined
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const partial = `${file}.partial`
  await pipeline(read.stream, fs.createWriteStream(partial))
  fs.renameSync(partial, file)
  return read.total
}

/** Puts every blob file under `dir/blobs/{visibility}` into the store (streams: the backup stays intact). */
export async function copyBlobsIn(store: BlobStore, dir: string): Promise<number> {
  let count = 0
  for (const visibility of ['public', 'private'] as const) {
    const from = path.join(dir, 'blobs', visibility)
    if (!fs.existsSync(from)) continue
    for (const key of fs.readdirSync(from)) {
      if (key.endsWith('.partial')) continue
      const existing = await store.head(key, visibility)
      if (existing && existing.size === fs.statSync(path.join(from, key)).size) continue
      await store.put(key, visibility, fs.createReadStream(path.join(from, key)))
      count += 1
    }
  }
  return count
}
