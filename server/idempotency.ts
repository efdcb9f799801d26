import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ControlledTransaction, Kysely, Transaction } from 'kysely'
import type { DB } from './db/schema'
import type { AppEnv, Deps } from './deps'
import { type DomainEvent, EventHub } from './events'
import { AppError, nowIso } from './http'

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

export type CreateScope = {
  /**
   * The dependencies to do the work with: `db` is the plain database until claim() and the create's
   * transaction after it (a `db.transaction()` inside joins it), and `events` are delivered to the real hub (and `jobs` woken) only after the commit (never for a rolled-back or
   * replayed request).
   */
  deps: Deps
  /**
   * Call once the caller is known to be allowed and the body is read, with a JSON-able form of the
   * request body (JSON: the parsed body; multipart: the field values plus each file's name and sha256).
   * With an Idempotency-Key it checks the key (400), then either takes the key for this transaction or
   * ends the work: a stored answer is replayed, a key used for a different request answers 422. Without
   * a key it does nothing. It must be called exactly once when a key is sent.
   */
  claim: (payload: unknown) => Promise<void>
  /**
   * `read` (a body parser a service calls after its access check) followed by claim() with what it
   * read, or with `payload(input)` when not all of it should be fingerprinted.
   */
  read: <T>(
    read: () => Promise<T>,
    payload?: (input: T) => unknown,
    /**
     * For a field kept out of the fingerprint (a password: a fast hash of it must not be stored): before a
     * stored answer is replayed, whether this request's value matches what the first one created. False
     * answers 422 like any other reuse of the key for a different request.
     */
    sameAsStored?: (input: T, storedData: unknown) => Promise<boolean>,
  ) => () => Promise<T>
}

/**
 * Runs a create and answers it, idempotently when the request has an Idempotency-Key. What `work` writes
 * after claim() runs in one database transaction with `scope.deps` (the access check and the body read
 * before it run outside any transaction); what it returns is the answer ({ success: true, message, data }
 * with its status), stored with the key in the same transaction.
 *
 *   app.post('/create', (c) =>
 *     idempotentCreate(c, deps, async (scope) => {
 *       // The service checks access, then calls the read: the body is parsed and the key claimed.
 *       const read = scope.read(() => jsonBody(c, ProjectCreateSchema))
 *       const row = await createProject(scope.deps, c.var.user, read)
 *       return { status: 201, message: 'Project berhasil dibuat', data: toProject(row) }
 *     }),
 *   )
 */
export async function idempotentCreate(
  c: Context<AppEnv>,
  deps: Deps,
  work: (scope: CreateScope) => Promise<CreateAnswer>,
): Promise<Response> {
  const key = c.req.header('idempotency-key')
  const userId = c.var.user.id
  const fingerprint = (payload: unknown) => requestFingerprint(c.req.method, c.req.path, payload)
  if (key !== undefined) await sweepOccasionally(deps)

  const pending: DomainEvent[] = []
  const events = new EventHub()
  events.subscribe((event) => {
    pending.push(event)
  })
  const jobs = deps.jobs.heldUntilCommit()

  // The transaction starts at claim(), once the body is read: a slow client trickling its body (a phone
  // uploading photos) must not hold a database connection (SQLite has one) while it does.
  let trx: ControlledTransaction<DB> | undefined
  let claimed = false
  const claim = async (payload: unknown) => {
    if (claimed) throw new Error('idempotentCreate: claim() called twice')
    claimed = true
    if (key !== undefined && !KEY_PATTERN.test(key))
      throw new AppError(400, 'Idempotency-Key tidak valid: gunakan 8-100 huruf, angka, - atau _')
    trx = await deps.db.startTransaction().execute()
    if (key !== undefined) await takeKey(trx, userId, key, fingerprint(payload))
  }
  const read =
    <T>(
      read: () => Promise<T>,
      payload: (input: T) => unknown = (input) => input,
      sameAsStored?: (input: T, storedData: unknown) => Promise<boolean>,
    ) =>
    async () => {
      const input = await read()
      try {
        await claim(payload(input))
      } catch (err) {
        if (err instanceof Replay && sameAsStored) {
          const stored = (JSON.parse(err.row.body) as { data?: unknown }).data
          if (!(await sameAsStored(input, stored))) throw new AppError(422, KEY_REUSED)
        }
        throw err
      }
      return input
    }

  let body: string
  let status: ContentfulStatusCode
  try {
    const db = phased(deps.db, () => trx)
    const answer = await work({ deps: { ...deps, db, events, jobs: jobs.jobs }, claim, read })
    if (key !== undefined && !claimed) throw new Error('idempotentCreate: the work never called claim()')
    body = JSON.stringify({ success: true, message: answer.message, data: answer.data })
    status = answer.status
    if (trx && key !== undefined)
      await trx
        .updateTable('idempotency_keys')
        .set({ status, body })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute()
    await trx?.commit().execute()
  } catch (err) {
    await trx
      ?.rollback()
      .execute()
      .catch(() => {})
    if (err instanceof Replay) return replay(c, err.row)
    throw err
  }
  for (const event of pending) void deps.events.publish(event)
  jobs.release()
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
  // An expired row of this key no longer counts (the sweep may not have reached it yet).
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '<', expiryCutoff())
    .execute()
  // The answer is filled in before the commit, so no other transaction ever sees this row unanswered.
  // On a conflict PostgreSQL waits for the holder's transaction: a committed holder makes this insert
  // do nothing (replay below), a rolled-back one lets it through.
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, request_hash: requestHash, status: 0, body: '', created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
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

/**
 * The create's `db`: the plain database until claim() starts the transaction, the transaction after.
 * Inside it, `transaction()` joins instead of throwing (Kysely refuses nested transactions), so a
 * service that opens its own transaction runs inside the create's.
 */
function phased(base: Kysely<DB>, current: () => Transaction<DB> | undefined): Kysely<DB> {
  const view: Kysely<DB> = new Proxy(base, {
    get(target, prop) {
      const trx = current()
      if (trx && prop === 'transaction') {
        const builder = {
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
          execute: <T>(fn: (t: Kysely<DB>) => Promise<T>) => fn(view),
        }
        return () => builder
      }
      const source = trx ?? target
      const value = Reflect.get(source, prop, source)
      if (typeof value !== 'function') return value
      // Methods need their own `this` (Kysely keeps private fields); `db.fn` is a function carrying
      // helpers (countAll, sum...) as properties, which the bound copy must keep.
      return Object.assign(value.bind(source), value)
    },
  })
  return view
}
