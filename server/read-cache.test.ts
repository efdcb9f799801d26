import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './db/index'
import { databaseWriteEpoch, ReadCache, type WriteEpoch } from './read-cache'

/** An epoch the test moves by hand. */
function manualEpoch(): WriteEpoch & { n: number } {
  return {
    n: 0,
    async read() {
      return String(this.n)
    },
    async bump() {
      this.n += 1
    },
  }
}

describe('ReadCache', () => {
  it('reuses an answer until the write epoch moves', async () => {
    const epoch = manualEpoch()
    const cache = new ReadCache(epoch)
    let computed = 0
    const compute = async () => ++computed
    expect(await cache.get('k', compute)).toBe(1)
    expect(await cache.get('k', compute)).toBe(1)
    expect(await cache.get('other', compute)).toBe(2)
    await cache.bump()
    expect(await cache.get('k', compute)).toBe(3)
  })

  it('never serves an answer computed while a write was in flight after that write', async () => {
    const epoch = manualEpoch()
    const cache = new ReadCache(epoch)
    let release!: () => void
    const slow = cache.get(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('before the write'))),
    )
    await new Promise((r) => setTimeout(r, 0))
    await cache.bump()
    release()
    expect(await slow).toBe('before the write')
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write')
  })

  it('computes once for concurrent misses of one key', async () => {
    const cache = new ReadCache(manualEpoch())
    let computed = 0
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 5))
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', compute)))
    expect(new Set(answers)).toEqual(new Set([1]))
    expect(computed).toBe(1)
  })

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = new ReadCache(manualEpoch(), { enabled: true, maxEntries: 2 })
    let computed = 0
    const compute = async () => ++computed
    await cache.get('a', compute) // 1
    await cache.get('b', compute) // 2
    await cache.get('a', compute) // hit: a is now the most recent
    await cache.get('c', compute) // 3, drops b
    expect(await cache.get('a', compute)).toBe(1)
    expect(await cache.get('b', compute)).toBe(4)
  })

  it('computes every time when disabled', async () => {
    const cache = new ReadCache(manualEpoch(), { enabled: false, maxEntries: 10 })
    let computed = 0
    await cache.get('k', async () => ++computed)
    await cache.get('k', async () => ++computed)
    expect(computed).toBe(2)
  })
})

describe('SQLite write epoch', () => {
  it("moves when another connection (another process) commits, and with this process's own bumps", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-epoch-'))
    const a = openDatabase({ dataDir })
    const b = openDatabase({ dataDir })
    try {
      await a.db.schema.createTable('t').addColumn('x', 'integer').execute()
      const epoch = databaseWriteEpoch(a.db, 'sqlite')
      const first = await epoch.read()
      expect(await epoch.read()).toBe(first)
      // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the app schema
      await (b.db as any).insertInto('t').values({ x: 1 }).execute()
      const afterOther = await epoch.read()
      expect(afterOther).not.toBe(first)
      await epoch.bump()
      expect(await epoch.read()).not.toBe(afterOther)
    } finally {
      await a.close()
      await b.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
