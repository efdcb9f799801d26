import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from './db/schema'
import type { AppEnv, Deps } from './deps'
import type { DomainEvent } from './events'
import { AppError, nowIso } from './http'
import type { JobKind } from './jobs/job-kind'

/**
 * Retried creates (docs/decisions/0007-idempotency-keys.md): a create call may carry an `Idempotency-Key` (a client-made uuid); the
 * first answer per (user, key) is stored and replayed for repeats, so an outbox item sent twice lands once.
 *
 * The stored answer and what the create wrote commit in ONE transaction, so there is no "in progress"
 * state that a killed process could leave behind: either both are there (repeats replay the answer) or
 * neither is (a repeat simply runs again). Two concurrent requests with one key both try to insert the
 * key row; the loser waits for the winner's transaction (PostgreSQL's unique index does), finds the row
 * taken, rolls back everything it did and replays the winner's answer.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/
/** Keys are kept a day: long enough for any outbox retry, short enough to keep the table small. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const SWEEP_EVERY_MS = 10 * 60 * 1000

export type CreateAnswer = { status: ContentfulStatusCode; message: string; data?: unknown }

/**
 * The transaction a create writes in, handed explicitly to the code that writes: rows go through `trx`,
 * and commit with the stored answer or not at all. What must wait for the commit (domain events, waking
 * the job runner, deleting a replaced blob) is queued here and runs only once it committed; never for a
 * rolled-back or replayed request.
 */
export type Tx = {
  readonly trx: Transaction<DB>
  /** Delivered to `deps.events` after the commit. */
  publish(event: DomainEvent): void
  /** Queues a job in this transaction; this process's runner is woken after the commit. */
  enqueue<P>(kind: JobKind<P>, payload: P): Promise<number>
  /** Runs after the commit, before the answer goes out; a failure is logged (the create stands). */
  afterCommit(work: () => Promise<void>): void
  /** Runs when the transaction is rolled back (uploads/commit.ts deletes the blobs it put for it). */
  onRollback(undo: () => Promise<void>): void
}

/** A Tx and its two ends, for whoever opened it. */
export type OpenTx = Tx & { commit(): Promise<void>; rollback(): Promise<void> }

/**
 * Opens a transaction with its after-commit and on-rollback work. `commit()` commits, then delivers the
 * events, wakes the job runner and runs the after-commit work; `rollback()` rolls back and runs the
 * undo work. A commit that itself failed may still have landed (a connection lost on the way back), so
 * its undo work is skipped: what it would remove (blobs) is left to the start-up sweep.
 */
export async function beginTx(deps: Pick<Deps, 'db' | 'events' | 'jobs' | 'logger'>): Promise<OpenTx> {
  const trx = await deps.db.startTransaction().execute()
  const events: DomainEvent[] = []
  const jobs = deps.jobs.heldUntilCommit()
  const committed: (() => Promise<void>)[] = []
  const undo: (() => Promise<void>)[] = []
  let state: 'open' | 'committing' | 'ended' = 'open'
  return {
    trx,
    publish: (event) => void events.push(event),
    enqueue: async (kind, payload) => {
      const id = await jobs.jobs.enqueue(trx, kind, payload)
      jobs.jobs.wake()
      return id
    },
    afterCommit: (work) => void committed.push(work),
    onRollback: (work) => void undo.push(work),
    async commit() {
      if (state !== 'open') throw new Error('beginTx: the transaction has already ended')
      state = 'committing'
      await trx.commit().execute()
      state = 'ended'
      for (const event of events) void deps.events.publish(event)
      jobs.release()
      for (const work of committed)
        await work().catch((err) => deps.logger.error('work after a commit failed', err))
    },
    async rollback() {
      if (state === 'ended') return
      const commitFailed = state === 'committing'
      state = 'ended'
      await trx
        .rollback()
        .execute()
        .catch(() => {})
      if (commitFailed) return
      for (const work of undo)
        await work().catch((err) => deps.logger.error('undo after a rollback failed', err))
    },
  }
}

