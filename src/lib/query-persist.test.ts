import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { clearPersistedQueries, persistQueryCache, restoreQueryCache } from './query-persist'

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })

describe('query cache on disk', () => {
  afterEach(() => clearPersistedQueries())

  it('keeps the last good answer of a query whose refetch failed (server down, no signal)', async () => {
    const client = fresh()
    const persistence = persistQueryCache(client)
    await client.fetchQuery({ queryKey: ['project', 'list'], queryFn: () => [{ id: 1, name: 'Gedung A' }] })
    await persistence.flush()

    // Invalidated by a write, then the refetch fails: the query is in 'error' with its old data.
    await client.invalidateQueries({ queryKey: ['project', 'list'] })
    await client
      .fetchQuery({
        queryKey: ['project', 'list'],
        queryFn: () => Promise.reject(new Error('Network Error')),
        staleTime: 0,
      })
      .catch(() => undefined)
    expect(client.getQueryState(['project', 'list'])?.status).toBe('error')
    await persistence.flush()
    persistence.stop()

    const next = fresh()
    expect(await restoreQueryCache(next)).toBe(1)
    expect(next.getQueryData(['project', 'list'])).toEqual([{ id: 1, name: 'Gedung A' }])
    // Restored as an answer to show (stale, so it is refetched when online), not as a failure.
    expect(next.getQueryState(['project', 'list'])?.status).toBe('success')
  })

  it('forgets a query that never had data and one removed from the cache', async () => {
    const client = fresh()
    const persistence = persistQueryCache(client)
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => 'kept' })
    await client.fetchQuery({ queryKey: ['b'], queryFn: () => 'removed later' })
    await client
      .fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(new Error('boom')) })
      .catch(() => undefined)
    await persistence.flush()
    client.removeQueries({ queryKey: ['b'] })
    await persistence.flush()
    persistence.stop()

    const next = fresh()
    expect(await restoreQueryCache(next)).toBe(1)
    expect(next.getQueryData(['a'])).toBe('kept')
    expect(next.getQueryData(['b'])).toBeUndefined()
    expect(next.getQueryData(['c'])).toBeUndefined()
  })

  it('writes an answer that arrived while the cache was being read (the signed-in user at start)', async () => {
    const first = fresh()
    const before = persistQueryCache(first)
    await first.fetchQuery({ queryKey: ['projects', 'list'], queryFn: () => ['Gedung A'] })
    await before.flush()
    before.stop()

    // The next start: the user is fetched at once and lands before the restore has finished.
    const client = fresh()
    const started = Date.now()
    const user = client.fetchQuery({ queryKey: ['session', 'me'], queryFn: () => ({ name: 'Rina' }) })
    await user
    expect(await restoreQueryCache(client)).toBe(1)
    const persistence = persistQueryCache(client, { since: started })
    await persistence.flush()
    persistence.stop()

    const next = fresh()
    expect(await restoreQueryCache(next)).toBe(2)
    expect(next.getQueryData(['session', 'me'])).toEqual({ name: 'Rina' })
    expect(next.getQueryData(['projects', 'list'])).toEqual(['Gedung A'])
  })
})
