/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

// App shell: every built asset is precached, so the app opens with no network after the first visit.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Client-side routes all render index.html; API calls and stored files never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/storage\//],
  }),
)

// Avatars and documentation photos live under unguessable, immutable /storage/{uuid}.{ext} URLs,
// so cache-first is safe; expiration keeps the cache bounded on phones.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/storage/') &&
    request.destination === 'image',
  new CacheFirst({
    cacheName: 'storage-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
)

// The page asks for the new version to take over (registerType 'prompt').
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()

// --- Offline outbox (later issue) ---------------------------------------------------------------
// The 'sync' handler that replays queued documentation photos, comments and likes goes here. It
// will import only src/contracts and src/lib/outbox, and read the bearer token that
// src/lib/session-token.ts mirrors into IndexedDB (idb-keyval key 'token').
