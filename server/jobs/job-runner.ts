import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Deps } from '../deps'
import type { DomainEvent } from '../events'
import { type JobContext, type JobKind, type JobLane, LeaseLost } from './job-kind'
import {
  claimJob,
  failJob,
  failUnknownKinds,
  finishJob,
  type Job,
  releaseJob,
  renewLease,
  requeueExpired,
  sweepFinishedJobs,
} from './job-queue'

export type JobRunnerOptions = {
  deps: Deps
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own payload type; the registry holds all.
  kinds: readonly JobKind<any>[]
  /** Short jobs (thumbnails) run at once in this process. */
  concurrency: number
  /** Long jobs (reports) run at once in this process, beside the short ones; 1 unless said. */
  longConcurrency?: number
  /** A queued job of a kind no process runs is failed once due this long (a rolling deploy's grace). */
  unknownKindAfterMs?: number
  pollMs: number
  retryMs: number
  leaseMs: number
  holder?: string
}

const SWEEP_EVERY_MS = 60 * 60 * 1000
/** How often a process looks for jobs of unknown kinds (a cheap statement, but a write on SQLite). */
const UNKNOWN_EVERY_MS = 60 * 1000
/**
 * During a rolling deploy a new kind's jobs may be queued while old processes run: they are left to the
 * new processes for this long before being failed as unknown.
 */
const UNKNOWN_KIND_AFTER_MS = 60 * 60 * 1000

type Lane = { name: JobLane; kinds: string[]; slots: number; running: number }

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500)

/**
 * Runs queued jobs in this process, each under a lease renewed while it runs, in two lanes: up to
 * `concurrency` short jobs and `longConcurrency` long ones at once, each lane claiming only its kinds
 * (so a burst of reports never holds up a thumbnail). It looks for work when woken (a job was queued
 * here) and every `pollMs` (queued by another process, or a retry fell due). Every process of a
 * deployment runs one; the database decides who takes what.
 *
 * No job can take the process down or run without end: every promise started here is caught; a payload
 * that is not JSON is failed at its first claim; a give-up step that throws still leaves the job failed;
 * a kind no process knows is failed after UNKNOWN_KIND_AFTER_MS. Each is logged once at error level.
 */
export class JobRunner {
  readonly holder: string
  private readonly leaseMs: number
  private readonly kinds: Map<string, JobKind<unknown>>
  private readonly lanes: Lane[]
  private running = new Map<Promise<void>, Job>()
  private stopping = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private looking = false
  private again = false
  private started = false
  private lastSweep = 0
  private lastRequeue = 0
  private lastUnknown = 0
  private idleWaiters: (() => void)[] = []

  constructor(private readonly opts: JobRunnerOptions) {
    this.holder = opts.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
    this.leaseMs = opts.leaseMs
    this.kinds = new Map(opts.kinds.map((k) => [k.kind, k]))
    const kindsOf = (lane: JobLane) =>
      opts.kinds.filter((k) => (k.lane ?? 'short') === lane).map((k) => k.kind)
    // Short first: a slot freed by a thumbnail is offered to the next thumbnail before any report.
    this.lanes = [
      { name: 'short', kinds: kindsOf('short'), slots: opts.concurrency, running: 0 },
      { name: 'long', kinds: kindsOf('long'), slots: opts.longConcurrency ?? 1, running: 0 },
    ]
  }

  start(): void {
    if (this.started) return
    this.started = true
    this.wake()
  }

  /** Something was queued (or a slot freed): look for work now instead of at the next poll. */
  wake(): void {
    if (!this.started || this.stopping.signal.aborted) return
    if (this.looking) {
      this.again = true
      return
    }
    void this.fill()
  }

