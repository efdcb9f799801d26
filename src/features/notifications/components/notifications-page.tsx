import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { NOTIFICATION_MSG, type Notification } from '../../../contracts/notifications'
import { dayjs } from '../../../lib/dayjs'
import { formatRelativeTime } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { IconArrowLeft, IconBell, IconCheck, IconCheckCircle, IconSearchX } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { notify } from '../../../ui/notify'
import { SearchBox } from '../../../ui/page-header'
import { RowSkeletons } from '../../../ui/row-skeletons'
import { Tabs } from '../../../ui/tabs'
import { notificationListQueryOptions, useMarkAllRead } from '../queries'
import { NotificationIcon } from './notification-icon'
import { useNow } from './use-now'
import { useOpenNotification } from './use-open-notification'

type Tab = 'all' | 'unread' | 'read'

/** /notifications (SPEC 2): back, 'Tandai Semua Dibaca', search, tabs with counts, every empty state. */
export function NotificationsPage() {
  const router = useRouter()
  const list = useQuery(notificationListQueryOptions())
  const markAll = useMarkAllRead()
  const [tab, setTab] = useState<Tab>('all')
  const [search, setSearch] = useState('')

  const all = list.data ?? []
  const matching = useMemo(() => {
    const q = search.trim().toLowerCase()
    if (!q) return all
    return all.filter((n) => n.title.toLowerCase().includes(q) || n.message.toLowerCase().includes(q))
  }, [all, search])
  const unread = matching.filter((n) => !n.is_read)
  const read = matching.filter((n) => n.is_read)
  const anyUnread = all.some((n) => !n.is_read)

  function markAllRead() {
    markAll.mutate(undefined, { onError: () => notify('error', NOTIFICATION_MSG.readFailed) })
  }

  const panel = (items: Notification[], which: Tab) => (
    <NotificationList
      items={items}
      loading={list.isPending}
      empty={
        search.trim() && matching.length === 0 && all.length > 0 ? (
          <EmptyState
            icon={<IconSearchX />}
            title="Belum ada notifikasi yang cocok"
            description="Coba kata kunci lain."
          />
        ) : which === 'unread' && all.length > 0 ? (
          <EmptyState icon={<IconCheckCircle />} title="Semua notifikasi sudah dibaca" />
        ) : (
          <EmptyState icon={<IconBell />} title="Tidak ada notifikasi" />
        )
      }
    />
  )

  return (
    <div className={css({ maxW: '3xl', mx: 'auto' })}>
      <div className={hstack({ gap: '3', mb: '5', flexWrap: 'wrap' })}>
        <Button
          variant="ghost"
          iconOnly
          aria-label="Kembali"
          onClick={() => (window.history.length > 1 ? router.history.back() : router.navigate({ to: '/' }))}
        >
          <IconArrowLeft size={18} />
        </Button>
        <h1 className={css({ textStyle: 'pageTitle', color: 'fg', flex: '1', minW: '0' })}>Notifikasi</h1>
        <Button variant="secondary" onClick={markAllRead} disabled={!anyUnread || markAll.isPending}>
          <IconCheck /> Tandai Semua Dibaca
        </Button>
      </div>

      <div className={css({ mb: '4' })}>
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Cari notifikasi"
          placeholder="Cari notifikasi..."
          fullWidth
        />
      </div>

      <Tabs
        value={tab}
        onValueChange={(v) => setTab(v as Tab)}
        fitted
        items={[
          {
            value: 'all',
            label: <TabLabel text="Semua" count={matching.length} />,
            content: panel(matching, 'all'),
          },
          {
            value: 'unread',
            label: <TabLabel text="Belum Dibaca" count={unread.length} />,
            content: panel(unread, 'unread'),
          },
          {
            value: 'read',
            label: <TabLabel text="Sudah Dibaca" count={read.length} />,
            content: panel(read, 'read'),
          },
        ]}
      />
    </div>
  )
}

/** SPEC: dates in the Indonesian long format, e.g. 'Senin, 5 Mei 2025 pukul 14.30'. */
const longDate = (iso: string) => dayjs(iso).format('dddd, D MMMM YYYY [pukul] HH.mm')

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
      {text}
      <span
        className={css({
          minW: '5',
          px: '1.5',
          py: '0.5',
          borderRadius: 'full',
          bg: 'slate.100',
          color: 'fgMuted',
          fontSize: 'xs',
          fontWeight: '600',
          lineHeight: '1.2',
          textAlign: 'center',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {count}
      </span>
    </span>
  )
}

function NotificationList({
  items,
  loading,
  empty,
}: {
  items: Notification[]
  loading: boolean
  empty: React.ReactNode
}) {
  const open = useOpenNotification()
  const now = useNow()
  if (loading) return <ListSkeleton />
  if (items.length === 0) return <div className={css({ mt: '4' })}>{empty}</div>
  return (
    <ListCard aria-label="Daftar notifikasi" className={css({ mt: '4' })}>
      {items.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            data-read={n.is_read}
            onClick={() => open(n)}
            className={cx(
              css({
                position: 'relative',
                display: 'flex',
                gap: { base: '3', md: '4' },
                w: 'full',
                textAlign: 'left',
                px: { base: '4', md: '5' },
                py: '4',
                cursor: 'pointer',
                transition: 'background {durations.fast}',
                _hover: { bg: 'slate.50' },
                _focusVisible: { outline: 'none', boxShadow: 'inset 0 0 0 2px {colors.blue.500}' },
                // SPEC 3: the priority's border colour, always the normal one.
                borderLeftWidth: '3px',
                borderLeftColor: 'transparent',
              }),
              n.is_read ? undefined : css({ bg: 'blue.50/40', borderLeftColor: 'brand' }),
            )}
          >
            <NotificationIcon type={n.type} />
            <span className={css({ flex: '1', minW: '0' })}>
              <span
                className={flex({
                  align: 'baseline',
                  gap: '2',
                  justify: 'space-between',
                })}
              >
                <span
                  className={css({
                    fontSize: 'sm',
                    fontWeight: n.is_read ? '500' : '700',
                    color: 'fg',
                  })}
                >
                  {n.title}
                </span>
                <span
                  className={css({ fontSize: 'xs', color: 'fgSubtle', whiteSpace: 'nowrap', flexShrink: 0 })}
                >
                  {formatRelativeTime(n.created_at, now)}
                </span>
              </span>
              <span
                className={css({
                  display: 'block',
                  mt: '0.5',
                  fontSize: 'sm',
                  color: 'fgMuted',
                  wordBreak: 'break-word',
                })}
              >
                {n.message}
              </span>
              <time
                dateTime={n.created_at}
                className={css({ display: 'block', mt: '1.5', fontSize: 'xs', color: 'fgSubtle' })}
              >
                {longDate(n.created_at)}
              </time>
            </span>
            {n.is_read ? null : <span className={css({ srOnly: true })}>Belum dibaca</span>}
          </button>
        </li>
      ))}
    </ListCard>
  )
}

function ListSkeleton() {
  return (
    <RowSkeletons
      label="Memuat notifikasi"
      rows={4}
      className={css({ mt: '4' })}
      lead={css({ w: '10', h: '10', borderRadius: 'full' })}
      lines={[css({ h: '3.5', w: '40%' }), css({ h: '3', w: '85%' }), css({ h: '3', w: '25%' })]}
    />
  )
}
