import { backoffDelay, isRetryableStatus, parseRetryAfter } from './outbox-backoff'
import { requestResult, transact } from './outbox-db'
import { emit } from './outbox-events'
import { sendResumable } from './outbox-resumable'
import { getOutboxOwner, listOutbox, patchItem, readPayload, setMeta } from './outbox-store'
import {
  DONE_KEEP_MS,
  OUTBOX_LOCK,
  type OutboxError,
  type OutboxItem,
  REF_PLACEHOLDER,
  type StoredBody,
} from './outbox-types'

/* Sending what the outbox holds: oldest first, one replay at a time across tabs and the worker. */

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

function dig(data: unknown, path: Array<string | number>): unknown {
  let cur = data
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string | number, unknown>)[p]
  }
  return cur
}

/**
 * A form part of this name carries the device's clock (ISO-8601) of each attempt, not of the moment it was
 * queued: the server compares it with its own to record how far the phone's clock is off (issue 34).
 */
export const DEVICE_TIME_PART = 'device_time'

function buildBody(body: StoredBody | undefined, ref: string | undefined, now: number): BodyInit | undefined {
  if (!body || body.type === 'resumable') return undefined
  const fill = (s: string) => (ref === undefined ? s : s.split(REF_PLACEHOLDER).join(ref))
  if (body.type === 'text') return fill(body.text)
  const form = new FormData()
  for (const part of body.parts) {
    if ('file' in part)
      form.append(part.name, new Blob([part.file.bytes], { type: part.file.type }), part.file.name)
    else
      form.append(part.name, part.name === DEVICE_TIME_PART ? new Date(now).toISOString() : fill(part.value))
  }
  return form
}

const FALLBACK_MESSAGE = 'Server menolak permintaan ini'
const NETWORK_MESSAGE = 'Tidak ada koneksi ke server'
const SERVER_BUSY_MESSAGE = 'Server sedang sibuk atau tidak tersedia'

async function readAnswer(res: Response): Promise<{ message?: string; data?: unknown; clash?: unknown }> {
  try {
    const body = (await res.json()) as { message?: unknown; data?: unknown; clashes?: unknown; day?: unknown }
    const clash = Array.isArray(body.clashes) ? { clashes: body.clashes, day: body.day } : undefined
    return { message: typeof body.message === 'string' ? body.message : undefined, data: body.data, clash }
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
  | { kind: 'final'; error: OutboxError; result?: unknown }
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
  const timeoutMs = (bytes: number) => deps.timeoutMs?.(bytes) ?? 30_000 + bytes / 20
  let res: Response
  let answer: { message?: string; data?: unknown; clash?: unknown }
  if (stored.body?.type === 'resumable') {
    const sent = await sendResumable(item, url, stored.body, {
      fetch: deps.fetch,
      // `url` already starts with it.
      baseUrl: '',
      token,
      timeoutMs,
    })
    if ('network' in sent) return { kind: 'retry', error: { status: 0, message: NETWORK_MESSAGE } }
    const { res: r, body } = 'done' in sent ? sent.done : sent.answer
    res = r
    answer = body
  } else {
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), timeoutMs(item.bytes))
    try {
      res = await deps.fetch(url, {
        method: stored.method,
        headers,
        body: buildBody(stored.body, ref, deps.now()),
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
    answer = await readAnswer(res)
  }
  if (res.ok)
    return { kind: 'landed', data: answer.data, replayed: res.headers.get('Idempotent-Replayed') === 'true' }
  if (res.status === 401) return { kind: 'auth' }
  const error = {
    status: res.status,
    message: answer.message || (res.status >= 500 ? SERVER_BUSY_MESSAGE : FALLBACK_MESSAGE),
  }
  // A 409 with both copies of what clashed (a diary section changed on both sides) is about the content:
  // the same bytes can never land. Final, and the item keeps the copies so its screen can ask which stays.
  if (res.status === 409 && answer.clash) return { kind: 'final', error, result: answer.clash }
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
        ...(outcome.result === undefined ? {} : { result: outcome.result }),
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
