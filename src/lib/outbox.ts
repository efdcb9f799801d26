import { requestResult, type StoreName, transact } from './outbox-db'

/*
 * The offline outbox (DESIGN.md "Offline model"): writes a field worker makes without signal, stored in
 * IndexedDB with everything needed to send them again, byte for byte, under the Idempotency-Key made
 * when they were queued. This file is the store and the replay engine; it runs unchanged in the page
 * and in the service worker (no window, no React, no app imports).
 *
 * Guarantees:
 * - An item is stored (transaction committed) before the caller is told it is queued.
 * - One replay at a time across every tab and the service worker (Web Locks; an IndexedDB lease where
 *   the browser has no Web Locks).
 * - Items go in the order they were made. A retryable failure (network, 408, 409, 429, 5xx) stops the
 *   run, so nothing overtakes an earlier item (a like set and unset stays in that order); the item waits
 *   with exponential backoff. Any other 4xx is final for that item only: it is kept as failed with the
 *   server's message until the user retries or discards it. 401 keeps everything waiting and asks for a
 *   new login.
 * - Every attempt reuses the item's key, so an attempt whose answer was lost (connection cut after the
 *   server committed) is answered from the server's stored answer and lands once.
 */

export type OutboxStatus = 'waiting' | 'sending' | 'failed' | 'done'

/** A file part kept as bytes: some browsers (older Safari) cannot keep Blobs in IndexedDB. */
export type StoredFile = { name: string; type: string; bytes: ArrayBuffer }

export type StoredBody =
  | { type: 'text'; contentType?: string; text: string }
  | { type: 'form'; parts: Array<{ name: string; value: string } | { name: string; file: StoredFile }> }

export type StoredRequest = {
  method: string
  /** Path on the API origin; `{ref}` stands for the `ref` of the item this one depends on. */
  url: string
  headers: Record<string, string>
  body?: StoredBody
}

/** What a request looks like when handed in (e.g. src/contracts/docs.ts `docWriteRequest`). */
export type OutgoingRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body?: FormData | string
}

export type OutboxError = { status: number; message: string }

/** The light record of one queued write (the body lives apart, in `payloads`). */
export type OutboxItem = {
  /** The Idempotency-Key: made once when queued, sent on every attempt. Also the record's id. */
  key: string
  /** Creation order; replay follows it. */
  order: number
  /** What kind of write, e.g. 'doc.upload', 'doc.comment', 'doc.like'. */
  kind: string
  /** Shown in the outbox panel. */
  title: string
  detail?: string
  /** Who made it; only that user's session sends it. */
  owner: { id: number; name: string }
  /** Free-form context for the screens that show the item optimistically (e.g. { slug, doc }). */
  scope: Record<string, string>
  /** Query keys the app refreshes when the item has landed. */
  invalidate: unknown[][]
  method: string
  url: string
  /** Bytes of the stored body (photos included). */
  bytes: number
  /** Another item (by key) whose answer this one needs, e.g. a comment on a photo queued offline. */
  dependsOn?: string
  /** Where in a successful answer's `data` the id lies that dependants put in place of `{ref}`. */
  refPath?: Array<string | number>
  /** Same-coalesce items still waiting are replaced by a newer one (a like set, unset, set again). */
  coalesce?: string
  status: OutboxStatus
  attempts: number
  /** Epoch ms before which an automatic replay leaves the item alone (backoff). */
  nextAttemptAt: number
  lastError?: OutboxError
  createdAt: number
  updatedAt: number
  doneAt?: number
  /** The answer's `data` (kept small: the screens read created ids and per-file errors from it). */
  result?: unknown
  /** The id taken from `result` at `refPath`. */
  ref?: string
  /** The server answered from its stored first answer (the item had landed on an earlier attempt). */
  replayed?: boolean
}

