import fs from 'node:fs'
import path from 'node:path'

/** Removes the plain files in `dir` last written before `before`; returns how many went. */
export async function removeFilesOlderThan(dir: string, before: Date): Promise<number> {
  let removed = 0
  let entries: fs.Dirent[]
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw err
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const target = path.join(dir, entry.name)
    try {
      const s = await fs.promises.stat(target)
      if (s.mtime >= before) continue
      await fs.promises.rm(target, { force: true })
      removed += 1
    } catch (err) {
      // Gone meanwhile (its upload finished or another process swept it): nothing left to do.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
  return removed
}
