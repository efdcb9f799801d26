import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { currentUserQueryOptions } from './current-user'
import { isRetryableStatus } from './outbox-backoff'
import { subscribeOutbox } from './outbox-events'
import { refreshTargets } from './outbox-kinds'
import { type ReplayOptions, type ReplaySummary, replayOutbox } from './outbox-replay'
import {
  clearOutbox as clearStore,
  enqueueOutbox,
  isOutboxAuthRequired,
  listOutbox,
  readOutboxFiles,
  setOutboxOwner,
} from './outbox-store'
import { type NewOutboxItem, OUTBOX_SYNC_TAG, type OutboxItem, type OutboxOwner } from './outbox-types'
import { queryClient } from './query-client'
import { refreshQueries } from './query-refresh'
import { getToken } from './session-token'

/*
 * The outbox in the page: when to replay (app start, back online, back to the tab, a backoff deadline,
 * 'Kirim sekarang'), asking the service worker for Background Sync where the browser has it, and the
 * outbox as React state for the badge, the panel and the screens that show queued items.
 */

export type OutboxSnapshot = {
  items: OutboxItem[]
  authRequired: boolean
  /** A replay runs in this tab. */
  replaying: boolean
  /** When the last replay of this tab ended, and how. */
  last?: ReplaySummary & { at: number }
  loaded: boolean
}

let snapshot: OutboxSnapshot = { items: [], authRequired: false, replaying: false, loaded: false }
const subscribers = new Set<() => void>()

function publish(next: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...next }
  for (const s of subscribers) s()
}

let refreshing: Promise<void> | null = null
let refreshAgain = false
async function refresh(): Promise<void> {
  if (refreshing) {
    refreshAgain = true
    return refreshing
  }
  refreshing = (async () => {
    do {
      refreshAgain = false
      try {
        const [items, authRequired] = await Promise.all([listOutbox(), isOutboxAuthRequired()])
        publish({ items, authRequired, loaded: true })
      } catch (err) {
        console.warn('Outbox could not be read', err)
        publish({ loaded: true })
      }
    } while (refreshAgain)
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

function subscribe(onChange: () => void) {
  subscribers.add(onChange)
  return () => subscribers.delete(onChange)
}

/** The outbox as React state (every tab and the service worker update it). */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot)
}

/** The queued items a screen shows optimistically, e.g. the uploads of one project. */
export function useOutboxItems(filter: (item: OutboxItem) => boolean, includeDone = false): OutboxItem[] {
  const { items } = useOutbox()
  // biome-ignore lint/correctness/useExhaustiveDependencies: callers pass inline filters; items drive it
  return useMemo(() => items.filter((i) => (includeDone || i.status !== 'done') && filter(i)), [items])
}

/** Object URLs of a queued upload's photos (revoked when the screen lets go of them). */
export function useOutboxPhotoUrls(key: string | null): string[] {
  const [urls, setUrls] = useState<string[]>([])
  useEffect(() => {
    if (!key) return
    let made: string[] = []
    let live = true
    readOutboxFiles(key)
      .then((files) => {
        made = files.map((f) => URL.createObjectURL(f))
        if (live) setUrls(made)
        else for (const u of made) URL.revokeObjectURL(u)
      })
      .catch(() => undefined)
    return () => {
      live = false
      for (const u of made) URL.revokeObjectURL(u)
    }
  }, [key])
  return urls
}

// --- Replay -------------------------------------------------------------------------------------------

let running: Promise<ReplaySummary> | null = null
let again: ReplayOptions | null = null
let timer: ReturnType<typeof setTimeout> | undefined

async function runOnce(options: ReplayOptions): Promise<ReplaySummary> {
  publish({ replaying: true })
  try {
    const summary = await replayOutbox(
      { fetch: (input, init) => fetch(input, init), getToken: async () => getToken() },
      options,
    )
    publish({ last: { ...summary, at: Date.now() } })
    return summary
  } catch (err) {
    console.warn('Outbox replay failed', err)
    return { ran: false, sent: 0, failed: 0, waiting: 0 }
  } finally {
    publish({ replaying: false })
  }
}

/**
 * Sends what is waiting. Calls while a replay runs in this tab join it and run once more after it
 * (an item queued meanwhile is not left behind). Resolves with the last run's summary.
 */
export function replayNow(options: ReplayOptions = {}): Promise<ReplaySummary> {
  if (running) {
    again = { force: Boolean(again?.force || options.force), wait: true }
    return running
  }
  running = (async () => {
    let summary = await runOnce(options)
    while (again) {
      const next = again
      again = null
      summary = await runOnce(next)
    }
    return summary
  })().finally(() => {
    running = null
    void afterReplay()
  })
  return running
}

/** 'Kirim sekarang': everything waiting, backoff or not; waits for a replay running elsewhere. */
export const sendOutboxNow = () => replayNow({ force: true, wait: true })

async function afterReplay() {
  await refresh()
  const waiting = snapshot.items.filter((i) => i.status === 'waiting')
  if (waiting.length === 0) return
  // Let the service worker retry even if this tab is closed (Chromium's Background Sync).
  void registerBackgroundSync()
  scheduleNext(snapshot.last?.nextAttemptAt)
}

function scheduleNext(at: number | undefined) {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  if (at === undefined) return
  timer = setTimeout(
    () => {
      timer = undefined
      if (navigator.onLine) void replayNow()
    },
    Math.max(0, at - Date.now()),
  )
}

/** Asks the browser to fire the service worker's 'sync' when there is a connection. */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false
    const reg = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((r) => setTimeout(r, 3000)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    if (!reg?.sync) return false
    await reg.sync.register(OUTBOX_SYNC_TAG)
    return true
  } catch {
    // Not allowed (e.g. permission), or no service worker in development: the page's triggers remain.
    return false
  }
}

