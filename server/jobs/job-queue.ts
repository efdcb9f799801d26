import { randomUUID } from 'node:crypto'
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type UpdateObject } from 'kysely'
import type { Dialect } from '../db/dialect'
import type { DB, JobsTable } from '../db/schema'

/*
 * The job queue's statements (table jobs, migration 009). Every process runs a JobRunner over them
 * (job-runner.ts); nothing about a job lives in one process's memory. The rules:
 *
 * - enqueue inside the transaction that makes the work necessary, so the row and its job land together;
 * - claim: one statement takes the oldest due row, sets a lease owned by this claim alone and counts the
 *   attempt (PostgreSQL skips rows another claimer holds; SQLite runs one writer at a time);
 * - a lease that ran out (its process died or hung) puts the row back in the queue: the attempt stays
 *   counted, so a job that kills its process every time is given up after max_attempts;
 * - finish and fail change the row only while the lease is still this claim's: a run that outlived its
 *   lease cannot commit over the run that took the job from it.
 */

export type Job = Selectable<JobsTable>

export type EnqueueOptions = { maxAttempts: number; runAfter?: Date }

export async function enqueueJob(
  db: Kysely<DB>,
  kind: string,
  payload: unknown,
  opts: EnqueueOptions,
): Promise<number> {
  const now = new Date()
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: opts.maxAttempts,
      run_after: (opts.runAfter ?? now).toISOString(),
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now.toISOString(),
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Queues a payload-less job of `kind` unless one is already queued or running: the recurring sweeps'
 * start-up call, which every process makes. Processes starting at once queue one: PostgreSQL serialises
 * the check and the insert on an advisory lock held to the commit; on SQLite the single
 * INSERT ... WHERE NOT EXISTS holds the one write lock. True when this call queued it.
 */
export async function enqueueJobOnce(
  db: Kysely<DB>,
  dialect: Dialect,
  kind: string,
  opts: { maxAttempts: number; delayMs?: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${kind}))`.execute(trx)
    const now = new Date()
    const runAfter = new Date(now.getTime() + (opts.delayMs ?? 0)).toISOString()
    const res = await sql`
      INSERT INTO jobs (kind, payload, status, attempts, max_attempts, run_after, created_at)
      SELECT ${kind}, '{}', 'queued', 0, ${opts.maxAttempts}, ${runAfter}, ${now.toISOString()}
      WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${kind} AND status IN ('queued', 'running'))`.execute(
      trx,
    )
    return Number(res.numAffectedRows ?? 0) > 0
  })
}

/** Running rows whose lease ran out go back to the queue (their attempt stays counted). */
export async function requeueExpired(db: Kysely<DB>, now = new Date()): Promise<number> {
  const res = await db
    .updateTable('jobs')
    .set({ status: 'queued', lease_owner: null, lease_until: null })
    .where('status', '=', 'running')
    .where('lease_until', '<', now.toISOString())
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Takes the oldest due job of `kinds` for this claim (a lease of `leaseMs`), or undefined. */
export async function claimJob(
  db: Kysely<DB>,
  dialect: Dialect,
  holder: string,
  kinds: readonly string[],
  leaseMs: number,
): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined
  const now = new Date()
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('run_after', '<=', now.toISOString())
    .where('kind', 'in', kinds)
    .orderBy('run_after')
    .orderBy('id')
    .limit(1)
  // Two processes claiming at once each take a different row instead of waiting on the same one.
  if (dialect === 'postgres') due = due.forUpdate().skipLocked()
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lease_owner: `${holder}:${randomUUID().slice(0, 8)}`,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', due)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst()
}

/**
 * Changes a running job only while its lease is still this claim's (the fencing every write after the
 * claim goes through); true when it did.
 */
async function whileLeaseHeld(
  db: Kysely<DB>,
  job: Job,
  set: UpdateObject<DB, 'jobs'> | ((eb: ExpressionBuilder<DB, 'jobs'>) => UpdateObject<DB, 'jobs'>),
): Promise<boolean> {
  const update = db.updateTable('jobs')
  const res = await (typeof set === 'function' ? update.set(set) : update.set(set))
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('lease_owner', '=', job.lease_owner)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Extends a running job's lease; false when it is no longer this claim's. */
export function renewLease(db: Kysely<DB>, job: Job, leaseMs: number): Promise<boolean> {
  return whileLeaseHeld(db, job, { lease_until: new Date(Date.now() + leaseMs).toISOString() })
}

/** Marks the job done (inside the transaction of its effects); false when its lease was lost. */
export function finishJob(trx: Kysely<DB>, job: Job): Promise<boolean> {
  return whileLeaseHeld(trx, job, {
    status: 'done',
    lease_until: null,
    finished_at: new Date().toISOString(),
    last_error: null,
  })
}

/**
 * A failed attempt: back to the queue after `retryInMs`, or failed for good (`retryInMs` null). Inside
 * the transaction of the kind's give-up effects when final. False when the lease was lost meanwhile.
 */
export function failJob(
  trx: Kysely<DB>,
  job: Job,
  error: string,
  retryInMs: number | null,
): Promise<boolean> {
  const now = Date.now()
  return whileLeaseHeld(
    trx,
    job,
    retryInMs === null
      ? { status: 'failed', lease_until: null, finished_at: new Date(now).toISOString(), last_error: error }
      : {
          status: 'queued',
          lease_owner: null,
          lease_until: null,
          run_after: new Date(now + retryInMs).toISOString(),
          last_error: error,
        },
  )
}

/** What a job no running process knows how to do is failed with. */
export const UNKNOWN_KIND_ERROR = 'jenis tugas ini tidak dikenal oleh proses mana pun'

/**
 * Queued jobs of a kind not in `known`, due since before `dueBefore`, are failed (no claim ever takes
 * them: they would wait forever). One statement: whichever process changes a row reports it, once.
 */
export function failUnknownKinds(
  db: Kysely<DB>,
  known: readonly string[],
  dueBefore: Date,
): Promise<{ id: number; kind: string }[]> {
  let query = db
    .updateTable('jobs')
    .set({ status: 'failed', finished_at: new Date().toISOString(), last_error: UNKNOWN_KIND_ERROR })
    .where('status', '=', 'queued')
    .where('run_after', '<', dueBefore.toISOString())
  if (known.length > 0) query = query.where('kind', 'not in', known)
  return query.returning(['id', 'kind']).execute()
}

/** A graceful stop hands a running job back untouched: the attempt it did not finish is not counted. */
export async function releaseJob(db: Kysely<DB>, job: Job): Promise<void> {
  await whileLeaseHeld(db, job, (eb) => ({
    status: 'queued',
    lease_owner: null,
    lease_until: null,
    attempts: eb('attempts', '-', 1),
  }))
}

/** Finished rows are kept a while for inspection, then removed (failed ones keep their error longer). */
export async function sweepFinishedJobs(db: Kysely<DB>, now = new Date()): Promise<number> {
  const day = 24 * 60 * 60 * 1000
  const done = await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('finished_at', '<', new Date(now.getTime() - day).toISOString())
    .executeTakeFirst()
  const failed = await db
    .deleteFrom('jobs')
    .where('status', '=', 'failed')
    .where('finished_at', '<', new Date(now.getTime() - 30 * day).toISOString())
    .executeTakeFirst()
  return Number(done.numDeletedRows) + Number(failed.numDeletedRows)
}

/**
 * What services see of the queue (deps.jobs): queue a job inside their transaction, then wake this
 * process's runner once it committed (other processes find it at their next poll).
 */
/** What the queue needs of a job kind (the whole shape is JobKind in job-kind.ts, which the runner uses). */
type Queueable<P> = { kind: string; maxAttempts: number; run(payload: P, ctx: never): Promise<void> }

export class JobQueue {
  private listeners = new Set<() => void>()

  enqueue<P>(trx: Kysely<DB>, kind: Queueable<P>, payload: P, runAfter?: Date): Promise<number> {
    return enqueueJob(trx, kind.kind, payload, { maxAttempts: kind.maxAttempts, runAfter })
  }

  wake(): void {
    for (const listener of this.listeners) listener()
  }

  onWake(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * For work inside a transaction someone else commits (idempotentCreate): its wake() is held until
   * release(), after the commit, else a runner would look before the job is visible to it.
   */
  heldUntilCommit(): { jobs: JobQueue; release(): void } {
    let woken = false
    const held = new JobQueue()
    held.wake = () => {
      woken = true
    }
    return { jobs: held, release: () => woken && this.wake() }
  }
}
