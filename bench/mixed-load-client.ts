/**
 * Load generator for the mixed read/write benchmark, run as its own process by bench/api-load.ts so it
 * never shares the server's event loop. Reads one JSON plan from argv[2], runs the load for `seconds`
 * (after `warmupSeconds` not recorded), picking each request by weight, and prints per-operation and
 * per-kind (read/write) latency percentiles as JSON. Two modes:
 *
 * - closed loop (no `rate`): `connections` keep-alive connections each send the next request as soon as
 *   the previous answer comes. The arrival rate adapts to the server, so at saturation this measures
 *   queueing at overload.
 * - paced, open loop (`rate` requests/s for the whole mix): request i is due at start + i / rate, with up
 *   to `connections` in flight; a request due while all are busy waits for a free one, and its latency
 *   still counts from its DUE time, not from when it was sent (no coordinated omission: a stalled server
 *   cannot hide its stall by slowing the generator). Requests that started more than LATE_MS after they
 *   were due are counted: the generator or the server could not keep the rate.
 *
 * Templates: `{n}` in a path, body or header becomes a counter, `{project}` one of `projectIds` at random,
 * `{slug}` one of `slugs` at random, `{uuid}` a fresh uuid (an Idempotency-Key, as the app's outbox sends).
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'

export type Operation = {
  label: string
  kind: 'read' | 'write'
  weight: number
  method: string
  path: string
  headers?: Record<string, string>
  /** Text body (templated). */
  body?: string
  /**
   * Or raw bytes read once from this file (an upload: a photo's ~1 MB would not fit in argv, which holds
   * the plan, and is sent as is).
   */
  bodyFile?: string
}
export type Plan = {
  base: string
  /** Closed loop: the connections kept busy. Paced: the most requests in flight at once. */
  connections: number
  /**
   * Requests per second for the whole mix, on a fixed schedule (open loop); absent for the closed loop.
   * Every scheduled request is sent, so a rate above what the server can do makes the run last longer.
   */
  rate?: number
  seconds: number
  warmupSeconds: number
  projectIds: number[]
  /** Project slugs for `{slug}` (the documentation routes name a project by slug). */
  slugs?: string[]
  operations: Operation[]
}
export type Stats = { count: number; errors: number; p50: number; p99: number; rps: number }
export type Report = {
  byOperation: Record<string, Stats>
  read: Stats
  write: Stats
  all: Stats
  /**
   * Times in epoch ms (Date.now() of this machine), so the server's own timestamps (the jobs table) can be
   * set against them: the first request sent (warm-up included), the recorded window, the last answer.
   */
  window: { started: number; from: number; to: number; ended: number }
  /** Every request answered, warm-up included (the server's costs are divided by it). */
  answered: number
  /** Paced runs only: how well the schedule was kept, over the requests due in the recorded window. */
  pacing?: Pacing
}
export type Pacing = {
  rate: number
  /** Requests due in the recorded window. */
  scheduled: number
  /** Of those, started more than `lateMs` after their due time (all connections busy, or a busy client). */
  late: number
  lateMs: number
  /** The latest start after its due time, ms. */
  maxLateMs: number
}

/** A paced request that starts later than this after its due time counts as late. */
const LATE_MS = 10

