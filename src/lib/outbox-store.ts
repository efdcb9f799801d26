import { requestResult, type StoreName, transact } from './outbox-db'
import { emit } from './outbox-events'
import type {
  NewOutboxItem,
  OutboxItem,
  OutboxOwner,
  OutgoingRequest,
  StoredBody,
  StoredRequest,
} from './outbox-types'

/* The outbox's IndexedDB store: every change in its own transaction, announced through outbox-events. */

let lastOrder = 0
/** Creation order: milliseconds with room for a tie-breaker, increasing within one context. */
function nextOrder(now: number) {
  lastOrder = Math.max(now * 1000, lastOrder + 1)
  return lastOrder
}

async function storeBody(body: OutgoingRequest['body'], headers: Record<string, string>) {
  if (body === undefined) return { stored: undefined, bytes: 0 }
  if (typeof body === 'string') {
    const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1]
    return { stored: { type: 'text', contentType, text: body } as StoredBody, bytes: body.length }
  }
  if ('resumable' in body) {
    const { json, file, partBytes } = body.resumable
    const bytes = await file.arrayBuffer()
    const stored: StoredBody = {
      type: 'resumable',
      json,
      partBytes,
      file: { name: file.name, type: file.type, bytes },
    }
    return { stored, bytes: bytes.byteLength }
  }
  const parts: Extract<StoredBody, { type: 'form' }>['parts'] = []
  let bytes = 0
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') {
      parts.push({ name, value })
      bytes += value.length
    } else {
      const buffer = await value.arrayBuffer()
      parts.push({ name, file: { name: value.name, type: value.type, bytes: buffer } })
      bytes += buffer.byteLength
    }
  }
  return { stored: { type: 'form', parts } as StoredBody, bytes }
}

/**
 * Queues a write. Resolves once it is safely on disk. A waiting item with the same `coalesce` is
 * replaced (its effect is superseded), unless it is already being sent.
 */
export async function enqueueOutbox(input: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  // Bodies are read before the transaction: IndexedDB closes a transaction that waits on anything else.
  const { stored, bytes } = await storeBody(input.request.body, input.request.headers)
  const headers = Object.fromEntries(
    Object.entries(input.request.headers).filter(
      ([k]) => !['authorization', 'idempotency-key', 'content-type'].includes(k.toLowerCase()),
    ),
  )
  const item: OutboxItem = {
    key: input.key,
    order: nextOrder(now),
    kind: input.kind,
    title: input.title,
    detail: input.detail,
    owner: input.owner,
    scope: input.scope ?? {},
    version: input.version,
    method: input.request.method,
    url: input.request.url,
    bytes,
    dependsOn: input.dependsOn,
    refPath: input.refPath,
    coalesce: input.coalesce,
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: now,
    updatedAt: now,
    ...(stored?.type === 'resumable' ? { progress: { sent: 0, total: bytes } } : {}),
  }
  const request: StoredRequest = {
    method: input.request.method,
    url: input.request.url,
    headers,
    body: stored,
  }
  await transact(['items', 'payloads'], 'readwrite', async (tx) => {
    const items = tx.objectStore('items')
    if (input.coalesce) {
      const all = (await requestResult(items.getAll())) as OutboxItem[]
      for (const old of all) {
        if (old.coalesce === input.coalesce && old.status === 'waiting' && old.owner.id === input.owner.id) {
          const hasDependants = all.some((o) => o.dependsOn === old.key)
          if (hasDependants) continue
          items.delete(old.key)
          tx.objectStore('payloads').delete(old.key)
        }
      }
    }
    items.put(item)
    tx.objectStore('payloads').put(request, item.key)
  })
  emit({ type: 'changed' })
  return item
}

/** Every item, oldest first. */
export async function listOutbox(): Promise<OutboxItem[]> {
  const items = await transact(
    ['items'],
    'readonly',
    (tx) => requestResult(tx.objectStore('items').getAll()) as Promise<OutboxItem[]>,
  )
  return items.sort((a, b) => a.order - b.order)
}

/** The stored request of an item (for the replay, and for showing queued photos). */
export async function readPayload(key: string): Promise<StoredRequest | undefined> {
  return transact(
    ['payloads'],
    'readonly',
    (tx) => requestResult(tx.objectStore('payloads').get(key)) as Promise<StoredRequest | undefined>,
  )
}

/** The files of a queued item (the photos of an upload), to show them before they are sent. */
export async function readOutboxFiles(key: string): Promise<File[]> {
  const stored = await readPayload(key)
  if (stored?.body?.type !== 'form') return []
  const files: File[] = []
  for (const part of stored.body.parts)
    if ('file' in part) files.push(new File([part.file.bytes], part.file.name, { type: part.file.type }))
  return files
}

