import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import type { Deps } from '../deps'
import type { DomainEvent } from '../events'

/**
 * A process's two lanes of work (decision 0073): 'short' for jobs of seconds someone is waiting on (a
 * photo's thumbnail), 'long' for jobs that may take minutes (a report's PDF). Each lane claims only its
 * own kinds, so a thumbnail is never queued behind a report.
 */
export type JobLane = 'short' | 'long'

/** What a kind of job does. Registered in server/job-kinds.ts; its payload is the JSON it was queued with. */
export type JobKind<P> = {
  kind: string
  /** Attempts before the job is failed for good (a crash of its process counts as one). */
  maxAttempts: number
  /** Its lane: 'short' unless said (a kind that can run for more than a few seconds says 'long'). */
  lane?: JobLane
  /**
   * False for a kind whose writes no cached read shows (read-cache.ts caches the project list and the
   * dashboard): finishing it then leaves those caches alone. Any other kind bumps the write epoch.
   */
  changesCachedReads?: boolean
  /**
   * Does the work. Its database writes go through `ctx.commit`, which marks the job done in the same
   * transaction (and refuses when the lease was lost: nothing is written twice). A throw is a failed
   * attempt, retried after a backoff.
   */
  run(payload: P, ctx: JobContext): Promise<void>
  /**
   * After the last attempt failed: records the failure where users see it (in the failing transaction);
   * events given to `publish` are delivered once that transaction has committed. If it throws, the job
   * is failed all the same, without these effects (and the error is logged).
   */
  gaveUp?(payload: P, error: string, trx: Kysely<DB>, publish: (event: DomainEvent) => void): Promise<void>
}

export type JobContext = {
  deps: Deps
  attempt: number
  /** Aborted when the lease was lost or the process is stopping: stop early, the job runs again. */
  signal: AbortSignal
  commit<T>(write: (trx: Kysely<DB>) => Promise<T>): Promise<T>
}

export class LeaseLost extends Error {
  constructor() {
    super('job lease lost')
  }
}
