import type { ComponentType } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import { badge } from 'styled-system/recipes'
import type { Status } from '../../../contracts/projects'
import { Card, cardGrid } from '../../../ui/card'
import { IconCheckCircle, IconHelpCircle, type IconProps, IconXCircle } from '../../../ui/icons'
import { NotStoredHere, useWaitingOffline } from '../../../ui/not-stored'
import { Skeleton } from '../../../ui/skeleton'

/** SPEC: a tick for approved, a cross for rejected (sent back for revision), a question mark otherwise. */
export const DOC_STATUS: Record<Status, { label: string; Icon: ComponentType<IconProps>; color: string }> = {
  approved: { label: 'Disetujui', Icon: IconCheckCircle, color: css({ color: 'green.600' }) },
  rejected: { label: 'Revisi', Icon: IconXCircle, color: css({ color: 'red.600' }) },
  pending: { label: 'Pending', Icon: IconHelpCircle, color: css({ color: 'amber.600' }) },
}

/** The status as a pill over the photo: icon and label, readable on any picture. */
export function DocStatusBadge({ status, className }: { status: Status; className?: string }) {
  const s = DOC_STATUS[status]
  return (
    <span
      className={cx(
        badge({ tone: status }),
        css({ h: '6', px: '2', gap: '1', fontSize: 'xs', boxShadow: 'xs', '& svg': { w: '3.5', h: '3.5' } }),
        className,
      )}
      data-status={status}
    >
      <s.Icon aria-hidden="true" />
      {s.label}
    </span>
  )
}

/**
 * Placeholder cards shaped like documentation cards (photo, text, actions) while the grid loads; offline,
 * still up after a moment, the grid is not on this device and it says so.
 */
export function DocSkeletons({ count = 3 }: { count?: number }) {
  if (useWaitingOffline()) return <NotStoredHere />
  return (
    <ul aria-busy="true" aria-label="Memuat dokumentasi" className={cardGrid}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i}>
          <Card padding="none" className={css({ overflow: 'hidden' })}>
            <Skeleton as="div" className={css({ aspectRatio: '4 / 3', borderRadius: '0' })} />
            <div className={stack({ p: '4', gap: '2.5' })}>
              <Skeleton as="div" className={css({ h: '3.5', w: 'full' })} />
              <Skeleton as="div" className={css({ h: '3.5', w: '2/3' })} />
              <div className={hstack({ gap: '2', mt: '1' })}>
                <Skeleton as="div" className={css({ w: '6', h: '6', borderRadius: 'full' })} />
                <Skeleton as="div" className={css({ h: '3', w: '1/3' })} />
              </div>
            </div>
            <div
              className={flex({
                gap: '3',
                px: '4',
                py: '3',
                borderTopWidth: '1px',
                borderColor: 'border',
              })}
            >
              <Skeleton as="div" className={css({ h: '5', w: '12' })} />
              <Skeleton as="div" className={css({ h: '5', w: '12' })} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  )
}
