import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Notification } from '../../contracts/notifications'
import { ApiError } from '../../lib/api'
import { refreshQueries } from '../../lib/query-refresh'
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './api'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
}

/** While the live stream is down the list is polled this often (paused while the tab is hidden). */
export const FALLBACK_POLL_MS = 30_000

export const notificationListQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    // SPEC 8: a failed list load is only logged (no toast); the bell and the page keep what they had.
    queryFn: async () => {
      try {
        return await listNotifications()
      } catch (err) {
        // Offline (0) and an ended session (401, which signs out) are expected, not faults of the page.
        const expected = err instanceof ApiError && (err.status === 0 || err.status === 401)
        ;(expected ? console.warn : console.error)('Gagal memuat notifikasi', err)
        throw err
      }
    },
  })

/** A notification from the stream joins the cached list (once, newest first). */
export function addNotification(qc: QueryClient, notification: Notification) {
  qc.setQueryData<Notification[]>(notificationKeys.list(), (old) => {
    if (!old) return old
    if (old.some((n) => n.id === notification.id)) return old
    return [notification, ...old].sort((a, b) => b.id - a.id)
  })
}

function setRead(qc: QueryClient, ids: number[] | 'all', isRead: boolean) {
  qc.setQueryData<Notification[]>(notificationKeys.list(), (old) =>
    old?.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, is_read: isRead } : n)),
  )
}

/** Marks one read at once on screen; puts it back if the server refuses. */
export function useMarkRead() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => markNotificationRead(id),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: notificationKeys.list() })
      setRead(qc, [id], true)
    },
    onError: (_err, id) => setRead(qc, [id], false),
  })
}

export function useMarkAllRead() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: notificationKeys.list() })
      const before = qc.getQueryData<Notification[]>(notificationKeys.list())
      setRead(qc, 'all', true)
      return { before }
    },
    onError: (_err, _v, context) => {
      if (context?.before) qc.setQueryData(notificationKeys.list(), context.before)
    },
    onSettled: () => refreshQueries(qc, notificationKeys.list()),
  })
}
