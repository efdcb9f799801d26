import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import pg from 'pg'

/**
 * What a load run cost the server, counted rather than timed, so a run on a machine shared with other
 * work still compares with another (issue 31: latency on 2 busy cores is mostly the neighbours' noise,
 * while the work done per request is not):
 *
 * - CPU of this process (the server and its job runner, sharp's threads included);
 * - CPU of the PostgreSQL server processes serving this process's pool (found by application_name in
 *   pg_stat_activity, read from /proc: the database runs on this machine);
 * - round trips to PostgreSQL (each query the pool sends: one write to the socket, one wake of a server
 *   process, one wait for its answer).
 *
 * The bench's own queries (counting thumbnails, waiting for the queue) run inside `benchQuery` and are
 * not counted.
 */
const own = new AsyncLocalStorage<true>()
let roundTrips = 0
let patched = false

/** Runs the bench's own database work outside the count. */
export const benchQuery = <T>(work: () => Promise<T>): Promise<T> => own.run(true, work)

/** Counts every query sent through pg (call once, before the pool is used). */
export function countRoundTrips(): void {
  if (patched) return
  patched = true
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (!own.getStore()) roundTrips += 1
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query
}

export type Costs = { cpuMs: number; dbCpuMs?: number; roundTrips?: number }

const TICK_MS = 1000 / 100 // USER_HZ: 100 on Linux

/** CPU ticks (user + system) of a process, or undefined once it is gone. */
function ticksOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return undefined
  }
}

/**
 * Starts counting; stop() answers the costs since. `pg`: how to list this process's pool connections
 * (their application_name), polled every 500 ms so a connection closed meanwhile still counts up to its
 * last sample.
 */
export function watchCosts(pgWatch?: { url: string; applicationName: string }) {
  const cpu0 = process.cpuUsage()
  const trips0 = roundTrips
  const backends = new Map<number, { first: number; last: number }>()
  let client: pg.Client | undefined
  let timer: NodeJS.Timeout | undefined
  const sample = async () => {
    if (!client) return
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [pgWatch?.applicationName],
    )
    for (const { pid } of rows) {
      const ticks = ticksOf(pid)
      if (ticks === undefined) continue
      const seen = backends.get(pid)
      // A connection first seen now may have worked before: its whole CPU counts only if it is new.
      if (seen) seen.last = ticks
      else backends.set(pid, { first: started ? 0 : ticks, last: ticks })
    }
  }
  let started = false
  const ready = (async () => {
    if (!pgWatch) return
    client = new pg.Client({ connectionString: pgWatch.url, application_name: 'berkas-bench-watch' })
    await client.connect()
    await sample()
    started = true
    timer = setInterval(() => void sample().catch(() => {}), 500)
  })()
  return {
    ready,
    async stop(): Promise<Costs> {
      await ready
      clearInterval(timer)
      await sample()
      await client?.end()
      const cpu = process.cpuUsage(cpu0)
      const dbTicks = [...backends.values()].reduce((s, b) => s + (b.last - b.first), 0)
      return {
        cpuMs: (cpu.user + cpu.system) / 1000,
        ...(pgWatch ? { dbCpuMs: dbTicks * TICK_MS, roundTrips: roundTrips - trips0 } : {}),
      }
    },
  }
}
