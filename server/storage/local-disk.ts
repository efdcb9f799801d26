import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { BlobStore, Visibility } from './blob-store'

const SAFE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,10}$/

export function createLocalDiskStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'storage')
  const dirs = { public: path.join(root, 'public'), private: path.join(root, 'private') }
  const tmp = path.join(root, 'tmp')
  for (const d of [dirs.public, dirs.private, tmp]) fs.mkdirSync(d, { recursive: true })

  const resolve = (key: string, visibility: Visibility) => {
    if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key ${key}`)
    return path.join(dirs[visibility], key)
  }

  return {
    publicDir: dirs.public,
    tempPath: () => path.join(tmp, `${randomUUID()}.part`),
    async adopt(tempPath, ext, visibility) {
      const clean =
        ext
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 10) || 'bin'
      const key = `${randomUUID()}.${clean}`
      await fs.promises.rename(tempPath, resolve(key, visibility))
      return key
    },
    open: (key, visibility) => fs.createReadStream(resolve(key, visibility)),
    size: async (key, visibility) => (await fs.promises.stat(resolve(key, visibility))).size,
    async remove(key, visibility) {
      await fs.promises.rm(resolve(key, visibility), { force: true })
    },
  }
}
