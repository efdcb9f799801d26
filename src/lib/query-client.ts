import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { QueryCache, QueryClient } from '@tanstack/react-query'
import { del, get, set } from 'idb-keyval'
import { ApiError } from './api'

/** Bump when cached shapes change so an old persisted cache is dropped instead of misread. */
export const CACHE_BUSTER = 'v1'
const PERSIST_KEY = 'berkas-query-cache'

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
      // Kept for a day so the persisted cache can serve screens offline.
      gcTime: 24 * 60 * 60 * 1000,
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

/** The persisted query cache lives in IndexedDB (idb-keyval) so screens seen before open offline. */
export const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key: string) => get<string>(key).then((v) => v ?? null),
    setItem: (key: string, value: string) => set(key, value),
    removeItem: (key: string) => del(key),
  },
  key: PERSIST_KEY,
  throttleTime: 1000,
})

export const persistOptions = {
  persister,
  maxAge: 24 * 60 * 60 * 1000,
  buster: CACHE_BUSTER,
}

/** Drops every cached answer, in memory and on disk (logout). */
export async function clearQueryCache() {
  await queryClient.cancelQueries()
  queryClient.clear()
  try {
    await persister.removeClient()
  } catch (err) {
    console.warn('Persisted cache could not be removed', err)
  }
}
