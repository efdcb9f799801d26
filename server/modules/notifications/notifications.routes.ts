import { streamSSE } from 'hono/streaming'
import { MSG } from '../../../src/contracts/common'
import { NOTIFICATION_CHANNELS_MSG } from '../../../src/contracts/notification-channels'
import * as channelEndpoints from '../../../src/contracts/notification-channels.endpoints'
import { NOTIFICATION_MSG, NOTIFICATION_STREAM } from '../../../src/contracts/notifications'
import * as endpoints from '../../../src/contracts/notifications.endpoints'
import { access } from '../../access'
import { AppError, idParam, ok } from '../../http'
import type { Routes } from '../../route'
import { bearerToken, tokenDigest, userForToken } from '../auth/sessions.service'
import { readChannels, updateChannels } from './notification-channels'
import { listNotifications, markAllRead, markRead } from './notifications.service'

/** A stream ends after this long (the client reconnects): no connection lives forever behind a proxy. */
const STREAM_MAX_SECONDS = 300
/** A comment line this often keeps proxies and the server's idle timeout (2 min) from cutting it. */
const PING_MS = 25_000

/** /api/notification (SPEC section 7). Only ever the caller's own (server/access.ts). */
export const notificationRoutes: Routes = (deps, on) => {
  on(endpoints.list, async (c) => ok(c, NOTIFICATION_MSG.list, await listNotifications(deps, c.var.user)))

  on(endpoints.readAll, async (c) => ok(c, NOTIFICATION_MSG.readAll, await markAllRead(deps, c.var.user)))

  on(endpoints.read, async (c) => ok(c, NOTIFICATION_MSG.read, await markRead(deps, c.var.user, idParam(c))))

  // What reaches the caller's WhatsApp (issue 32); the bell keeps showing everything.
  on(channelEndpoints.read, async (c) =>
    ok(c, NOTIFICATION_CHANNELS_MSG.read, await readChannels(deps, c.var.user)),
  )
  on(channelEndpoints.update, async (c, body) => {
    const channels = await updateChannels(deps, c.var.user, body)
    return ok(c, NOTIFICATION_CHANNELS_MSG.saved, channels)
  })

  // Server-sent events: the caller's new notifications as they are written by any process. Read with
  // fetch (the bearer token goes in the header, never in the URL). `?timeout=` shortens the stream's
  // life (0: only the 'ready' event), for clients that prefer long polling and for tests.
  on(endpoints.stream, async (c) => {
    const user = c.var.user
    await access.require(deps, user, 'notification.list')
    const raw = c.req.query('timeout')
    // Whole seconds or nothing: '?timeout=abc' used to mean the full five minutes without a word.
    if (raw !== undefined && !/^\d{1,6}$/.test(raw))
      throw new AppError(400, MSG.malformed, { timeout: 'timeout harus berupa angka detik (0-300)' })
    const seconds = Math.min(raw === undefined ? STREAM_MAX_SECONDS : Number(raw), STREAM_MAX_SECONDS)
    return streamSSE(c, async (stream) => {
      let close: () => void = () => {}
      const closed = new Promise<void>((resolve) => {
        close = resolve
      })
      stream.onAbort(() => close())
      void deps.notificationFeed.closing.then(() => close())
      const token = bearerToken(c.req.header('authorization')) ?? ''
      const unsubscribe = await deps.notificationFeed.subscribe(
        user.id,
        (n) => {
          void stream
            .writeSSE({ event: NOTIFICATION_STREAM.event, id: String(n.id), data: JSON.stringify(n) })
            .catch(() => close())
        },
        // Logout, a password change or deactivation on any process ends this stream at once.
        { tokenHash: tokenDigest(token), ended: () => close() },
      )
      try {
        await stream.writeSSE({
          event: NOTIFICATION_STREAM.ready,
          data: JSON.stringify({ last_id: deps.notificationFeed.newestId }),
          retry: 3000,
        })
        const end = Date.now() + seconds * 1000
        while (!stream.aborted && !stream.closed && Date.now() < end) {
          const wait = Math.min(PING_MS, end - Date.now())
          let timer: NodeJS.Timeout | undefined
          await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, wait)))])
          clearTimeout(timer)
          if (stream.aborted || stream.closed || Date.now() >= end) break
          // The feed ends it when its session goes; this check is the safety net (e.g. an expiry).
          if ((await userForToken(deps.db, token))?.id !== user.id) break
          await stream.write(': ping\n\n')
        }
      } finally {
        unsubscribe()
      }
    })
  })
}
