import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api'
import {
  clearPersistedQueries,
  PERSIST_MAX_AGE,
  persistQueryCache,
  type QueryPersistence,
  restoreQueryCache,
} from './query-persist'

// TanStack Query assumes a connection until an 'offline' event fires, so an app opened without signal
// tried and retried every refetch and showed red load errors over the cached data. It starts from the
// browser's own answer instead: without signal, refetches pause and cached data shows as it is.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)

/** Called when any query answers 401; main.tsx wires it to "end the session and go to /login". */
let onUnauthorized: (() => void) | null = null
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized?.()
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept as long as the persisted copy, so the persisted cache can serve screens offline.
      gcTime: PERSIST_MAX_AGE,
      retry(failureCount, error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
        return failureCount < 2
      },
      networkMode: 'offlineFirst',
      refetchOnWindowFocus: true,
    },
    mutations: { networkMode: 'offlineFirst' },
  },
})

/**
 * The query cache is persisted to IndexedDB per query (src/lib/query-persist.ts): restored before the
 * router starts, so screens seen before open offline, and written as it changes.
 */
let persistence: QueryPersistence | null = null

/** Restores the persisted cache, then keeps it written (restored records are not written back). */
export async function restoreQueries() {
  if (persistence) return
  const started = Date.now()
  await restoreQueryCache(queryClient)
  // What was fetched while the disk was read (main.tsx asks for the user at once) is written too.
  persistence = persistQueryCache(queryClient, { since: started })
}

export const flushQueryCache = () => persistence?.flush()

/** Drops every cached answer, in memory and on disk (logout). */
export async function clearQueryCache() {
  await queryClient.cancelQueries()
  queryClient.clear()
  try {
    await (persistence ? persistence.clear() : clearPersistedQueries())
  } catch (err) {
    console.warn('Persisted cache could not be removed', err)
  }
}
