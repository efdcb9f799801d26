import { useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { BELL_LIMIT } from '../../../contracts/notifications'
import { useAfterFirstPaint } from '../../../lib/after-load'
import { CountBadge } from '../../../ui/count-badge'
import { IconBell } from '../../../ui/icons'
import { FALLBACK_POLL_MS, notificationListQueryOptions } from '../queries'
import { useLiveNotifications } from './use-live-notifications'

// The dropdown's list only loads when first opened: the header on a phone's first load stays small.
const NotificationDropdown = lazy(() => import('./notification-dropdown'))

/**
 * The header bell (SPEC 2; the shell hides it for the superadmin): the unread count, kept live by the
 * notification stream (polling while the stream is down), and the dropdown of the 5 newest unread.
 */
export function NotificationBell() {
  // The count is not the first screen's business: its list and stream start once the page has loaded.
  const started = useAfterFirstPaint()
  const live = useLiveNotifications(started)
  const list = useQuery({
    ...notificationListQueryOptions(),
    enabled: started,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  })
  const unread = (list.data ?? []).filter((n) => !n.is_read)
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const pathname = useRouterState({ select: (s) => s.location.href })

  // Closes on navigation, a click or tap outside, and Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of the route change
  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const count = unread.length
  return (
    <div ref={root} className={css({ position: { base: 'static', sm: 'relative' } })}>
      <button
        type="button"
        aria-label={count > 0 ? `Notifikasi, ${count} belum dibaca` : 'Notifikasi'}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
        className={cx(button({ variant: 'ghost', iconOnly: true }), css({ position: 'relative' }))}
      >
        <IconBell size={18} />
        {count > 0 ? (
          // In the button's corner, beside the bell rather than over it (a '12' or '99+' grows outwards).
          <CountBadge
            count={count}
            data-testid="notification-count"
            className={css({ top: '0', right: '0', transform: 'translate(35%, -25%)' })}
          />
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationDropdown
            items={unread.slice(0, BELL_LIMIT)}
            unreadCount={count}
            loading={list.isPending}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
