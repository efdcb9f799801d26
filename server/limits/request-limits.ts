import type { MiddlewareHandler } from 'hono'
import { LIMIT_MSG } from '../../src/contracts/limits'
import type { AppEnv, Deps } from '../deps'
import { AppError } from '../http'
import { UsageCounters } from './usage-counters'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/**
 * Per-user limits for signed-in calls, counted in the database so they hold across every process.
 *
 * - Writes per minute: each write is counted before it runs; over the limit it is refused with 429 and
 *   Retry-After (the outbox treats that as "wait", never as a failure). Reads are not counted: they are
 *   cheap, cached, and counting them would put a database write on every read.
 * - Upload quota: multipart requests are refused up front when the day's bytes are used up or this
 *   request's Content-Length would pass the quota; a successful one adds the bytes it sent. Two uploads
 *   checked at the same moment on two processes can both pass, so the quota can be passed by at most
 *   the uploads in flight at that moment (each bounded by MAX_UPLOAD_MB).
 */
export function requestLimits(deps: Pick<Deps, 'db' | 'config'>): MiddlewareHandler<AppEnv> {
  const counters = new UsageCounters(deps.db)
  const { writesPerMinute, uploadBytesPerDay } = deps.config.limits
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    const user = c.var.user
    const now = Date.now()

    if (writesPerMinute > 0) {
      const minute = Math.floor(now / MINUTE)
      const count = await counters.bump(
        `writes:${user.id}`,
        String(minute),
        1,
        new Date((minute + 2) * MINUTE),
      )
      if (count > writesPerMinute) {
        c.header('Retry-After', String(Math.ceil(((minute + 1) * MINUTE - now) / 1000)))
        throw new AppError(429, LIMIT_MSG.tooManyWrites)
      }
    }

    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data')
    if (uploadBytesPerDay <= 0 || !multipart) return next()
    const day = Math.floor(now / DAY)
    const key = `upload-bytes:${user.id}`
    const incoming = Number(c.req.header('content-length') ?? 0) || 0
    const used = await counters.read(key, String(day))
    if (used >= uploadBytesPerDay || used + incoming > uploadBytesPerDay) {
      c.header('Retry-After', String(Math.ceil(((day + 1) * DAY - now) / 1000)))
      throw new AppError(429, LIMIT_MSG.uploadQuota(uploadBytesPerDay))
    }
    // What actually arrives is counted, so a body sent without Content-Length is counted too (it can
    // pass the quota once, by at most MAX_UPLOAD_MB; the next upload is refused up front).
    let received = 0
    const body = c.req.raw.body
    if (body) {
      const counted = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            received += chunk.byteLength
            controller.enqueue(chunk)
          },
        }),
      )
      c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit)
    }
    await next()
    if (c.res.status < 300 && received > 0)
      await counters.bump(key, String(day), received, new Date((day + 2) * DAY))
  }
}
