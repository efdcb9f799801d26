import { cx } from 'styled-system/css'
import { skeleton } from 'styled-system/recipes'

/**
 * One shimmering placeholder bar. Its size and shape come from `className` (`css({ w: '2/3', h: '3' })`,
 * `borderRadius: 'full'` for an avatar); a span, so it fits inside buttons and inline parents too.
 */
export function Skeleton({ className, as: Tag = 'span' }: { className?: string; as?: 'span' | 'div' }) {
  return <Tag className={cx(skeleton(), className)} />
}
