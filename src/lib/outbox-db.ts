/**
 * The outbox's own IndexedDB database. Plain IndexedDB (no window, no React) so the page and the
 * service worker share it. Three stores: `items` (small records the panel lists), `payloads` (the
 * request bodies, photos included, read only when an item is sent) and `meta` (owner, lease, flags).
 */

export const OUTBOX_DB = 'berkas-outbox'
const VERSION = 1
export type StoreName = 'items' | 'payloads' | 'meta'

let opening: Promise<IDBDatabase> | null = null

function open(): Promise<IDBDatabase> {
  if (opening) return opening
  opening = new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(OUTBOX_DB, VERSION)
    req.onupgradeneeded = () => {
      const db = req.result
      if (!db.objectStoreNames.contains('items')) db.createObjectStore('items', { keyPath: 'key' })
      if (!db.objectStoreNames.contains('payloads')) db.createObjectStore('payloads')
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta')
    }
    req.onsuccess = () => {
      const db = req.result
      // Another context upgrading or deleting the database: let go, reopen on the next call.
      db.onversionchange = () => {
        db.close()
        opening = null
      }
      db.onclose = () => {
        opening = null
      }
      resolve(db)
    }
    req.onerror = () => {
      opening = null
      reject(req.error)
    }
    req.onblocked = () => console.warn('Outbox database upgrade is blocked by another tab')
  })
  return opening
}

/** Forgets the open connection (tests simulate a restart with it). */
export function closeOutboxDb(): Promise<void> {
  const current = opening
  opening = null
  return current ? current.then((db) => db.close()).catch(() => undefined) : Promise.resolve()
}

export function requestResult<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

/**
 * Runs `work` in one transaction over `stores` and resolves with its result once the transaction has
 * committed (not merely when the last request succeeded), so a caller never reports a write that a
 * crash could still lose. `work` may await the requests it makes, but nothing else: IndexedDB commits a
 * transaction as soon as no request is pending.
 */
export async function transact<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await open()
  const tx = db.transaction(stores, mode)
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error('Outbox transaction aborted'))
  })
  let result: T
  try {
    result = await work(tx)
  } catch (err) {
    try {
      tx.abort()
    } catch {
      /* already finished */
    }
    await done.catch(() => undefined)
    throw err
  }
  await done
  return result
}