// --- Queueing writes ------------------------------------------------------------------------------------

/** Queues a write and tries to send it at once when the device looks online. */
export async function queueWrite(input: NewOutboxItem): Promise<OutboxItem> {
  const item = await enqueueOutbox(input)
  await refresh()
  void registerBackgroundSync()
  if (navigator.onLine) void replayNow()
  return item
}

/**
 * Items of this user still waiting or being sent: a new write then goes behind them, never ahead (an
 * unlike sent directly must not land before the like queued offline a minute earlier).
 */
async function hasUnsent(owner: number): Promise<boolean> {
  try {
    return (await listOutbox()).some(
      (i) => (i.status === 'waiting' || i.status === 'sending') && i.owner.id === owner,
    )
  } catch {
    return false
  }
}

function isQueueable(err: unknown) {
  const status = (err as { status?: unknown })?.status
  return typeof status === 'number' && isRetryableStatus(status)
}

/**
 * For the writes a field worker makes (photos, comments, likes): offline, or while earlier ones still
 * wait, they are queued; otherwise they are sent at once, and queued when the call fails for the network or a server in trouble (with the same
 * Idempotency-Key, so a call that did land is not made twice). A refusal (any other 4xx) is thrown to
 * the screen as before.
 */
export async function sendOrQueue<T>(
  input: NewOutboxItem,
  send: () => Promise<T>,
): Promise<{ queued: false; data: T } | { queued: true; item: OutboxItem }> {
  if (!navigator.onLine || (await hasUnsent(input.owner.id)))
    return { queued: true, item: await queueWrite(input) }
  try {
    return { queued: false, data: await send() }
  } catch (err) {
    if (!isQueueable(err)) throw err
    return { queued: true, item: await queueWrite(input) }
  }
}

// --- Session ----------------------------------------------------------------------------------------------

/** The signed-in user, for the service worker; a new login sends what waited for it. */
export async function setOutboxSession(owner: OutboxOwner | null) {
  try {
    await setOutboxOwner(owner)
  } catch (err) {
    console.warn('Outbox owner could not be stored', err)
  }
  await refresh()
  if (owner && navigator.onLine) void replayNow()
}

/** Items not yet landed that logout would throw away. */
export async function unsentOutboxCount(): Promise<number> {
  try {
    return (await listOutbox()).filter((i) => i.status !== 'done').length
  } catch {
    return 0
  }
}

export async function clearOutbox() {
  await clearStore()
  await refresh()
}

// --- Start ------------------------------------------------------------------------------------------------

let started = false

/**
 * Starts the triggers (once): app start, the 'online' event, returning to the tab, changes made by other
 * tabs or the service worker.
 */
export function startOutboxSync() {
  if (started) return
  started = true
  subscribeOutbox((event) => {
    // What a landed item changed is fetched again.
    if (event.type === 'landed') void refreshQueries(queryClient, ...refreshTargets(event.item))
    // The server refused the token while sending (expired, revoked): the signed-in user is asked for
    // again, whose 401 ends the session and opens /login; the items wait for the new login.
    if (event.type === 'auth-required')
      void queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined)
    void refresh()
  })
  // The signal is back: what waited for it goes now, not at its backoff deadline (a big file waiting
  // minutes after the signal returned is what issue 32 saw as 'never retried').
  // Once more a moment later: the first attempt can meet the network's old state (the event comes before
  // the connection is usable), and a failure then would push the next try to its backoff.
  window.addEventListener('online', () => {
    void replayNow({ force: true, wait: true })
    setTimeout(() => {
      if (navigator.onLine && snapshot.items.some((i) => i.status === 'waiting'))
        void replayNow({ force: true })
    }, 3000)
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) void replayNow()
  })
  void refresh().then(() => {
    if (navigator.onLine) void replayNow()
  })
}
