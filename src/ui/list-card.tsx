import type { HTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { listCard } from 'styled-system/recipes'

/**
 * The surface of a list of rows (Laporan, Riwayat, notifications, Sampah): one bordered box with a
 * line between rows. A `ul` by default, `as="ol"` for an ordered one; name it with `aria-label`. For a
 * grid of separate cards use `Card` and `cardGrid` instead.
 */
export function ListCard({
  as: Tag = 'ul',
  className,
  ...props
}: HTMLAttributes<HTMLUListElement | HTMLOListElement> & { as?: 'ul' | 'ol' }) {
  return <Tag className={cx(listCard(), className)} {...props} />
}
