import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const badge = css({
  position: 'absolute',
  top: '0.5',
  right: '0.5',
  minW: '4.5',
  h: '4.5',
  px: '1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'full',
  color: 'white',
  fontSize: '0.625rem',
  fontWeight: '700',
  lineHeight: '1',
  boxShadow: '0 0 0 2px white',
  fontVariantNumeric: 'tabular-nums',
})
const tones = { danger: css({ bg: 'danger' }), warning: css({ bg: 'warning' }) }

type Props = ComponentProps<'span'> & { count: number; tone?: keyof typeof tones }

/** The count in the corner of a header icon button (unread notifications, unsent items): 99+ above 99. */
export function CountBadge({ count, tone = 'danger', className, ...props }: Props) {
  return (
    <span className={cx(badge, tones[tone], className)} {...props}>
      {count > 99 ? '99+' : count}
    </span>
  )
}
