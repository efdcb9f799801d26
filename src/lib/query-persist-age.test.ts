import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { clearPersistedQueries, PERSIST_MAX_AGE, persistQueryCache, restoreQueryCache } from './query-persist'

/* A query may ask to be kept on the phone longer than a day (the diary's 14 days, decision 0090). */

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
const DAY = 24 * 60 * 60 * 1000

describe('how long a persisted answer is kept', () => {
  afterEach(() => clearPersistedQueries())

  it('keeps an answer that asks for 14 days past the day the others get, and not past its own age', async () => {
    const client = fresh()
    const persistence = persistQueryCache(client)
    await client.fetchQuery({ queryKey: ['plain'], queryFn: () => 'a day' })
    await client.fetchQuery({
      queryKey: ['diary', 'jembatan', 'day', '2026-12-01'],
      queryFn: () => 'two weeks',
      meta: { persistMaxAge: 14 * DAY },
    })
    await persistence.flush()
    persistence.stop()

    const threeDaysLater = fresh()
    expect(await restoreQueryCache(threeDaysLater, Date.now() + 3 * DAY)).toBe(1)
    expect(threeDaysLater.getQueryData(['plain'])).toBeUndefined()
    expect(threeDaysLater.getQueryData(['diary', 'jembatan', 'day', '2026-12-01'])).toBe('two weeks')

    const fifteenDaysLater = fresh()
    expect(await restoreQueryCache(fifteenDaysLater, Date.now() + 15 * DAY)).toBe(0)
  })

  it('a shorter age asked for is no shorter than the default day', async () => {
    const client = fresh()
    const persistence = persistQueryCache(client)
    await client.fetchQuery({ queryKey: ['short'], queryFn: () => 'x', meta: { persistMaxAge: 1000 } })
    await persistence.flush()
    persistence.stop()
    const next = fresh()
    expect(await restoreQueryCache(next, Date.now() + PERSIST_MAX_AGE / 2)).toBe(1)
  })
})