export type NewOutboxItem = {
  key: string
  kind: string
  title: string
  detail?: string
  owner: { id: number; name: string }
  scope?: Record<string, string>
  invalidate?: unknown[][]
  request: OutgoingRequest
  dependsOn?: string
  refPath?: Array<string | number>
  coalesce?: string
}

export const OUTBOX_SYNC_TAG = 'berkas-outbox'
export const OUTBOX_CHANNEL = 'berkas-outbox'
export const OUTBOX_LOCK = 'berkas-outbox-replay'
/** `{ref}` in a dependant's URL (and text fields) is replaced by its dependency's created id. */
export const REF_PLACEHOLDER = '{ref}'
/** Landed items stay listed this long ('Terkirim'), without their bodies. */
export const DONE_KEEP_MS = 24 * 60 * 60 * 1000

// --- Change notification ------------------------------------------------------------------------------

export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'landed'; item: OutboxItem }
  | { type: 'auth-required' }
  | { type: 'cleared' }

const listeners = new Set<(event: OutboxEvent) => void>()
let channel: BroadcastChannel | null | undefined

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL)
    if (channel) channel.onmessage = (e: MessageEvent<OutboxEvent>) => deliver(e.data)
  }
  return channel
}

function deliver(event: OutboxEvent) {
  for (const listener of listeners) {
    try {
      listener(event)
    } catch (err) {
      console.error('Outbox listener failed', err)
    }
  }
}

/** Tells this context and every other one (tabs, the service worker) that the outbox moved. */
function emit(event: OutboxEvent) {
  deliver(event)
  getChannel()?.postMessage(event)
}

/** Listens to outbox changes made here or in any other tab or the service worker. */
export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  getChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// --- The store ----------------------------------------------------------------------------------------

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
    invalidate: input.invalidate ?? [],
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

async function readPayload(key: string): Promise<StoredRequest | undefined> {
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
async function patchItem(
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

export type OutboxOwner = { id: number; name: string }

async function getMeta<T>(name: string): Promise<T | undefined> {
  return transact(['meta'], 'readonly', (tx) => requestResult(tx.objectStore('meta').get(name)) as Promise<T>)
}

async function setMeta(name: string, value: unknown): Promise<void> {
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

// --- Replay -------------------------------------------------------------------------------------------

export type ReplayDeps = {
  fetch: typeof fetch
  /** The bearer token: localStorage in the page, its IndexedDB mirror in the service worker. */
  getToken: () => Promise<string | null>
  /** Prefix for the stored paths ('' on the app's own origin). */
  baseUrl?: string
  now?: () => number
  random?: () => number
  /** navigator.locks where there is one; null falls back to the IndexedDB lease. */
  locks?: LockManager | null
  /** How long one attempt may take before it counts as a network failure. */
  timeoutMs?: (bytes: number) => number
}

export type ReplayOptions = {
  /** 'Kirim sekarang': ignore the backoff of waiting items. */
  force?: boolean
  /** Wait for a replay running elsewhere instead of returning at once. */
  wait?: boolean
}

export type ReplaySummary = {
  /** False when another context held the lock and `wait` was not asked. */
  ran: boolean
  sent: number
  failed: number
  /** Why the run stopped early, if it did. */
  stopped?: 'offline' | 'server' | 'auth' | 'no-session'
  /** Items still waiting after the run. */
  waiting: number
  /** Earliest backoff deadline among waiting items (epoch ms), if any. */
  nextAttemptAt?: number
}

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 10 * 60_000

/** Exponential backoff with jitter (50-100 %), at least what the server's Retry-After asked for. */
export function backoffDelay(attempts: number, random: () => number = Math.random, retryAfterMs?: number) {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  const jittered = Math.round(exp * (0.5 + random() / 2))
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, BACKOFF_MAX_MS * 3))
}

export function isRetryableStatus(status: number): boolean {
  // 409: the same key is still being worked on elsewhere (another attempt in flight); ask again later.
  return status === 0 || status === 408 || status === 409 || status === 429 || status >= 500
}

function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function dig(data: unknown, path: Array<string | number>): unknown {
  let cur = data
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string | number, unknown>)[p]
  }
  return cur
}

