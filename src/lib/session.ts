import type { User } from '../contracts/auth'
import { api } from './api'
import { currentUserKey } from './current-user'
import { clearOutbox, setOutboxSession } from './outbox-client'
import { clearQueryCache, queryClient } from './query-client'
import { clearToken, setToken } from './session-token'

/** Runtime caches of the service worker (sw/sw.ts) that hold what this user saw. */
export const PRIVATE_CACHES = ['storage-images']

/** Starts a session: stores the token (localStorage + IndexedDB) and the user. */
export async function startSession(token: string, user: User) {
  await setToken(token)
  queryClient.setQueryData(currentUserKey, user)
  // The outbox sends only this user's items; items that waited for a new login go now.
  await setOutboxSession({ id: user.id, name: user.name })
}

/**
 * Ends the session on this device: token, user and every cached answer. The outbox stays: a session
 * that expired (401) leaves the queued photos waiting for the next login.
 */
export async function endSession() {
  await clearToken()
  await clearQueryCache()
}

/** Deletes the service worker's image caches (what a shared phone would otherwise show the next user). */
async function clearPrivateCaches() {
  if (typeof caches === 'undefined') return
  await Promise.all(PRIVATE_CACHES.map((name) => caches.delete(name).catch(() => false)))
}

/**
 * Logout: tell the server (best effort, so it works offline too), then forget everything on this device:
 * token, cached answers, cached photos and the outbox (the screen asks first when items are waiting).
 */
export async function logout() {
  try {
    await api.post('/api/auth/logout')
  } catch (err) {
    console.warn('Logout call failed; ending the session locally', err)
  }
  await endSession()
  await Promise.all([
    clearOutbox().catch((err) => console.warn('Outbox could not be cleared', err)),
    clearPrivateCaches(),
  ])
}
