import { css, cx } from 'styled-system/css'

const HEIGHTS = { sm: css({ h: '1' }), md: css({ h: '1.5' }), lg: css({ h: '2' }) }

/** A thin progress bar (native <progress>, 0-100: SPEC's maximum), named for screen readers. */
export function ProgressBar({
  value,
  label,
  tone = 'brand',
  size = 'md',
  className,
}: {
  value: number
  label: string
  tone?: 'brand' | 'success' | 'danger'
  size?: 'sm' | 'md' | 'lg'
  className?: string
}) {
  const fill = { brand: 'brand', success: 'success', danger: 'danger' }[tone]
  return (
    <progress
      max={100}
      value={Math.max(0, Math.min(100, value))}
      aria-label={label}
      className={cx(
        css({
          display: 'block',
          w: 'full',
          appearance: 'none',
          border: 'none',
          borderRadius: 'full',
          overflow: 'hidden',
          bg: 'slate.200',
          '&::-webkit-progress-bar': { bg: 'slate.200', borderRadius: 'full' },
          '&::-webkit-progress-value': { borderRadius: 'full', transition: 'width 250ms ease-out' },
        }),
        HEIGHTS[size],
        css({
          '&::-webkit-progress-value': { bg: fill },
          '&::-moz-progress-bar': { bg: fill, borderRadius: 'full' },
        }),
        className,
      )}
    />
  )
}
