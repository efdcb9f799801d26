import { type Kysely, sql } from 'kysely'
import type { Dialect } from './db/index'
import type { DB } from './db/schema'

/**
 * A number that changes whenever any server process commits a write, read from the database so that
 * every process serving it agrees (issue 6: many processes, one truth).
 * - PostgreSQL: the `write_epoch` sequence (migration 003). Each process bumps it after its writes;
 *   nextval() takes no row lock, so writers never queue on it.
 * - SQLite: `PRAGMA data_version`, which changes when another connection (another process) commits,
 *   plus a counter for this process's own writes, which that pragma does not report.
 */
export type WriteEpoch = { read(): Promise<string>; bump(): Promise<void> }

/**
 * PostgreSQL's write epoch as an expression, for a query a request runs anyway (the session lookup,
 * sessions.service.ts) to read it along: one round trip instead of two for a cached read. The same text
 * read() answers.
 */
export const pgWriteEpochColumn = sql<string>`(select last_value::text from write_epoch)`

export function databaseWriteEpoch(db: Kysely<DB>, dialect: Dialect): WriteEpoch {
  if (dialect === 'postgres') {
    return {
      async read() {
        const { rows } = await sql<{ v: string }>`select ${pgWriteEpochColumn} as v`.execute(db)
        return rows[0]?.v ?? '0'
      },
      async bump() {
        await sql`select nextval('write_epoch')`.execute(db)
      },
    }
  }
  let own = 0
  return {
    async read() {
      const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db)
      return `${own}:${rows[0]?.data_version ?? 0}`
    },
    async bump() {
      own += 1
    },
  }
}

/**
 * Answers of hot, heavy reads (the project list, the dashboard analysis), reused until any process
 * writes.
 *
 * Correctness: app.ts bumps the write epoch after every non-GET API request, before its response
 * leaves, so a client always reads its own writes, on whichever process it lands next. Each read
 * takes the epoch first and files its answer under it: an answer computed while a write was in flight
 * carries the older epoch and is never served after that write. Anything that writes outside an API
 * request (a background job) must call bump() too.
 * Cost: one tiny query per cached read (the epoch; on PostgreSQL read along with the session's
 * lookup, so none of its own). Concurrent misses of one key share one computation,
 * so a write followed by 50 waiting readers computes the answer once. At most `maxEntries` answers are
 * kept (least recently used dropped): keys are per visibility (admins share one, each employee has one).
 */
export class ReadCache {
  private entries = new Map<string, { epoch: string; value: unknown }>()
  private inFlight = new Map<string, Promise<unknown>>()

  constructor(
    private epoch: WriteEpoch,
    private opts: { enabled: boolean; maxEntries: number } = { enabled: true, maxEntries: 1000 },
  ) {}

  get enabled() {
    return this.opts.enabled
  }

  /** Called after every write, before its response is sent. */
  bump(): Promise<void> {
    return this.epoch.bump()
  }

  /**
   * The answer for `key` at the current write epoch. `epochReadAlong`: the epoch as this request already
   * read it (require-auth.ts reads it with the session on PostgreSQL, at the request's start, which is
   * before this and so at worst older: an older epoch only files the answer where no later read looks).
   */
  async get<T>(key: string, compute: () => Promise<T>, epochReadAlong?: string): Promise<T> {
    if (!this.opts.enabled) return compute()
    const epoch = epochReadAlong ?? (await this.epoch.read())
    const hit = this.entries.get(key)
    if (hit && hit.epoch === epoch) {
      // Map order is the recency order: move the hit to the end.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.value as T
    }
    const flight = `${epoch}\u0000${key}`
    let pending = this.inFlight.get(flight) as Promise<T> | undefined
    if (!pending) {
      pending = compute()
        .then((value) => {
          this.entries.delete(key)
          this.entries.set(key, { epoch, value })
          if (this.entries.size > this.opts.maxEntries) {
            const oldest = this.entries.keys().next().value
            if (oldest !== undefined) this.entries.delete(oldest)
          }
          return value
        })
        .finally(() => this.inFlight.delete(flight))
      this.inFlight.set(flight, pending)
    }
    return pending
  }
}
