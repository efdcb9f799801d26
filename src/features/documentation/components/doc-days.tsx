import { type ReactNode, useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import { formatDateLong, formatYmd } from '../../../lib/format'
import type { OutboxItem } from '../../../lib/outbox-types'
import { Button } from '../../../ui/button'
import { cardGrid } from '../../../ui/card'
import type { SiteDoc } from '../site'
import { QueuedDocCard } from './queued-doc-card'

/**
 * The cards of the Dokumentasi grid: this phone's queued uploads first, then one list per day the photos
 * were taken (each named 'Daftar dokumentasi …'), newest day first. No offline note of its own: the
 * shell's banner already says the shown data is the device's copy (two similar banners on one screen,
 * issue 32).
 */
export function DocDays({
  queuedUploads,
  days,
  renderCard,
}: {
  queuedUploads: OutboxItem[]
  days: { day: string; docs: { doc: SiteDoc; i: number }[] }[]
  /** One card and what sits on it (the selection overlay), inside its list item. */
  renderCard: (doc: SiteDoc, i: number) => ReactNode
}) {
  return (
    <div className={stack({ gap: '5' })}>
      {queuedUploads.length > 0 ? (
        <ul aria-label="Daftar dokumentasi menunggu dikirim" className={cardGrid}>
          {queuedUploads.map((item) => (
            <li key={item.key} className={css({ minW: '0' })}>
              <QueuedDocCard item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {days.map(({ day, docs: dayDocs }) => (
        <section key={day} aria-labelledby={`doc-day-${day}`} data-day={day}>
          <h3 id={`doc-day-${day}`} className={dayHeader}>
            {dayLabel(day)}
            <span className={css({ fontWeight: '400', color: 'fgSubtle' })}>
              {dayDocs.length} dokumentasi
            </span>
          </h3>
          <ul aria-label={`Daftar dokumentasi ${dayLabel(day)}`} className={cardGrid}>
            {dayDocs.map(({ doc, i }) => (
              <li key={doc.uuid} className={css({ minW: '0', position: 'relative' })}>
                {renderCard(doc, i)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

/**
 * Infinite scroll: the next page loads when the end of the grid comes within a screen of view; the
 * button does the same by hand, and the end of the list says so.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  pages,
}: {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  /** How many pages are loaded. */
  pages: number
}) {
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <div ref={sentinel} className={flex({ justify: 'center', py: '6' })}>
      {hasNextPage ? (
        <Button variant="secondary" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
          {isFetchingNextPage ? 'Memuat...' : 'Muat lebih banyak'}
        </Button>
      ) : pages > 1 ? (
        <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>Semua dokumentasi sudah ditampilkan</p>
      ) : null}
    </div>
  )
}

const dayHeader = hstack({
  gap: '2',
  mb: '2.5',
  fontSize: 'sm',
  fontWeight: '600',
  color: 'fg',
  _after: { content: '""', order: '1', flex: '1', h: '1px', bg: 'border' },
  '& > span': { order: '2' },
})

/** 'Hari ini', 'Kemarin', else '24 November 2026'. */
function dayLabel(day: string): string {
  const today = formatYmd(new Date())
  const yesterday = formatYmd(new Date(Date.now() - 86_400_000))
  if (day === today) return 'Hari ini'
  if (day === yesterday) return 'Kemarin'
  return formatDateLong(day)
}
