import type { Me } from '../contracts/auth'
import * as authEndpoints from '../contracts/auth.endpoints'
import { call } from './api'
import { currentUserKey } from './current-user'
import { clearQueryCache, queryClient } from './query-client'
import { clearToken, setToken } from './session-token'

/** The outbox's code, loaded when a session starts or ends rather than with the first screen. */
const outbox = () => import('./outbox-client')

/** Runtime caches of the service worker (sw/sw.ts) that hold what this user saw. */
export const PRIVATE_CACHES = ['storage-images']

/** Starts a session: stores the token (localStorage + IndexedDB) and the user. */
export async function startSession(token: string, user: Me) {
  await setToken(token)
  queryClient.setQueryData(currentUserKey, user)
  // The outbox sends only this user's items; items that waited for a new login go now.
  await (await outbox()).setOutboxSession({ id: user.id, name: user.name })
}

/** Takes the visitor to /login; the signed-in screens unmount before their answers are dropped. */
export type LeaveScreens = () => Promise<unknown>

/**
 * Ends the session on this device: token, user and every cached answer. The outbox stays: a session
 * that expired (401) leaves the queued photos waiting for the next login.
 * The signed-in screens are left (`leave`) after the token is gone and before the cache is cleared: a
 * screen still mounted would ask again for the user it reads, meet a 401 with no token, and throw it
 * into its error boundary (the console error CI caught after 'Keluar').
 */
export async function endSession(leave: LeaveScreens) {
  await clearToken()
  // The router's navigate settles once the new screen has rendered (the old one unmounted).
  await leave()
  await clearQueryCache()
}

/** Deletes the service worker's image caches (what a shared phone would otherwise show the next user). */
async function clearPrivateCaches() {
  if (typeof caches === 'undefined') return
  await Promise.all(PRIVATE_CACHES.map((name) => caches.delete(name).catch(() => false)))
}

/** How long logout waits for the server's answer once this device has forgotten everything. */
const SERVER_LOGOUT_WAIT_MS = 4000

/**
 * Logout: tell the server (best effort, so it works offline too) and forget everything on this device:
 * token, cached answers, cached photos and the outbox (the screen asks first when items are waiting).
 * The call is sent first (it reads the token as it starts) but not waited for first: on a weak site
 * signal it can take long, and clearing the device's stores takes its own seconds on a slow phone, so
 * both run at once and the server gets at most a few more seconds.
 */
export async function logout(leave: LeaveScreens) {
  const told = call(authEndpoints.logout).catch((err) => {
    console.warn('Logout call failed; ending the session locally', err)
  })
  await Promise.all([
    endSession(leave),
    outbox()
      .then((o) => o.clearOutbox())
      .catch((err) => console.warn('Outbox could not be cleared', err)),
    clearPrivateCaches(),
  ])
  await Promise.race([told, new Promise((resolve) => setTimeout(resolve, SERVER_LOGOUT_WAIT_MS))])
}
