import { NOTIFICATION_STREAM, type Notification } from '../../contracts/notifications'
import * as notificationEndpoints from '../../contracts/notifications.endpoints'
import { API_BASE_URL, call } from '../../lib/api'
import { getToken } from '../../lib/session-token'

export async function listNotifications() {
  return (await call(notificationEndpoints.list)).data
}

export async function markNotificationRead(id: number) {
  return (await call(notificationEndpoints.read, { id })).data
}

export async function markAllNotificationsRead() {
  return (await call(notificationEndpoints.readAll)).data
}

/** A refusal of the stream that reconnecting will not fix (signed out, no bell). */
export class StreamRefused extends Error {}

/**
 * Reads the live stream (server-sent events) until it ends or `signal` aborts. fetch rather than
 * EventSource: the bearer token goes in a header, never in the URL (where logs and history keep it).
 */
export async function readNotificationStream(
  signal: AbortSignal,
  handlers: { onReady: () => void; onNotification: (n: Notification) => void },
): Promise<void> {
  const token = getToken()
  const res = await fetch(API_BASE_URL + notificationEndpoints.stream.path, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
    cache: 'no-store',
  })
  if (res.status === 401 || res.status === 403) throw new StreamRefused(String(res.status))
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += value
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      dispatch(buffer.slice(0, end), handlers)
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
    }
  }
}

function dispatch(block: string, handlers: Parameters<typeof readNotificationStream>[1]) {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
  }
  if (event === NOTIFICATION_STREAM.ready) handlers.onReady()
  else if (event === NOTIFICATION_STREAM.event && data.length > 0) {
    try {
      handlers.onNotification(JSON.parse(data.join('\n')) as Notification)
    } catch {
      // A malformed event is skipped; the next list refetch has the truth.
    }
  }
}