/** Changes one item in its own transaction (read, change, write), so no concurrent change is lost. */
export async function patchItem(
  key: string,
  change: (item: OutboxItem) => OutboxItem | null,
  alsoDropPayload = false,
): Promise<OutboxItem | null> {
  const stores: StoreName[] = alsoDropPayload ? ['items', 'payloads'] : ['items']
  return transact(stores, 'readwrite', async (tx) => {
    const items = tx.objectStore('items')
    const current = (await requestResult(items.get(key))) as OutboxItem | undefined
    if (!current) return null
    const next = change(current)
    if (next) items.put(next)
    if (alsoDropPayload) tx.objectStore('payloads').delete(key)
    return next
  })
}

/** 'Coba lagi' on a failed item (or any waiting one): eligible for the next replay at once. */
export async function retryOutboxItem(key: string, now = Date.now()): Promise<void> {
  await patchItem(key, (item) =>
    item.status === 'failed' || item.status === 'waiting'
      ? { ...item, status: 'waiting', nextAttemptAt: 0, updatedAt: now }
      : item,
  )
  emit({ type: 'changed' })
}

/**
 * 'Buang': removes an item that has not landed, and the items that depend on it (a comment on a photo
 * that will never be sent cannot be sent either). Returns the keys removed. An item being sent right now
 * is not removed: its answer may already be on its way.
 */
export async function discardOutboxItem(key: string): Promise<string[]> {
  const removed = await transact(['items', 'payloads'], 'readwrite', async (tx) => {
    const items = tx.objectStore('items')
    const all = (await requestResult(items.getAll())) as OutboxItem[]
    const root = all.find((i) => i.key === key)
    if (!root || root.status === 'sending') return []
    const doomed = new Set([key])
    let grew = true
    while (grew) {
      grew = false
      for (const i of all)
        if (i.dependsOn && doomed.has(i.dependsOn) && !doomed.has(i.key) && i.status !== 'done') {
          doomed.add(i.key)
          grew = true
        }
    }
    for (const k of doomed) {
      items.delete(k)
      tx.objectStore('payloads').delete(k)
    }
    return [...doomed]
  })
  emit({ type: 'changed' })
  return removed
}

/** Removes the landed items from the list ('Bersihkan'). */
export async function clearDoneOutbox(): Promise<void> {
  await transact(['items', 'payloads'], 'readwrite', async (tx) => {
    const items = tx.objectStore('items')
    for (const i of (await requestResult(items.getAll())) as OutboxItem[])
      if (i.status === 'done') {
        items.delete(i.key)
        tx.objectStore('payloads').delete(i.key)
      }
  })
  emit({ type: 'changed' })
}

/** Logout on a shared phone: everything, queued photos included (the user was asked first). */
export async function clearOutbox(): Promise<void> {
  await transact(['items', 'payloads', 'meta'], 'readwrite', (tx) => {
    tx.objectStore('items').clear()
    tx.objectStore('payloads').clear()
    tx.objectStore('meta').clear()
  })
  emit({ type: 'cleared' })
}

// --- Meta: whose session may send, and whether it has to log in again ------------------------------------

export async function getMeta<T>(name: string): Promise<T | undefined> {
  return transact(['meta'], 'readonly', (tx) => requestResult(tx.objectStore('meta').get(name)) as Promise<T>)
}

export async function setMeta(name: string, value: unknown): Promise<void> {
  await transact(['meta'], 'readwrite', (tx) => {
    if (value === undefined) tx.objectStore('meta').delete(name)
    else tx.objectStore('meta').put(value, name)
  })
}

/**
 * The signed-in user, mirrored for the service worker: only this user's items are sent with the token.
 * Called at login and whenever the app knows its user; a new login clears 'auth required'.
 */
export async function setOutboxOwner(owner: OutboxOwner | null): Promise<void> {
  const before = await getMeta<OutboxOwner>('owner')
  const authRequired = await getMeta<boolean>('authRequired')
  if (before?.id === owner?.id && !authRequired) return
  await setMeta('owner', owner ?? undefined)
  await setMeta('authRequired', undefined)
  emit({ type: 'changed' })
}

export const getOutboxOwner = () => getMeta<OutboxOwner>('owner')
/** True after the server refused the stored token (401): the items wait for a new login. */
export const isOutboxAuthRequired = async () => (await getMeta<boolean>('authRequired')) === true

/** Counts for the header badge. */
export function outboxCounts(items: OutboxItem[]) {
  let waiting = 0
  let sending = 0
  let failed = 0
  for (const i of items) {
    if (i.status === 'waiting') waiting++
    else if (i.status === 'sending') sending++
    else if (i.status === 'failed') failed++
  }
  return { waiting, sending, failed, pending: waiting + sending + failed }
}
