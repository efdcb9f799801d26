import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Deps } from '../deps'
import type { DomainEvent } from '../events'
import { type JobContext, type JobKind, LeaseLost } from './job-kind'
import {
  claimJob,
  failJob,
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
  concurrency: number
  pollMs: number
  retryMs: number
  leaseMs: number
  holder?: string
}

const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Runs queued jobs in this process: up to `concurrency` at once, each under a lease renewed while it runs.
 * It looks for work when woken (a job was queued here) and every `pollMs` (queued by another process, or
 * a retry fell due). Every process of a deployment runs one; the database decides who takes what.
 */
export class JobRunner {
  readonly holder: string
  private readonly leaseMs: number
  private readonly kinds: Map<string, JobKind<unknown>>
  private running = new Map<Promise<void>, Job>()
  private stopping = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private looking = false
  private again = false
  private started = false
  private lastSweep = 0
  private lastRequeue = 0
  private idleWaiters: (() => void)[] = []

  constructor(private readonly opts: JobRunnerOptions) {
    this.holder = opts.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
    this.leaseMs = opts.leaseMs
    this.kinds = new Map(opts.kinds.map((k) => [k.kind, k]))
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
        while (this.running.size < this.opts.concurrency && !this.stopping.signal.aborted) {
          const job = await claimJob(
            this.opts.deps.db,
            this.opts.deps.dialect,
            this.holder,
            [...this.kinds.keys()],
            this.leaseMs,
          )
          if (!job) break
          const run = this.execute(job).finally(() => {
            this.running.delete(run)
            this.wake()
            this.settleIdle()
          })
          this.running.set(run, job)
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
  }

  private async execute(job: Job): Promise<void> {
    const kind = this.kinds.get(job.kind)
    if (!kind) return // claimJob only takes registered kinds
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
      const payload = JSON.parse(job.payload)
      if (job.attempts > job.max_attempts) {
        // Claimed again after its last attempt's lease ran out: that attempt died with its process.
        await this.giveUp(kind, job, payload, 'proses berhenti saat menjalankan tugas ini')
        return
      }
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
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500)
      if (job.attempts >= job.max_attempts) {
        this.opts.deps.logger.warn(`job ${job.id} (${job.kind}) failed for good: ${message}`)
        await this.giveUp(kind, job, JSON.parse(job.payload), message).catch((e) =>
          this.opts.deps.logger.error(`job ${job.id}: recording its failure failed`, e),
        )
      } else {
        const wait = this.opts.retryMs * 3 ** (job.attempts - 1)
        this.opts.deps.logger.info(
          `job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retry in ${wait} ms: ${message}`,
        )
        await failJob(this.opts.deps.db, job, message, wait).catch((e) =>
          this.opts.deps.logger.error(`job ${job.id}: scheduling its retry failed`, e),
        )
      }
    } finally {
      clearInterval(heartbeat)
      this.stopping.signal.removeEventListener('abort', onStop)
    }
  }

  private async giveUp(kind: JobKind<unknown>, job: Job, payload: unknown, message: string): Promise<void> {
    const events: DomainEvent[] = []
    await this.opts.deps.db.transaction().execute(async (trx) => {
      if (!(await failJob(trx, job, message, null))) return
      await kind.gaveUp?.(payload, message, trx, (event) => events.push(event))
    })
    for (const event of events) void this.opts.deps.events.publish(event)
    if (kind.changesCachedReads !== false) await this.opts.deps.readCache.bump()
  }
}
