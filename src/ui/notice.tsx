import type { ComponentProps, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { type NoticeVariantProps, notice } from 'styled-system/recipes'

/**
 * A note box in the page's flow: `info` (blue), `warning` (amber: offline, waiting) or `danger` (red:
 * a failure, a last check before something is removed). An optional leading icon, the text, and an
 * optional `action` at the end (a 'Tutup' button). Give `role="alert"` to a failure that appears
 * after an action, `role="status"` to a note that changes while the screen is open.
 */
export function Notice({
  tone,
  size,
  icon,
  action,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> &
  NoticeVariantProps & { icon?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <div className={cx(notice({ tone, size }), className)} {...props}>
      {icon}
      <div data-part="text">{children}</div>
      {action}
    </div>
  )
}