function buildBody(body: StoredBody | undefined, ref: string | undefined): BodyInit | undefined {
  if (!body) return undefined
  const fill = (s: string) => (ref === undefined ? s : s.split(REF_PLACEHOLDER).join(ref))
  if (body.type === 'text') return fill(body.text)
  const form = new FormData()
  for (const part of body.parts) {
    if ('file' in part)
      form.append(part.name, new Blob([part.file.bytes], { type: part.file.type }), part.file.name)
    else form.append(part.name, fill(part.value))
  }
  return form
}

const FALLBACK_MESSAGE = 'Server menolak permintaan ini'
const NETWORK_MESSAGE = 'Tidak ada koneksi ke server'
const SERVER_BUSY_MESSAGE = 'Server sedang sibuk atau tidak tersedia'

async function readAnswer(res: Response): Promise<{ message?: string; data?: unknown }> {
  try {
    const body = (await res.json()) as { message?: unknown; data?: unknown }
    return { message: typeof body.message === 'string' ? body.message : undefined, data: body.data }
  } catch {
    return {}
  }
}

/** One attempt at one item. Never throws; tells what happened. */
async function attempt(
  item: OutboxItem,
  deps: Required<Pick<ReplayDeps, 'fetch' | 'now'>> & ReplayDeps,
  token: string,
  ref: string | undefined,
): Promise<
  | { kind: 'landed'; data: unknown; replayed: boolean }
  | { kind: 'final'; error: OutboxError }
  | { kind: 'retry'; error: OutboxError; retryAfterMs?: number }
  | { kind: 'auth' }
> {
  const stored = await readPayload(item.key)
  if (!stored)
    return { kind: 'final', error: { status: 0, message: 'Data item ini tidak ditemukan di perangkat' } }
  const url =
    (deps.baseUrl ?? '') + (ref === undefined ? stored.url : stored.url.split(REF_PLACEHOLDER).join(ref))
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...stored.headers,
    'Idempotency-Key': item.key,
    Authorization: `Bearer ${token}`,
  }
  if (stored.body?.type === 'text' && stored.body.contentType)
    headers['Content-Type'] = stored.body.contentType
  const controller = new AbortController()
  const timeout = setTimeout(
    () => controller.abort(),
    deps.timeoutMs?.(item.bytes) ?? 30_000 + item.bytes / 20,
  )
  let res: Response
  try {
    res = await deps.fetch(url, {
      method: stored.method,
      headers,
      body: buildBody(stored.body, ref),
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
    })
  } catch {
    return { kind: 'retry', error: { status: 0, message: NETWORK_MESSAGE } }
  } finally {
    clearTimeout(timeout)
  }
  // Some clients make a network failure look like an answer (a service worker's offline fallback).
  if (res.type === 'error') return { kind: 'retry', error: { status: 0, message: NETWORK_MESSAGE } }
  const answer = await readAnswer(res)
  if (res.ok)
    return { kind: 'landed', data: answer.data, replayed: res.headers.get('Idempotent-Replayed') === 'true' }
  if (res.status === 401) return { kind: 'auth' }
  const error = {
    status: res.status,
    message: answer.message || (res.status >= 500 ? SERVER_BUSY_MESSAGE : FALLBACK_MESSAGE),
  }
  if (isRetryableStatus(res.status))
    return { kind: 'retry', error, retryAfterMs: parseRetryAfter(res.headers.get('Retry-After'), deps.now()) }
  return { kind: 'final', error }
}

/** Keeps the answer small: created ids and per-file errors, not whole lists. */
function slimResult(data: unknown): unknown {
  try {
    const text = JSON.stringify(data ?? null)
    return text.length > 64_000 ? undefined : data
  } catch {
    return undefined
  }
}