/** What a service's `read()` gives once the body is read and the key claimed: the input and its Tx. */
export type Claimed<T> = { input: T; tx: Tx }

export type ReadOptions<T> = {
  /** What of the input the Idempotency-Key fingerprints (default: all of it). */
  fingerprint?: (input: T) => unknown
  /**
   * For a field kept out of the fingerprint (a password: a fast hash of it must not be stored): before a
   * stored answer is replayed, whether this request's value matches what the first one created (`db` is
   * the create's transaction). False answers 422 like any other reuse of the key for a different request.
   */
  sameAsStored?: (input: T, storedData: unknown, db: Kysely<DB>) => Promise<boolean>
}

export type CreateScope = {
  /**
   * Call once the caller is known to be allowed and the body is read, with a JSON-able form of the
   * request body (JSON: the parsed body; multipart: the field values plus each file's name and sha256).
   * It opens the create's transaction and returns it. With an Idempotency-Key it first checks the key
   * (400), then either takes the key in that transaction or ends the work: a stored answer is replayed,
   * a key used for a different request answers 422. It must be called exactly once when a key is sent.
   */
  claim: (payload: unknown) => Promise<Tx>
  /**
   * `read` (a body parser a service calls after its access check) followed by claim() with what it
   * read: the service gets the input and the transaction to write it in.
   */
  read: <T>(read: () => Promise<T>, options?: ReadOptions<T>) => () => Promise<Claimed<T>>
}

export type CreateOptions = {
  /** 'ignored': a call that never took an Idempotency-Key (the avatar); it still runs in one Tx. */
  idempotencyKey?: 'ignored'
}

/**
 * Runs a create and answers it, idempotently when the request has an Idempotency-Key. The access check
 * and the body read run outside any transaction; claim() opens it and hands it over, and what `work`
 * returns is the answer ({ success: true, message, data } with its status), stored with the key in the
 * same transaction. Uploads run through uploads/upload-service.ts, which calls this.
 *
 *   on(endpoints.create, (c, body) =>
 *     idempotentCreate(c, deps, async (scope) => {
 *       // The service checks access, then calls the read: the body is parsed (by the schema the endpoint
 *       // declares, server/route.ts), the key claimed, and the service writes through the `tx` it gets back.
 *       const row = await createProject(deps, c.var.user, scope.read(body))
 *       return { status: 201, message: 'Project berhasil dibuat', data: toProject(row) }
 *     }),
 *   )
 */
export async function idempotentCreate(
  c: Context<AppEnv>,
  deps: Deps,
  work: (scope: CreateScope) => Promise<CreateAnswer>,
  options: CreateOptions = {},
): Promise<Response> {
  const key = options.idempotencyKey === 'ignored' ? undefined : c.req.header('idempotency-key')
  const userId = c.var.user.id
  const fingerprint = (payload: unknown) => requestFingerprint(c.req.method, c.req.path, payload)
  if (key !== undefined) await sweepOccasionally(deps)

  // The transaction starts at claim(), once the body is read: a slow client trickling its body (a phone
  // uploading photos) must not hold a database connection (SQLite has one) while it does.
  let tx: OpenTx | undefined
  let claimed = false
  const claim = async (payload: unknown): Promise<Tx> => {
    if (claimed) throw new Error('idempotentCreate: claim() called twice')
    claimed = true
    if (key !== undefined && !KEY_PATTERN.test(key))
      throw new AppError(400, 'Idempotency-Key tidak valid: gunakan 8-100 huruf, angka, - atau _')
    tx = await beginTx(deps)
    if (key !== undefined) await takeKey(tx.trx, userId, key, fingerprint(payload))
    return tx
  }
  const read =
    <T>(read: () => Promise<T>, { fingerprint = (input) => input, sameAsStored }: ReadOptions<T> = {}) =>
    async (): Promise<Claimed<T>> => {
      const input = await read()
      try {
        return { input, tx: await claim(fingerprint(input)) }
      } catch (err) {
        if (err instanceof Replay && sameAsStored && tx) {
          const stored = (JSON.parse(err.row.body) as { data?: unknown }).data
          if (!(await sameAsStored(input, stored, tx.trx))) throw new AppError(422, KEY_REUSED)
        }
        throw err
      }
    }

  let body: string
  let status: ContentfulStatusCode
  try {
    const answer = await work({ claim, read })
    if (key !== undefined && !claimed) throw new Error('idempotentCreate: the work never called claim()')
    body = JSON.stringify({ success: true, message: answer.message, data: answer.data })
    status = answer.status
    if (tx && key !== undefined)
      await tx.trx
        .updateTable('idempotency_keys')
        .set({ status, body })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute()
    await tx?.commit()
  } catch (err) {
    await tx?.rollback()
    if (err instanceof Replay) return replay(c, err.row)
    throw err
  }
  return c.body(body, status, { 'Content-Type': 'application/json' })
}

