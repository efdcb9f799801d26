import { css, cx } from 'styled-system/css'
import { Card, cardGrid } from './card'

/** Placeholder cards while a list loads. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  const bar = css({
    borderRadius: 'sm',
    bgGradient: 'to-r',
    gradientFrom: 'slate.100',
    gradientVia: 'slate.200',
    gradientTo: 'slate.100',
    backgroundSize: '200% 100%',
    animation: 'shimmer 1.4s linear infinite',
  })
  return (
    <ul aria-busy="true" aria-label="Memuat data" className={cardGrid}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i}>
          <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
              <div className={cx(bar, css({ w: '12', h: '12', borderRadius: 'full' }))} />
              <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
                <div className={cx(bar, css({ h: '3.5', w: '2/3' }))} />
                <div className={cx(bar, css({ h: '3', w: '1/3' }))} />
              </div>
            </div>
            <div className={cx(bar, css({ h: '3', w: 'full' }))} />
            <div className={cx(bar, css({ h: '3', w: '1/2' }))} />
          </Card>
        </li>
      ))}
    </ul>
  )
}
