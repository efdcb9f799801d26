import type { User } from '../contracts/auth'
import { api } from './api'
import { currentUserKey } from './current-user'
import { clearQueryCache, queryClient } from './query-client'
import { clearToken, setToken } from './session-token'

/** Starts a session: stores the token (localStorage + IndexedDB) and the user. */
export async function startSession(token: string, user: User) {
  await setToken(token)
  queryClient.setQueryData(currentUserKey, user)
}

/** Forgets everything about the session on this device: token, user and every cached answer. */
export async function endSession() {
  await clearToken()
  await clearQueryCache()
}

/** Logout: tell the server (best effort, so it works offline too), then end the session locally. */
export async function logout() {
  try {
    await api.post('/api/auth/logout')
  } catch (err) {
    console.warn('Logout call failed; ending the session locally', err)
  }
  await endSession()
}
