import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { clear, createStore, del, delMany, entries, setMany } from 'idb-keyval'

/*
 * The query cache on disk, one IndexedDB record per query (docs/offline.md; docs/decisions/0051).
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
/**
 * IndexedDB writes begun while a page unloads are not committed (Chromium aborts them with the
 * document), so what changed in the last second before a reload or a closed tab is also written to
 * localStorage, synchronously, and moved into IndexedDB at the next start. One key per tab.
 */
const JOURNAL_PREFIX = 'berkas-query-journal:'
const JOURNAL_MAX_CHARS = 1_500_000

const store = createStore('berkas-query-cache', 'queries')

type Record = { buster: string; query: DehydratedState['queries'][number] }

function readJournals(): { keys: string[]; rows: Record[] } {
  const keys: string[] = []
  const rows: Record[] = []
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (!key?.startsWith(JOURNAL_PREFIX)) continue
      keys.push(key)
      const parsed = JSON.parse(localStorage.getItem(key) ?? '[]') as Record[]
      if (Array.isArray(parsed)) rows.push(...parsed)
    }
  } catch {
    /* unreadable journal: the records in IndexedDB still stand */
  }
  return { keys, rows }
}

function dropJournals(keys: string[]) {
  for (const key of keys)
    try {
      localStorage.removeItem(key)
    } catch {
      /* ignore */
    }
}

/**
 * A query worth keeping has data. A failed refetch (server down, a dead zone) leaves the query in
 * 'error' with its last good answer: the disk keeps that answer too. Judged by status alone, such a
 * query was deleted from disk, and the next start with no signal had nothing to show.
 */
const persistable = (query: Query) => query.state.data !== undefined && query.meta?.persist !== false

/** The changed queries as records; a failed refetch is stored as the last good answer it holds. */
function dehydrateChanged(client: QueryClient, hashes: Set<string>): DehydratedState['queries'] {
  const { queries } = dehydrate(client, {
    shouldDehydrateQuery: (q) => hashes.has(q.queryHash) && persistable(q),
    shouldDehydrateMutation: () => false,
  })
  return queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success',
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  )
}

/**
 * How long a persisted answer is kept: PERSIST_MAX_AGE, or longer where its query asks for it in
 * `meta.persistMaxAge` (the diary keeps its last 14 days on the phone, docs/offline.md).
 */
function persistedAge(query: Record['query']): number {
  const asked = query.meta?.persistMaxAge
  return typeof asked === 'number' && asked > PERSIST_MAX_AGE ? asked : PERSIST_MAX_AGE
}

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
  // What the last page wrote as it unloaded: newer than the IndexedDB record of the same query.
  const journal = readJournals()
  const byHash = new Map(rows.map(([key, row]) => [String(key), row]))
  const fromJournal: [IDBValidKey, Record][] = []
  for (const row of journal.rows) {
    const current = byHash.get(row.query.queryHash)
    if (
      row.buster === CACHE_BUSTER &&
      (!current || current.query.state.dataUpdatedAt <= row.query.state.dataUpdatedAt)
    ) {
      byHash.set(row.query.queryHash, row)
      fromJournal.push([row.query.queryHash, row])
    }
  }
  if (journal.keys.length > 0)
    void setMany(fromJournal, store)
      .then(() => dropJournals(journal.keys))
      .catch(() => undefined)

  const keep: Record['query'][] = []
  const drop: IDBValidKey[] = []
  for (const [key, row] of byHash) {
    if (row?.buster !== CACHE_BUSTER || now - row.query.state.dataUpdatedAt > persistedAge(row.query))
      drop.push(key)
    else keep.push({ ...row.query, state: { ...row.query.state, isInvalidated: true } })
  }
  if (drop.length > 0) void delMany(drop, store).catch(() => undefined)
  hydrate(client, { queries: keep, mutations: [] })
  return keep.length
}

/** Deletes every persisted query (logout before the persistence started). */
export const clearPersistedQueries = () => {
  dropJournals(readJournals().keys)
  return clear(store)
}

export type QueryPersistence = {
  /** Writes what changed now (page hidden, closing, before a reload). */
  flush: () => Promise<void>
  /** Forgets everything on disk (logout); nothing pending is written afterwards. */
  clear: () => Promise<void>
  stop: () => void
}

/**
 * Writes every changed query to its own record, batched; deletes records of removed queries.
 *
 * `since`: answers that arrived at or after it and are already in the cache are written too. The app
 * starts fetching (the signed-in user) while the cache is still being read from disk, before this
 * subscription exists; an answer that lands in that window was otherwise never written, so the next
 * start, offline, had no user to open the app with. Restored records are older and are not written back.
 */
export function persistQueryCache(
  client: QueryClient,
  { since = 0 }: { since?: number } = {},
): QueryPersistence {
  const cache = client.getQueryCache()
  const dirty = new Set<string>()
  const journalKey = `${JOURNAL_PREFIX}${Math.random().toString(36).slice(2)}`
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

  for (const query of cache.getAll())
    if (persistable(query) && query.state.dataUpdatedAt >= since) dirty.add(query.queryHash)
  if (dirty.size > 0) schedule()

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (dirty.size === 0) return writing
    const hashes = new Set(dirty)
    dirty.clear()
    const queries = dehydrateChanged(client, hashes)
    const kept = new Set(queries.map((q) => q.queryHash))
    const gone = [...hashes].filter((h) => !kept.has(h))
    const rows: [IDBValidKey, Record][] = queries.map((query) => [
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

  /** The page may be going away: write what changed to localStorage too (synchronous, survives unload). */
  function journal() {
    if (dirty.size === 0) return
    const queries = dehydrateChanged(client, dirty)
    try {
      const text = JSON.stringify(queries.map((query) => ({ buster: CACHE_BUSTER, query })))
      if (text.length <= JOURNAL_MAX_CHARS) localStorage.setItem(journalKey, text)
    } catch {
      /* full or unavailable: the IndexedDB write below may still make it */
    }
  }

  let unloading = false
  const onHidden = () => {
    if (document.visibilityState !== 'hidden') return
    journal()
    // Still alive once the write has committed (only hidden, not unloading): the journal has done its job.
    void flush().then(() => {
      if (!unloading) dropJournals([journalKey])
    })
  }
  const onPageHide = () => {
    unloading = true
    journal()
    void flush()
  }
  const onPageShow = () => {
    unloading = false
  }
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', onPageHide)
    window.addEventListener('pageshow', onPageShow)
  }

  return {
    flush,
    async clear() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      dirty.clear()
      await writing
      dropJournals(readJournals().keys)
      await clear(store)
    },
    stop() {
      unsubscribe()
      if (typeof document !== 'undefined') {
        document.removeEventListener('visibilitychange', onHidden)
        window.removeEventListener('pagehide', onPageHide)
        window.removeEventListener('pageshow', onPageShow)
      }
    },
  }
}