async function main() {
  const plan = JSON.parse(process.argv[2] ?? '') as Plan
  const url = new URL(plan.base)
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections })
  const totalWeight = plan.operations.reduce((s, o) => s + o.weight, 0)
  const raw = plan.operations.map((o) => (o.bodyFile ? fs.readFileSync(o.bodyFile) : undefined))
  const samples = plan.operations.map(() => [] as number[])
  const errors = plan.operations.map(() => 0)
  let counter = 0
  let answered = 0

  const pick = () => {
    let r = Math.random() * totalWeight
    for (let i = 0; i < plan.operations.length; i++) {
      r -= plan.operations[i].weight
      if (r <= 0) return i
    }
    return plan.operations.length - 1
  }
  const any = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]
  const fill = (text: string) =>
    text.includes('{')
      ? text
          .replaceAll('{n}', String(++counter))
          .replaceAll('{project}', String(any(plan.projectIds)))
          .replaceAll('{slug}', String(any(plan.slugs ?? [])))
          .replaceAll('{uuid}', randomUUID())
      : text
  const fillHeaders = (headers: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value)]))

  const send = (i: number) =>
    new Promise<number>((resolve) => {
      const op = plan.operations[i]
      const body = raw[i] ?? (op.body !== undefined ? Buffer.from(fill(op.body)) : undefined)
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: op.method,
          path: fill(op.path),
          headers: {
            'accept-encoding': 'gzip',
            ...fillHeaders(op.headers),
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            answered += 1
            resolve(res.statusCode ?? 0)
          })
          res.on('error', () => resolve(0))
        },
      )
      req.on('error', () => resolve(0))
      req.end(body)
    })

  const started = performance.now()
  const epochAt = (t: number) => Math.round(Date.now() - performance.now() + t)
  const recordFrom = started + plan.warmupSeconds * 1000
  const end = recordFrom + plan.seconds * 1000
  const record = (i: number, from: number, status: number) => {
    samples[i].push(performance.now() - from)
    if (status < 200 || status >= 300) errors[i] += 1
  }
  let pacing: Pacing | undefined
  if (plan.rate === undefined) {
    await Promise.all(
      Array.from({ length: plan.connections }, async () => {
        while (performance.now() < end) {
          const i = pick()
          const t0 = performance.now()
          const status = await send(i)
          if (t0 >= recordFrom) record(i, t0, status)
        }
      }),
    )
  } else {
    // Open loop: the k-th request is due at started + k * interval, for every k due before `end`. Each of
    // `connections` lanes takes the next request in schedule order, waits for its due time if it is early,
    // and measures from the due time whenever it could start it.
    const interval = 1000 / plan.rate
    const total = Math.ceil((end - started) / interval)
    const p: Pacing = { rate: plan.rate, scheduled: 0, late: 0, lateMs: LATE_MS, maxLateMs: 0 }
    let next = 0
    await Promise.all(
      Array.from({ length: plan.connections }, async () => {
        for (let k = next++; k < total; k = next++) {
          const due = started + k * interval
          const wait = due - performance.now()
          if (wait > 1) await new Promise((r) => setTimeout(r, wait))
          // setTimeout may fire up to a millisecond early: start no earlier than due.
          while (performance.now() < due) await new Promise((r) => setImmediate(r))
          const i = pick()
          const lateBy = performance.now() - due
          const status = await send(i)
          if (due < recordFrom) continue
          record(i, due, status)
          p.scheduled += 1
          if (lateBy > LATE_MS) p.late += 1
          p.maxLateMs = Math.max(p.maxLateMs, lateBy)
        }
      }),
    )
    pacing = p
  }
  const ended = epochAt(performance.now())
  agent.destroy()

  const stats = (list: number[], errs: number): Stats => {
    const sorted = [...list].sort((a, b) => a - b)
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
    return { count: list.length, errors: errs, p50: at(0.5), p99: at(0.99), rps: list.length / plan.seconds }
  }
  const byKind = (kind?: Operation['kind']) => {
    const idx = plan.operations
      .map((o, i) => (kind === undefined || o.kind === kind ? i : -1))
      .filter((i) => i >= 0)
    return stats(
      idx.flatMap((i) => samples[i]),
      idx.reduce((s, i) => s + errors[i], 0),
    )
  }
  const report: Report = {
    byOperation: Object.fromEntries(plan.operations.map((o, i) => [o.label, stats(samples[i], errors[i])])),
    read: byKind('read'),
    write: byKind('write'),
    all: byKind(),
    window: { started: epochAt(started), from: epochAt(recordFrom), to: epochAt(end), ended },
    answered,
    ...(pacing ? { pacing } : {}),
  }
  process.stdout.write(JSON.stringify(report))
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