  /** Resolves when nothing is due and nothing runs here (tests and the benchmark wait on it). */
  idle(): Promise<void> {
    if (!this.looking && this.running.size === 0 && !this.again) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /**
   * Stops taking jobs; running ones get `graceMs` to finish, then are handed back to the queue
   * uncounted (a run that finishes later is refused: its lease is gone).
   */
  async stop(graceMs = 3000): Promise<void> {
    this.stopping.abort()
    clearTimeout(this.timer)
    const all = Promise.all([...this.running.keys()])
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs))])
    await Promise.all(
      [...this.running.values()].map((job) => releaseJob(this.opts.deps.db, job).catch(() => {})),
    )
  }

  private async fill(): Promise<void> {
    this.looking = true
    clearTimeout(this.timer)
    try {
      do {
        this.again = false
        await this.housekeeping()
        for (const lane of this.lanes) {
          while (lane.running < lane.slots && !this.stopping.signal.aborted) {
            const job = await claimJob(
              this.opts.deps.db,
              this.opts.deps.dialect,
              this.holder,
              lane.kinds,
              this.leaseMs,
            )
            if (!job) break
            this.launch(job, lane)
          }
        }
      } while (this.again && !this.stopping.signal.aborted)
    } catch (err) {
      this.opts.deps.logger.error('job queue: looking for work failed', err)
    } finally {
      this.looking = false
      if (!this.stopping.signal.aborted) this.timer = setTimeout(() => this.wake(), this.opts.pollMs).unref()
      this.settleIdle()
    }
  }

  /** Runs a claimed job in its lane; whatever it throws is logged here, never left unhandled. */
  private launch(job: Job, lane: Lane): void {
    lane.running += 1
    const run = this.execute(job)
      .catch((err) => this.opts.deps.logger.error(`job ${job.id} (${job.kind}): its run was cut short`, err))
      .finally(() => {
        lane.running -= 1
        this.running.delete(run)
        this.wake()
        this.settleIdle()
      })
    this.running.set(run, job)
  }

  private settleIdle(): void {
    if (this.looking || this.running.size > 0 || this.again) return
    for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  private async housekeeping(): Promise<void> {
    // Not on every wake: under a burst of uploads each wake would be one more write (SQLite's lock).
    if (Date.now() - this.lastRequeue >= Math.min(this.opts.pollMs, this.leaseMs / 4)) {
      this.lastRequeue = Date.now()
      await requeueExpired(this.opts.deps.db)
    }
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now()
      await sweepFinishedJobs(this.opts.deps.db)
    }
    if (Date.now() - this.lastUnknown >= UNKNOWN_EVERY_MS) {
      this.lastUnknown = Date.now()
      const after = this.opts.unknownKindAfterMs ?? UNKNOWN_KIND_AFTER_MS
      const failed = await failUnknownKinds(
        this.opts.deps.db,
        [...this.kinds.keys()],
        new Date(Date.now() - after),
      )
      for (const job of failed)
        this.opts.deps.logger.error(`job ${job.id}: no process runs kind '${job.kind}'; failed`)
    }
  }

  private async execute(job: Job): Promise<void> {
    const kind = this.kinds.get(job.kind)
    if (!kind) return // claimJob only takes registered kinds
    let payload: unknown
    try {
      payload = JSON.parse(job.payload)
    } catch (err) {
      // Nothing can ever run it (retrying reads the same text): failed at once, with no give-up step,
      // which would need the payload.
      await this.poisoned(job, `isi tugas bukan JSON yang sah: ${message(err)}`)
      return
    }
    if (job.attempts > job.max_attempts) {
      // Claimed again after its last attempt's lease ran out: that attempt died with its process.
      await this.giveUp(kind, job, payload, 'proses berhenti saat menjalankan tugas ini')
      return
    }
    const lost = new AbortController()
    const onStop = () => lost.abort()
    this.stopping.signal.addEventListener('abort', onStop)
    const heartbeat = setInterval(() => {
      renewLease(this.opts.deps.db, job, this.leaseMs).then(
        (mine) => mine || lost.abort(),
        (err) => this.opts.deps.logger.warn(`job ${job.id}: lease renewal failed: ${String(err)}`),
      )
    }, this.leaseMs / 3).unref()
    let committed = false
    const ctx: JobContext = {
      deps: this.opts.deps,
      attempt: job.attempts,
      signal: lost.signal,
      commit: async (write) => {
        const result = await this.opts.deps.db.transaction().execute(async (trx) => {
          if (!(await finishJob(trx, job))) throw new LeaseLost()
          committed = true
          return write(trx)
        })
        // A write outside any request: cached reads must not outlive it (read-cache.ts).
        if (kind.changesCachedReads !== false) await this.opts.deps.readCache.bump()
        return result
      },
    }
    try {
      await kind.run(payload, ctx)
      if (!committed) await this.opts.deps.db.transaction().execute((trx) => finishJob(trx, job))
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.opts.deps.logger.warn(`job ${job.id} (${job.kind}): lease lost, left to its new holder`)
        return
      }
      if (this.stopping.signal.aborted && !committed) {
        await releaseJob(this.opts.deps.db, job).catch(() => {})
        return
      }
      const why = message(err)
      if (job.attempts >= job.max_attempts) {
        this.opts.deps.logger.warn(`job ${job.id} (${job.kind}) failed for good: ${why}`)
        await this.giveUp(kind, job, payload, why)
      } else {
        const wait = this.opts.retryMs * 3 ** (job.attempts - 1)
        this.opts.deps.logger.info(
          `job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retry in ${wait} ms: ${why}`,
        )
        await failJob(this.opts.deps.db, job, why, wait).catch((e) =>
          this.opts.deps.logger.error(`job ${job.id}: scheduling its retry failed`, e),
        )
      }
    } finally {
      clearInterval(heartbeat)
      this.stopping.signal.removeEventListener('abort', onStop)
    }
  }

  /**
   * Fails the job for good with the kind's give-up effects in the same transaction. A give-up step that
   * throws rolls them back, and the job is then failed without them: left running, it would be claimed
   * again after every lease and give up again, for ever.
   */
  private async giveUp(kind: JobKind<unknown>, job: Job, payload: unknown, why: string): Promise<void> {
    const events: DomainEvent[] = []
    try {
      await this.opts.deps.db.transaction().execute(async (trx) => {
        if (!(await failJob(trx, job, why, null))) return
        await kind.gaveUp?.(payload, why, trx, (event) => events.push(event))
      })
    } catch (err) {
      events.length = 0
      this.opts.deps.logger.error(
        `job ${job.id} (${job.kind}): its give-up step failed; failed without it`,
        err,
      )
      await failJob(this.opts.deps.db, job, `${why} (langkah akhirnya gagal: ${message(err)})`, null)
    }
    for (const event of events) void this.opts.deps.events.publish(event)
    if (kind.changesCachedReads !== false) await this.opts.deps.readCache.bump()
  }

  /** A job that can never run (its payload is not JSON): failed at once, logged once. */
  private async poisoned(job: Job, why: string): Promise<void> {
    if (await failJob(this.opts.deps.db, job, why, null))
      this.opts.deps.logger.error(`job ${job.id} (${job.kind}) can never run; failed: ${why}`)
  }
}