async function runReplay(deps: ReplayDeps, options: ReplayOptions): Promise<ReplaySummary> {
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  const full = { ...deps, now, fetch: deps.fetch }
  const summary: ReplaySummary = { ran: true, sent: 0, failed: 0, waiting: 0 }

  // Holding the lock, nobody else is sending: an item left 'sending' was cut off (tab closed, worker
  // stopped) and goes again with its key; the server answers a repeat from its stored answer.
  let items = await listOutbox()
  for (const stale of items.filter((i) => i.status === 'sending'))
    await patchItem(stale.key, (i) => (i.status === 'sending' ? { ...i, status: 'waiting' } : i))
  await pruneDone(now())
  items = await listOutbox()

  const owner = await getOutboxOwner()
  const token = owner ? await deps.getToken() : null
  const landed = new Map(items.filter((i) => i.status === 'done').map((i) => [i.key, i]))

  for (const snapshot of items) {
    if (snapshot.status !== 'waiting') continue
    if (!owner || snapshot.owner.id !== owner.id) continue
    if (!token) {
      summary.stopped = 'no-session'
      break
    }
    let ref: string | undefined
    if (snapshot.dependsOn) {
      const dep = landed.get(snapshot.dependsOn)
      if (!dep) {
        // Its dependency has not landed (waiting, failed) or was discarded.
        if (!items.some((i) => i.key === snapshot.dependsOn)) {
          await patchItem(snapshot.key, (i) => ({
            ...i,
            status: 'failed',
            lastError: { status: 0, message: 'Item yang menjadi dasarnya sudah dibuang' },
            updatedAt: now(),
          }))
          summary.failed++
          emit({ type: 'changed' })
        }
        continue
      }
      ref = dep.ref
      if (ref === undefined) {
        await patchItem(snapshot.key, (i) => ({
          ...i,
          status: 'failed',
          lastError: { status: 0, message: 'Jawaban server untuk item dasarnya tidak lengkap' },
          updatedAt: now(),
        }))
        summary.failed++
        continue
      }
    }
    if (!options.force && snapshot.nextAttemptAt > now()) {
      // Order is kept: an earlier item in backoff holds back the ones after it.
      break
    }

    // Claim it; another tab may have discarded or retried it since the list was read.
    const claimed = await patchItem(snapshot.key, (i) =>
      i.status === 'waiting' ? { ...i, status: 'sending', updatedAt: now() } : null,
    )
    if (!claimed) continue
    emit({ type: 'changed' })

    const outcome = await attempt(claimed, full, token, ref)
    if (outcome.kind === 'landed') {
      const result = slimResult(outcome.data)
      const refValue = claimed.refPath ? dig(outcome.data, claimed.refPath) : undefined
      const done = await patchItem(
        claimed.key,
        (i) => ({
          ...i,
          status: 'done',
          attempts: i.attempts + 1,
          lastError: undefined,
          result,
          ref: typeof refValue === 'string' || typeof refValue === 'number' ? String(refValue) : undefined,
          replayed: outcome.replayed,
          doneAt: now(),
          updatedAt: now(),
        }),
        true,
      )
      summary.sent++
      if (done) {
        landed.set(done.key, done)
        emit({ type: 'landed', item: done })
      }
      emit({ type: 'changed' })
      continue
    }
    if (outcome.kind === 'auth') {
      await patchItem(claimed.key, (i) => ({ ...i, status: 'waiting', updatedAt: now() }))
      await setMeta('authRequired', true)
      summary.stopped = 'auth'
      emit({ type: 'auth-required' })
      emit({ type: 'changed' })
      break
    }
    if (outcome.kind === 'final') {
      await patchItem(claimed.key, (i) => ({
        ...i,
        status: 'failed',
        attempts: i.attempts + 1,
        lastError: outcome.error,
        updatedAt: now(),
      }))
      summary.failed++
      emit({ type: 'changed' })
      continue
    }
    await patchItem(claimed.key, (i) => {
      const attempts = i.attempts + 1
      return {
        ...i,
        status: 'waiting',
        attempts,
        lastError: outcome.error,
        nextAttemptAt: now() + backoffDelay(attempts, random, outcome.retryAfterMs),
        updatedAt: now(),
      }
    })
    summary.stopped = outcome.error.status === 0 ? 'offline' : 'server'
    emit({ type: 'changed' })
    break
  }

  const after = await listOutbox()
  const waiting = after.filter((i) => i.status === 'waiting' && owner && i.owner.id === owner.id)
  summary.waiting = waiting.length
  const deadlines = waiting.map((i) => i.nextAttemptAt).filter((t) => t > now())
  if (deadlines.length > 0) summary.nextAttemptAt = Math.min(...deadlines)
  return summary
}

