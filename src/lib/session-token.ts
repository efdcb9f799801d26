import { del, set } from 'idb-keyval'

/** The key under which the bearer token lives, in localStorage (the app) and IndexedDB (the SW). */
export const TOKEN_KEY = 'token'

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

/** Stores the token; the IndexedDB mirror lets the service worker replay the outbox with it. */
export async function setToken(token: string): Promise<void> {
  localStorage.setItem(TOKEN_KEY, token)
  try {
    await set(TOKEN_KEY, token)
  } catch (err) {
    console.warn('Token could not be mirrored to IndexedDB', err)
  }
}

export async function clearToken(): Promise<void> {
  localStorage.removeItem(TOKEN_KEY)
  try {
    await del(TOKEN_KEY)
  } catch (err) {
    console.warn('Token could not be removed from IndexedDB', err)
  }
}
