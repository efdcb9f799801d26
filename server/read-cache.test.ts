import { describe, expect, it } from 'vitest'
import { ReadCache } from './read-cache'

describe('ReadCache', () => {
  it('reuses an answer until invalidated', async () => {
    const cache = new ReadCache()
    let computed = 0
    const compute = async () => ++computed
    expect(await cache.get('k', compute)).toBe(1)
    expect(await cache.get('k', compute)).toBe(1)
    expect(await cache.get('other', compute)).toBe(2)
    cache.invalidate()
    expect(await cache.get('k', compute)).toBe(3)
  })

  it('never keeps an answer computed while a write was in flight', async () => {
    const cache = new ReadCache()
    let release!: () => void
    const slow = cache.get(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('before the write'))),
    )
    cache.invalidate()
    release()
    expect(await slow).toBe('before the write')
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write')
  })

  it('computes every time when disabled', async () => {
    const cache = new ReadCache(false)
    let computed = 0
    await cache.get('k', async () => ++computed)
    await cache.get('k', async () => ++computed)
    expect(computed).toBe(2)
  })
})
