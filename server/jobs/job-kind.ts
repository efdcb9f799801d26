import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import type { Deps } from '../deps'
import type { DomainEvent } from '../events'

/** What a kind of job does. Registered in job-kinds.ts; its payload is the JSON it was queued with. */
export type JobKind<P> = {
  kind: string
  /** Attempts before the job is failed for good (a crash of its process counts as one). */
  maxAttempts: number
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
   * events given to `publish` are delivered once that transaction has committed.
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
