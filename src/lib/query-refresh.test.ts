import fs from 'node:fs'
import path from 'node:path'
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REFRESH_WAIT_MS, refreshQueries } from './query-refresh'

afterEach(() => {
  onlineManager.setOnline(true)
  vi.useRealTimers()
})

describe('refreshQueries', () => {
  it('resolves after the refetch when online', async () => {
    const qc = new QueryClient()
    let calls = 0
    qc.setQueryData(['list'], 1)
    const obs = new QueryObserver(qc, { queryKey: ['list'], queryFn: async () => ++calls })
    const stop = obs.subscribe(() => undefined)
    await refreshQueries(qc, ['list'])
    expect(qc.getQueryData(['list'])).toBe(calls)
    expect(calls).toBeGreaterThan(0)
    stop()
  })

  it('resolves at once offline, where the refetch is paused until signal returns', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst', retry: 2 } } })
    qc.setQueryData(['list'], 'old')
    const obs = new QueryObserver(qc, {
      queryKey: ['list'],
      queryFn: () => Promise.reject(new Error('network')),
    })
    const stop = obs.subscribe(() => undefined)
    onlineManager.setOnline(false)
    // The refetch itself never settles while offline (what made the upload dialog hang)...
    let settled = false
    void qc.invalidateQueries({ queryKey: ['list'] }).then(() => {
      settled = true
    })
    // ...the refresh after a write does.
    await expect(refreshQueries(qc, ['list'])).resolves.toBeUndefined()
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    stop()
  })

  it('resolves when the signal goes while it waits, and after REFRESH_WAIT_MS at the latest', async () => {
    const qc = new QueryClient()
    const obs = new QueryObserver(qc, { queryKey: ['slow'], queryFn: () => new Promise(() => undefined) })
    const stop = obs.subscribe(() => undefined)
    const first = refreshQueries(qc, ['slow'])
    onlineManager.setOnline(false)
    await expect(first).resolves.toBeUndefined()
    onlineManager.setOnline(true)

    vi.useFakeTimers()
    let done = false
    void refreshQueries(qc, ['slow']).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS - 10)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(done).toBe(true)
    stop()
  })
})

describe('writes never wait on a refetch directly', () => {
  it('no feature calls invalidateQueries itself: they go through refreshQueries', () => {
    const root = path.resolve(import.meta.dirname, '..')
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8')
          if (
            /\b(invalidateQueries|refetchQueries|resetQueries)\(/.test(text) &&
            !full.endsWith('query-refresh.ts')
          )
            offenders.push(path.relative(root, full))
        }
      }
    }
    walk(root)
    expect(offenders).toEqual([])
  })
})