type KeyRow = { request_hash: string; status: number; body: string }

const KEY_REUSED = 'Idempotency-Key sudah dipakai untuk permintaan lain'

/** Thrown inside the transaction to roll it back and answer with a stored answer instead. */
class Replay extends Error {
  constructor(readonly row: KeyRow) {
    super('idempotent replay')
  }
}

async function takeKey(trx: Transaction<DB>, userId: number, key: string, requestHash: string) {
  // One statement (one round trip): the key's row is made, or an expired row of this key (the sweep may
  // not have reached it yet) is taken over; a live one is left alone. The answer is filled in before the
  // commit, so no other transaction ever sees this row unanswered. On a conflict PostgreSQL waits for
  // the holder's transaction: a committed holder's live row makes this do nothing (replay below), a
  // rolled-back one lets it through.
  const created_at = nowIso()
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: requestHash, status: 0, body: '', created_at })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet({ request_hash: requestHash, status: 0, body: '', created_at })
        .where('idempotency_keys.created_at', '<', expiryCutoff()),
    )
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow()
  if (row.request_hash !== requestHash) throw new AppError(422, KEY_REUSED)
  throw new Replay(row)
}

function replay(c: Context, row: KeyRow): Response {
  return c.body(row.body, row.status as ContentfulStatusCode, {
    'Content-Type': 'application/json',
    'Idempotent-Replayed': 'true',
  })
}

/**
 * What makes two requests "the same": method, path and the body in a canonical JSON form (object keys
 * sorted), hashed. The caller chooses the payload (see CreateScope.claim).
 */
export function requestFingerprint(method: string, path: string, payload: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ method: method.toUpperCase(), path, payload }))
    .digest('hex')
}

/** JSON with object keys sorted at every depth, so equal values give equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
    const sorted: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k]
    return sorted
  })
}

const expiryCutoff = (now = Date.now()) => new Date(now - IDEMPOTENCY_TTL_MS).toISOString()

/** Deletes keys older than IDEMPOTENCY_TTL_MS. Called now and then by creates; callable at start. */
export async function sweepIdempotencyKeys(db: Kysely<DB>, now = Date.now()): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiryCutoff(now)).execute()
}

// Per process and per database: only how often this process sweeps, never what any answer is.
const lastSweep = new WeakMap<Kysely<DB>, number>()
async function sweepOccasionally(deps: Pick<Deps, 'db' | 'logger'>) {
  const now = Date.now()
  if (now - (lastSweep.get(deps.db) ?? 0) < SWEEP_EVERY_MS) return
  lastSweep.set(deps.db, now)
  try {
    await sweepIdempotencyKeys(deps.db, now)
  } catch (err) {
    deps.logger.warn('idempotency key sweep failed', err)
  }
}
