import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { Card, cardGrid } from './card'
import { NotStoredHere, useWaitingOffline } from './not-stored'
import { Skeleton } from './skeleton'

/** Placeholder cards while a list loads; offline, after a moment, the list is not on this device. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  if (useWaitingOffline()) return <NotStoredHere />
  return (
    <ul aria-busy="true" aria-label="Memuat data" className={cardGrid}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i}>
          <Card className={stack({ gap: '3' })}>
            <div className={hstack({ gap: '3' })}>
              <Skeleton as="div" className={css({ w: '12', h: '12', borderRadius: 'full' })} />
              <div className={stack({ flex: '1', gap: '2' })}>
                <Skeleton as="div" className={css({ h: '3.5', w: '2/3' })} />
                <Skeleton as="div" className={css({ h: '3', w: '1/3' })} />
              </div>
            </div>
            <Skeleton as="div" className={css({ h: '3', w: 'full' })} />
            <Skeleton as="div" className={css({ h: '3', w: '1/2' })} />
          </Card>
        </li>
      ))}
    </ul>
  )
}
