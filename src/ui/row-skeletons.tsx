import { flex, stack } from 'styled-system/patterns'
import { ListCard } from './list-card'
import { NotStoredHere, useWaitingOffline } from './not-stored'
import { Skeleton } from './skeleton'

const row = flex({ gap: '3', p: '4' })

/**
 * A list's placeholder while its first page loads (Laporan, Sampah, Riwayat, notifications): `rows`
 * rows in a ListCard like the real list's, a leading shape and one bar per line. `lead` and `lines` are
 * class names written with css() where they are used (Panda extracts styles at build time: a width
 * handed over as a value would have no class). Offline, still up after a moment, it waits for a
 * network that is not there: it says the list is not stored on this device instead (every list that
 * uses it settles).
 */
export function RowSkeletons({
  label,
  rows = 3,
  lead,
  lines,
  className,
}: {
  /** What is loading, for screen readers ('Memuat laporan'). */
  label: string
  rows?: number
  /** The leading shape: css({ w: '10', h: '10', borderRadius: 'lg' }). */
  lead: string
  /** One class per bar: css({ h: '3.5', w: '45%' }). */
  lines: string[]
  className?: string
}) {
  if (useWaitingOffline()) return <NotStoredHere />
  return (
    <ListCard aria-busy="true" aria-label={label} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be known by.
        <li key={i} className={row}>
          <Skeleton className={lead} />
          <span className={stack({ flex: '1', gap: '2' })}>
            {lines.map((w, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <Skeleton key={j} className={w} />
            ))}
          </span>
        </li>
      ))}
    </ListCard>
  )
}
