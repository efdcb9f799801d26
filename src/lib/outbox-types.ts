/*
 * The offline outbox (docs/offline.md): writes a field worker makes without signal, stored in
 * IndexedDB with everything needed to send them again, byte for byte, under the Idempotency-Key made
 * when they were queued. Its parts run unchanged in the page and in the service worker (no window, no
 * React, no app imports): outbox-types.ts (the records), outbox-events.ts (change notification across
 * tabs and the worker), outbox-store.ts (the IndexedDB store), outbox-replay.ts (sending, one replay at a
 * time).
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
  | ResumableBody

/**
 * A big file sent in parts (outbox-resumable.ts, decision 0080): the item's url announces it (`json`),
 * then `{url}/{upload}/part?offset=N` takes each part and `{url}/{upload}/complete` stores it under the
 * item's key. The bytes stay here until the server has taken them all.
 */
export type ResumableBody = { type: 'resumable'; json: string; file: StoredFile; partBytes: number }

export type StoredRequest = {
  method: string
  /** Path on the API origin; `{ref}` stands for the `ref` of the item this one depends on. */
  url: string
  headers: Record<string, string>
  body?: StoredBody
}

/** What a request looks like when handed in (e.g. src/contracts/documentation.ts `docWriteRequest`). */
export type OutgoingRequest = {
  method: string
  url: string
  headers: Record<string, string>
  body?: FormData | string | { resumable: { json: string; file: File; partBytes: number } }
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
  /** Its kind's version when queued (outbox-kinds.ts decides what it refreshes); absent on older items. */
  version?: number
  /** Older items only (queued before outbox-kinds.ts): the query keys to refresh once landed. */
  invalidate?: unknown[][]
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
  /** A resumable item: the bytes the server has confirmed (kept when the app closes). */
  progress?: { sent: number; total: number }
  /** A resumable item: the server's upload id, and how many times it was started (an expired one starts again). */
  upload?: string
  uploadRound?: number
}

export type NewOutboxItem = {
  key: string
  kind: string
  title: string
  detail?: string
  owner: { id: number; name: string }
  scope?: Record<string, string>
  version?: number
  request: OutgoingRequest
  dependsOn?: string
  refPath?: Array<string | number>
  coalesce?: string
}

/** Whose session may send the queued items (mirrored for the service worker). */
export type OutboxOwner = { id: number; name: string }

export const OUTBOX_SYNC_TAG = 'berkas-outbox'
export const OUTBOX_CHANNEL = 'berkas-outbox'
export const OUTBOX_LOCK = 'berkas-outbox-replay'
/** `{ref}` in a dependant's URL (and text fields) is replaced by its dependency's created id. */
export const REF_PLACEHOLDER = '{ref}'
/** Landed items stay listed this long ('Terkirim'), without their bodies. */
export const DONE_KEEP_MS = 24 * 60 * 60 * 1000
