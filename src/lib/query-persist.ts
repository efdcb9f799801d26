import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { clear, createStore, del, delMany, entries, setMany } from 'idb-keyval'

/*
 * The query cache on disk, one IndexedDB record per query (DESIGN.md "Offline model").
 *
 * Why not one persisted blob: rewriting the whole cache on every change grows with the cache (a
 * project with thousands of photos, 20 projects browsed) and a write throttled behind it is lost when
 * the page closes, so the next start showed lists older than the server's. Here only the queries that
 * changed are written, at most once a second, and at once when the page is hidden or closed.
 *
 * Restored answers are shown at once but always count as stale, so every screen refetches them as
 * soon as it is online: the copy on disk never hides newer server data. An invalidation (a write the
 * app made) is persisted too, so even a copy that could not be refetched is known to be out of date.
 */

/** Bump when cached shapes change so an old persisted cache is dropped instead of misread. */
export const CACHE_BUSTER = 'v2'
export const PERSIST_MAX_AGE = 24 * 60 * 60 * 1000
const FLUSH_DELAY_MS = 1000
/** The whole-cache value of the first version (one big idb-keyval record), removed on start. */
const LEGACY_KEY = 'berkas-query-cache'

const store = createStore('berkas-query-cache', 'queries')

type Record = { buster: string; query: DehydratedState['queries'][number] }

const persistable = (query: Query) =>
  query.state.status === 'success' && query.state.data !== undefined && query.meta?.persist !== false

/** Reads the persisted queries into the client. Expired and foreign-version records are deleted. */
export async function restoreQueryCache(client: QueryClient, now = Date.now()): Promise<number> {
  void del(LEGACY_KEY).catch(() => undefined)
  let rows: [IDBValidKey, Record][]
  try {
    rows = await entries<IDBValidKey, Record>(store)
  } catch (err) {
    console.warn('Persisted query cache could not be read', err)
    return 0
  }
  const keep: Record['query'][] = []
  const drop: IDBValidKey[] = []
  for (const [key, row] of rows) {
    if (row?.buster !== CACHE_BUSTER || now - row.query.state.dataUpdatedAt > PERSIST_MAX_AGE) drop.push(key)
    else keep.push({ ...row.query, state: { ...row.query.state, isInvalidated: true } })
  }
  if (drop.length > 0) void delMany(drop, store).catch(() => undefined)
  hydrate(client, { queries: keep, mutations: [] })
  return keep.length
}

/** Deletes every persisted query (logout before the persistence started). */
export const clearPersistedQueries = () => clear(store)

export type QueryPersistence = {
  /** Writes what changed now (page hidden, closing, before a reload). */
  flush: () => Promise<void>
  /** Forgets everything on disk (logout); nothing pending is written afterwards. */
  clear: () => Promise<void>
  stop: () => void
}

/** Writes every changed query to its own record, batched; deletes records of removed queries. */
export function persistQueryCache(client: QueryClient): QueryPersistence {
  const cache = client.getQueryCache()
  const dirty = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()

  const schedule = () => {
    if (timer === undefined) timer = setTimeout(() => void flush(), FLUSH_DELAY_MS)
  }

  const unsubscribe = cache.subscribe((event) => {
    switch (event.type) {
      case 'added':
      case 'removed':
        dirty.add(event.query.queryHash)
        schedule()
        break
      case 'updated':
        // Data arrived, was set by a write, or was invalidated; fetch start/stop alone changes nothing kept.
        if (
          event.action.type === 'success' ||
          event.action.type === 'invalidate' ||
          event.action.type === 'setState'
        ) {
          dirty.add(event.query.queryHash)
          schedule()
        }
        break
    }
  })

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (dirty.size === 0) return writing
    const hashes = new Set(dirty)
    dirty.clear()
    const state = dehydrate(client, {
      shouldDehydrateQuery: (q) => hashes.has(q.queryHash) && persistable(q),
      shouldDehydrateMutation: () => false,
    })
    const kept = new Set(state.queries.map((q) => q.queryHash))
    const gone = [...hashes].filter((h) => !kept.has(h))
    const rows: [IDBValidKey, Record][] = state.queries.map((query) => [
      query.queryHash,
      { buster: CACHE_BUSTER, query },
    ])
    // Writes go one after another, so an older batch never lands after a newer one.
    writing = writing
      .then(async () => {
        if (rows.length > 0) await setMany(rows, store)
        if (gone.length > 0) await delMany(gone, store)
      })
      .catch((err) => console.warn('Query cache could not be persisted', err))
    return writing
  }

  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush()
  }
  const onPageHide = () => void flush()
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', onPageHide)
  }

  return {
    flush,
    async clear() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      dirty.clear()
      await writing
      await clear(store)
    },
    stop() {
      unsubscribe()
      if (typeof document !== 'undefined') {
        document.removeEventListener('visibilitychange', onHidden)
        window.removeEventListener('pagehide', onPageHide)
      }
    },
  }
}
