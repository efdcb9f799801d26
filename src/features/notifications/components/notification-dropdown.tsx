import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { flex, hstack, vstack } from 'styled-system/patterns'
import type { Notification } from '../../../contracts/notifications'
import { formatRelativeTime } from '../../../lib/format'
import { IconArrowRight, IconBell } from '../../../ui/icons'
import { Spinner } from '../../../ui/spinner'
import { NotificationIcon } from './notification-icon'
import { useNow } from './use-now'
import { useOpenNotification } from './use-open-notification'

/** The bell's panel (SPEC 2): the newest unread, scrollable at about 20rem, 'Lihat Semua Notifikasi'. */
export default function NotificationDropdown({
  items,
  unreadCount,
  loading,
  onClose,
}: {
  items: Notification[]
  unreadCount: number
  loading: boolean
  onClose: () => void
}) {
  const now = useNow()
  const open = useOpenNotification()
  return (
    <div
      role="dialog"
      aria-label="Notifikasi baru"
      data-testid="notification-dropdown"
      className={css({
        position: 'absolute',
        zIndex: 'dropdown',
        top: { base: '16', sm: 'calc(100% + 0.5rem)' },
        right: { base: '3', sm: '0' },
        left: { base: '3', sm: 'auto' },
        w: { sm: '24rem' },
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'xl',
        boxShadow: 'lg',
        overflow: 'hidden',
        animation: 'fadeIn 120ms ease-out',
      })}
    >
      <div
        className={hstack({
          justify: 'space-between',
          gap: '3',
          px: '4',
          py: '3',
          borderBottomWidth: '1px',
          borderColor: 'border',
        })}
      >
        <p className={css({ fontWeight: '600', fontSize: 'sm' })}>Notifikasi</p>
        {unreadCount > 0 ? (
          <span
            className={css({
              fontSize: 'xs',
              fontWeight: '600',
              color: 'brand.fg',
              bg: 'brand.soft',
              px: '2',
              py: '0.5',
              borderRadius: 'full',
            })}
          >
            {unreadCount} belum dibaca
          </span>
        ) : null}
      </div>
      <div className={css({ maxH: '20rem', overflowY: 'auto', overscrollBehavior: 'contain' })}>
        {loading ? (
          <div className={flex({ justify: 'center', py: '8' })}>
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <div
            className={vstack({
              gap: '2',
              py: '10',
              px: '6',
              color: 'fgSubtle',
              fontSize: 'sm',
              textAlign: 'center',
            })}
          >
            <IconBell size={28} />
            Tidak ada notifikasi baru
          </div>
        ) : (
          <ul>
            {items.map((n) => (
              <li key={n.id} className={css({ '& + &': { borderTopWidth: '1px', borderColor: 'border' } })}>
                <DropdownItem
                  n={n}
                  now={now}
                  onOpen={() => {
                    onClose()
                    open(n)
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to="/notifications"
        onClick={onClose}
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '1.5',
          py: '3',
          fontSize: 'sm',
          fontWeight: '600',
          color: 'brand.fg',
          borderTopWidth: '1px',
          borderColor: 'border',
          bg: 'slate.50',
          _hover: { bg: 'brand.soft' },
        })}
      >
        Lihat Semua Notifikasi <IconArrowRight size={14} />
      </Link>
    </div>
  )
}

/** One new notification: its icon, title, message (three lines), when, and the unread dot. */
function DropdownItem({ n, now, onOpen }: { n: Notification; now: Date; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={css({
        display: 'flex',
        gap: '3',
        w: 'full',
        textAlign: 'left',
        px: '4',
        py: '3',
        cursor: 'pointer',
        transition: 'background {durations.fast}',
        _hover: { bg: 'slate.50' },
        _focusVisible: {
          outline: 'none',
          bg: 'slate.50',
          boxShadow: 'inset 0 0 0 2px {colors.blue.500}',
        },
      })}
    >
      <NotificationIcon type={n.type} size="sm" />
      <span className={css({ minW: '0', flex: '1' })}>
        <span className={css({ display: 'block', fontSize: 'sm', fontWeight: '600', color: 'fg' })}>
          {n.title}
        </span>
        {/* Three lines: a review's reason comes first in the text (issue 30) and must be read here. */}
        <span
          title={n.message}
          className={css({
            display: '-webkit-box',
            fontSize: 'sm',
            color: 'fgMuted',
            lineClamp: '3',
            overflow: 'hidden',
            wordBreak: 'break-word',
          })}
        >
          {n.message}
        </span>
        <span className={css({ display: 'block', mt: '1', fontSize: 'xs', color: 'fgSubtle' })}>
          {formatRelativeTime(n.created_at, now)}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={css({
          mt: '1.5',
          w: '2',
          h: '2',
          borderRadius: 'full',
          bg: 'brand',
          flexShrink: 0,
        })}
      />
    </button>
  )
}