async function pruneDone(now: number) {
  await transact(['items', 'payloads'], 'readwrite', async (tx) => {
    const items = tx.objectStore('items')
    const all = (await requestResult(items.getAll())) as OutboxItem[]
    for (const i of all) {
      // A landed item stays while a dependant still needs its ref.
      const needed = all.some((o) => o.dependsOn === i.key && o.status !== 'done')
      if (i.status === 'done' && !needed && now - (i.doneAt ?? i.updatedAt) > DONE_KEEP_MS) {
        items.delete(i.key)
        tx.objectStore('payloads').delete(i.key)
      }
    }
  })
}

// --- One replay at a time -------------------------------------------------------------------------------

export const LEASE_MS = 60_000

/**
 * Where there are no Web Locks (older Safari): a lease record taken in one IndexedDB transaction,
 * renewed while the replay runs and ignored once it has expired (its holder died).
 */
async function withLease<T>(
  owner: string,
  now: () => number,
  wait: boolean,
  work: () => Promise<T>,
): Promise<{ got: true; value: T } | { got: false }> {
  const take = () =>
    transact(['meta'], 'readwrite', async (tx) => {
      const meta = tx.objectStore('meta')
      const lease = (await requestResult(meta.get('lease'))) as { owner: string; until: number } | undefined
      if (lease && lease.owner !== owner && lease.until > now()) return false
      meta.put({ owner, until: now() + LEASE_MS }, 'lease')
      return true
    })
  while (!(await take())) {
    if (!wait) return { got: false }
    await new Promise((r) => setTimeout(r, 250))
  }
  const renew = setInterval(() => void take(), LEASE_MS / 3)
  try {
    return { got: true, value: await work() }
  } finally {
    clearInterval(renew)
    await transact(['meta'], 'readwrite', async (tx) => {
      const meta = tx.objectStore('meta')
      const lease = (await requestResult(meta.get('lease'))) as { owner: string } | undefined
      if (lease?.owner === owner) meta.delete('lease')
    }).catch(() => undefined)
  }
}

/**
 * Sends what is waiting, oldest first, holding the replay lock. Without `wait`, returns `{ ran: false }`
 * at once when another tab or the service worker is already replaying (that run sends everything).
 */
export async function replayOutbox(deps: ReplayDeps, options: ReplayOptions = {}): Promise<ReplaySummary> {
  const locks = deps.locks === undefined ? (globalThis.navigator?.locks ?? null) : deps.locks
  const skipped: ReplaySummary = { ran: false, sent: 0, failed: 0, waiting: 0 }
  if (locks) {
    return locks.request(OUTBOX_LOCK, { ifAvailable: !options.wait }, async (lock) =>
      lock ? runReplay(deps, options) : skipped,
    )
  }
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`
  const result = await withLease(id, deps.now ?? Date.now, options.wait ?? false, () =>
    runReplay(deps, options),
  )
  return result.got ? result.value : skipped
}

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
