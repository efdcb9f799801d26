/// <reference lib="webworker" />
import { get } from 'idb-keyval'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { SERVER_PREFIXES, STORAGE_PREFIX } from '../src/contracts/public-paths'
import { replayOutbox } from '../src/lib/outbox-replay'
import { OUTBOX_SYNC_TAG } from '../src/lib/outbox-types'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// App shell: every built asset is precached, so the app opens with no network after the first visit.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Client-side routes all render index.html; what the server answers itself never does: API calls,
// stored files and the public pages (/s/, /v/...: no app shell there), all declared in
// src/contracts/public-paths.ts.
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: SERVER_PREFIXES.map((prefix) => new RegExp(`^${escapeRe(prefix)}`)),
  }),
)

// Avatars and documentation photos live under unguessable, immutable /storage/{uuid}.{ext} URLs,
// so cache-first is safe; expiration keeps the cache bounded on phones. Not only <img> loads: 'Simpan
// offline' fetches thumbnails ahead. Logout deletes this cache (src/lib/session.ts PRIVATE_CACHES).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith(STORAGE_PREFIX) &&
    request.method === 'GET',
  new CacheFirst({
    cacheName: 'storage-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 1500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
)

// The page asks for the new version to take over (registerType 'prompt').
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()

// --- Offline outbox -----------------------------------------------------------------------------------
// Background Sync (Chromium): the page registers the tag whenever items wait; the browser fires 'sync'
// when there is a connection, even with no page open. The same engine the page runs sends them, with
// the token the page mirrors into IndexedDB (src/lib/session-token.ts). One replay at a time (Web
// Locks), so a page replaying at the same moment never sends an item twice.
type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean }

async function replayFromWorker(): Promise<void> {
  const summary = await replayOutbox(
    {
      fetch: (input, init) => fetch(input, init),
      getToken: async () => (await get<string>('token')) ?? null,
    },
    { wait: true },
  )
  // Still offline or the server in trouble: a rejected sync is fired again later by the browser.
  if (summary.stopped === 'offline' || summary.stopped === 'server')
    throw new Error(`outbox replay stopped: ${summary.stopped}`)
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker())
})
