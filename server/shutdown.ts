import type { Server, ServerResponse } from 'node:http'
import { health } from '../src/contracts/system.endpoints'
import type { Logger } from './logger'

/*
 * How one server process stops (SIGTERM on every deploy, SIGINT): it drains instead of cutting. Before,
 * the listening socket closed within 50 ms, /api/health never said a word, and whatever still ran after
 * 5 s was cut: a phone's photo upload on weak site signal died on every deploy.
 *
 * 1. At once /api/health answers 503, so a load balancer that checks it stops sending requests here.
 *    Everything else is still served (a balancer that has not noticed yet loses nothing), but every
 *    answer from now on closes its connection, so keep-alive connections move to the other servers.
 * 2. After `drainMs` the listening socket closes (a balancer without health checks meets a refused
 *    connection and retries elsewhere) and idle connections are closed.
 * 3. Requests still running finish, however long they take up to `graceMs` after the signal; only then
 *    are the last ones cut. The process ends as soon as the last answer has left.
 * Background work (jobs, the WhatsApp bot, notification streams) is handed over at step 1 (`stopWork`).
 * A second SIGINT (Ctrl-C twice) cuts at once.
 */

export type DrainOptions = { drainMs: number; graceMs: number; logger: Logger }

/** /api/health's answer while this process drains. */
export const DRAINING = 'Server sedang berhenti; permintaan baru dilayani server lain'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class Drain {
  private draining = false
  private stopped: Promise<void> | undefined
  private cutNow: () => void = () => {}
  private readonly running = new Set<ServerResponse>()

  constructor(private readonly opts: DrainOptions) {}

  /** The app's fetch, except that /api/health answers 503 once this process drains. */
  fetch<A extends unknown[]>(
    fetch: (request: Request, ...rest: A) => Response | Promise<Response>,
  ): (request: Request, ...rest: A) => Response | Promise<Response> {
    return (request, ...rest) => {
      if (this.draining && request.method === 'GET' && new URL(request.url).pathname === health.path)
        return new Response(JSON.stringify({ success: false, message: DRAINING }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '5', 'Cache-Control': 'no-store' },
        })
      return fetch(request, ...rest)
    }
  }

  /** Follows `server`'s requests, so those still running can be told to close their connection. */
  watch(server: Server): void {
    // Before the app's own listener, so the header is set before any answer starts.
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (this.draining) res.setHeader('Connection', 'close')
      this.running.add(res)
      res.once('close', () => this.running.delete(res))
    })
  }

  /** Drains `server` and closes it (idempotent: every signal gets the same promise). */
  stop(server: Server, stopWork: () => Promise<unknown>): Promise<void> {
    this.stopped ??= this.run(server, stopWork)
    return this.stopped
  }

  /** A second Ctrl-C: whatever still runs is cut now. */
  cut(): void {
    this.cutNow()
  }

  private async run(server: Server, stopWork: () => Promise<unknown>): Promise<void> {
    const { drainMs, graceMs, logger } = this.opts
    const started = Date.now()
    this.draining = true
    for (const res of this.running) if (!res.headersSent) res.setHeader('Connection', 'close')
    logger.info('berhenti: /api/health menjawab 503, permintaan yang berjalan diselesaikan', {
      drainMs,
      graceMs,
      running: this.running.size,
    })
    const work = stopWork().catch((err) => logger.error('berhenti: pekerjaan latar gagal dihentikan', err))
    const cut = new Promise<'cut'>((resolve) => {
      this.cutNow = () => resolve('cut')
      setTimeout(() => resolve('cut'), graceMs).unref()
    })
    await Promise.race([sleep(drainMs), cut])

    const closed = new Promise<'closed'>((resolve) => server.close(() => resolve('closed')))
    server.closeIdleConnections()
    // A connection whose last answer left between two checks is idle now: let it go too.
    const idle = setInterval(() => server.closeIdleConnections(), 500)
    const end = await Promise.race([closed, cut])
    clearInterval(idle)
    if (end === 'cut' && this.running.size > 0) {
      logger.warn('berhenti: permintaan yang masih berjalan diputus', {
        running: this.running.size,
        afterMs: Date.now() - started,
      })
    }
    server.closeAllConnections()
    await work
  }
}
