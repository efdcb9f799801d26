import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BLOB_KEY, type BlobListing, type BlobStore, resolveRange, type Visibility } from './blob-store'
import { removeFilesOlderThan } from './old-files'

/**
 * Bytes per read of a blob being served. Node's default (64 KB) halved download throughput in
 * bench/file-transfer.ts (1 GB: ~110 vs ~220 MB/s on loopback); a paused slow client holds at most this
 * much per download.
 */
const READ_CHUNK = 1024 * 1024

/**
 * The default store: files under DATA_DIR/storage/{public,private}/{key}. A put is written to
 * storage/tmp first and renamed into place, so a reader (or a crash) never sees half a blob; several
 * processes may share the directory.
 */
export function createLocalDiskStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'storage')
  const dirs = { public: path.join(root, 'public'), private: path.join(root, 'private') }
  const partial = path.join(root, 'tmp')
  for (const d of [dirs.public, dirs.private, partial]) fs.mkdirSync(d, { recursive: true })

  const file = (key: string, visibility: Visibility) => {
    if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`)
    return path.join(dirs[visibility], key)
  }
  const stat = async (target: string) => {
    try {
      const s = await fs.promises.stat(target)
      return s.isFile() ? s : undefined
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw err
    }
  }

  return {
    async put(key, visibility, body) {
      const target = file(key, visibility)
      // This store has no stage(): nothing can have been staged in it.
      if ('staged' in body) throw new Error('local-disk store: staged writes are not supported')
      if (!(body instanceof Readable)) {
        // A finished file on the same filesystem moves in one rename (the upload pipeline's case).
        try {
          await fs.promises.rename(body.localFile, target)
          // The sweep ages blobs by mtime; a rename keeps the upload's, so mark the moment it was put.
          const now = new Date()
          await fs.promises.utimes(target, now, now)
          return
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
        }
      }
      const source = body instanceof Readable ? body : fs.createReadStream(body.localFile)
      const tmp = path.join(partial, `${randomUUID()}.part`)
      try {
        await pipeline(source, fs.createWriteStream(tmp, { flags: 'wx' }))
        await fs.promises.rename(tmp, target)
      } catch (err) {
        await fs.promises.rm(tmp, { force: true })
        throw err
      }
    },

    async get(key, visibility, range) {
      const target = file(key, visibility)
      const s = await stat(target)
      if (!s) return undefined
      const { start, end } = resolveRange(range, s.size)
      // An empty blob has no byte to read; createReadStream with end -1 would read the whole file.
      const stream =
        end < start
          ? Readable.from([])
          : fs.createReadStream(target, { start, end, highWaterMark: READ_CHUNK })
      return { stream, size: Math.max(0, end - start + 1), total: s.size, start, end, lastModified: s.mtime }
    },

    async head(key, visibility) {
      const s = await stat(file(key, visibility))
      return s && { size: s.size, lastModified: s.mtime }
    },

    async delete(key, visibility) {
      await fs.promises.rm(file(key, visibility), { force: true })
    },

    async *list(visibility): AsyncIterable<BlobListing> {
      const dir = await fs.promises.opendir(dirs[visibility])
      for await (const entry of dir) {
        if (!entry.isFile() || !BLOB_KEY.test(entry.name)) continue
        const s = await stat(path.join(dirs[visibility], entry.name))
        if (s) yield { key: entry.name, lastModified: s.mtime }
      }
    },

    async removeIncomplete(before) {
      return removeFilesOlderThan(partial, before)
    },
  }
}
