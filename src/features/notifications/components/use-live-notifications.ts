import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { refreshQueries } from '../../../lib/query-refresh'
import { readNotificationStream, StreamRefused } from '../api'
import { addNotification, notificationKeys } from '../queries'

/**
 * Keeps the notification list live without a reload: the server-sent event stream adds each new
 * notification to the cached list. The stream is closed while the tab is hidden (a phone in a pocket
 * keeps no connection open) and reopened with a refetch when it shows again; it reconnects with a
 * backoff after a failure. Returns whether the stream is live: while it is not, the caller polls.
 */
export function useLiveNotifications(enabled: boolean): boolean {
  const qc = useQueryClient()
  const [live, setLive] = useState(false)

  useEffect(() => {
    if (!enabled) return
    let controller: AbortController | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let disposed = false

    const refetch = () => refreshQueries(qc, notificationKeys.list())

    const connect = () => {
      clearTimeout(retry)
      if (disposed || controller || document.visibilityState === 'hidden' || !navigator.onLine) return
      const current = new AbortController()
      controller = current
      readNotificationStream(current.signal, {
        onReady: () => {
          failures = 0
          setLive(true)
          // Whatever arrived while the stream was closed.
          void refetch()
        },
        onNotification: (n) => addNotification(qc, n),
      })
        .then(() => {
          // The server ends a stream after a few minutes: reconnect at once.
          if (controller === current) {
            controller = null
            connect()
          }
        })
        .catch((err: unknown) => {
          if (controller !== current) return // closed on purpose
          controller = null
          setLive(false)
          if (err instanceof StreamRefused) return // signed out or no bell: the poll takes over
          failures += 1
          retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** failures))
        })
    }

    const close = () => {
      clearTimeout(retry)
      const current = controller
      controller = null
      current?.abort()
      setLive(false)
    }

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') close()
      else connect()
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('online', connect)
    window.addEventListener('offline', close)
    connect()
    return () => {
      disposed = true
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('online', connect)
      window.removeEventListener('offline', close)
      close()
    }
  }, [enabled, qc])

  return live
}
