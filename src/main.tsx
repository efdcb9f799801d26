import './index.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { afterFirstPaint } from './lib/after-load'
import { currentUserQueryOptions } from './lib/current-user'
import { captureInstallPrompt } from './lib/install-prompt'
import { queryClient, restoreQueries, setUnauthorizedHandler } from './lib/query-client'
import { getToken } from './lib/session-token'
import { routeTree } from './routeTree.gen'
import { FullScreenLoading } from './ui/full-screen-loading'

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through the query cache, which has its own freshness rules.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: FullScreenLoading,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// A token the server no longer accepts (expired, revoked, user deactivated) ends the session here.
let endingSession = false
const toLogin = async () => {
  if (router.state.location.pathname !== '/login') await router.navigate({ to: '/login', replace: true })
}

setUnauthorizedHandler(() => {
  if (endingSession) return
  endingSession = true
  void import('./lib/session')
    .then(({ endSession }) => endSession(toLogin))
    .finally(() => {
      endingSession = false
    })
})

captureInstallPrompt()

/**
 * The router starts only once the persisted cache is back from IndexedDB: the auth guard and loaders
 * read the cache, and offline that cache (the user, projects seen before) is all there is.
 */
const restored = restoreQueries().catch((err) => console.warn('Query cache restore failed', err))

/*
 * What the first screen waits for starts now, beside the cache restore instead of after it: the
 * signed-in user (the guard's question) and the code of the routes this address matches. On a phone
 * network each of these is a round trip the router would otherwise only begin once the previous ended.
 */
if (getToken()) void queryClient.prefetchQuery(currentUserQueryOptions())
for (const match of router.matchRoutes(router.latestLocation))
  void router
    .loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])
    ?.catch(() => undefined)

function App() {
  const [restoring, setRestoring] = useState(true)
  useEffect(() => {
    void restored.then(() => setRestoring(false))
  }, [])
  return restoring ? <FullScreenLoading /> : <RouterProvider router={router} />
}

// Its own chunk (the toast machine and its dismiss layers): toasts raised before it mounts wait in the
// toaster's store and show when it does.
const Toaster = lazy(() => import('./ui/toaster').then((m) => ({ default: m.Toaster })))

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('#root missing from index.html')

// Not in a transition: the router and the query cache are external stores (useSyncExternalStore), and a
// store change during a time-sliced render makes React redo the whole tree synchronously. Measured with
// bench:lighthouse: the transition doubled the dashboard's TBT.
createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
)

/*
 * After the first paint, one piece per idle period (lib/after-load.ts), most needed first: the service
 * worker (what lets the app open offline next time), then the outbox.
 */
// The dialog and menu code the first screen skipped is fetched now, so a dialog still opens when the
// connection drops before the service worker has cached it (e.g. 'Keluar' asking about queued items).
// First in the queue: a phone loses signal seconds after the first visit (big-files e2e), before the
// worker is installed. A page the worker controls has it all precached already: its returning visits skip this work.
if (!navigator.serviceWorker?.controller) {
  afterFirstPaint(() => import('./ui/dialog-frame'))
  afterFirstPaint(() => import('./ui/menu-popup'))
}
// lib/ knows nothing of the UI: the update offer is a toast made here.
if (import.meta.env.PROD)
  afterFirstPaint(() =>
    Promise.all([import('./lib/sw-register'), import('./ui/notify')]).then(
      ([{ registerServiceWorker }, { toast }]) =>
        registerServiceWorker((apply) =>
          toast({
            type: 'info',
            title: 'Versi baru tersedia',
            description: 'Muat ulang untuk memakai versi terbaru Berkas.',
            duration: Number.POSITIVE_INFINITY,
            action: { label: 'Muat ulang', onClick: apply },
          }),
        ),
    ),
  )
// Queued photos, comments and likes go out at start, when back online, back in the tab and on demand;
// what a landed item changed is fetched again.
afterFirstPaint(() =>
  Promise.all([restored, import('./lib/outbox-client')]).then(([, { startOutboxSync }]) => startOutboxSync()),
)
