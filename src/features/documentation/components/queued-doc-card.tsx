import { memo } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import { dayjs } from '../../../lib/dayjs'
import { useOutboxPhotoUrls } from '../../../lib/outbox-client'
import type { OutboxItem } from '../../../lib/outbox-types'
import { Avatar } from '../../../ui/avatar'
import { Card } from '../../../ui/card'
import { IconAlertCircle, IconCheckCircle, IconClock, IconImages } from '../../../ui/icons'
import { Spinner } from '../../../ui/spinner'

const TONES = {
  failed: css({ color: 'red.700', bg: 'red.50', borderColor: 'red.200' }),
  sending: css({ color: 'blue.700', bg: 'blue.50', borderColor: 'blue.200' }),
  done: css({ color: 'green.700', bg: 'green.50', borderColor: 'green.200' }),
  waiting: css({ color: 'amber.800', bg: 'amber.50', borderColor: 'amber.200' }),
}

const LABELS = {
  failed: 'Ditolak server',
  sending: 'Mengirim...',
  done: 'Terkirim',
  waiting: 'Menunggu sinkronisasi',
}

/** The mark of something made on this phone that the server has not got yet. */
export function WaitingMark({ item, compact }: { item: Pick<OutboxItem, 'status'>; compact?: boolean }) {
  const icon =
    item.status === 'failed' ? (
      <IconAlertCircle />
    ) : item.status === 'sending' ? (
      <Spinner size={12} />
    ) : item.status === 'done' ? (
      <IconCheckCircle />
    ) : (
      <IconClock />
    )
  return (
    <span
      data-testid="waiting-mark"
      data-status={item.status}
      className={cx(
        css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1',
          fontWeight: '600',
          borderRadius: 'full',
          borderWidth: '1px',
          whiteSpace: 'nowrap',
          '& svg': { w: '3.5', h: '3.5', flexShrink: 0 },
        }),
        compact
          ? css({ h: '5', px: '1.5', fontSize: '0.6875rem' })
          : css({ h: '6', px: '2', fontSize: 'xs', boxShadow: 'xs' }),
        TONES[item.status],
      )}
    >
      {icon}
      {LABELS[item.status]}
    </span>
  )
}

/**
 * A documentation upload still in the outbox, shown in the grid at once: its photos (read back from the
 * outbox), the description and where it stands. Likes and comments come once it has landed.
 */
export const QueuedDocCard = memo(function QueuedDocCard({ item }: { item: OutboxItem }) {
  const urls = useOutboxPhotoUrls(item.key)
  const description = item.detail ?? ''
  return (
    <Card
      padding="none"
      aria-label={`Dokumentasi menunggu: ${description.slice(0, 60)}`}
      data-queued={item.key}
      className={flex({ direction: 'column', h: 'full', overflow: 'hidden' })}
    >
      <div className={css({ position: 'relative', aspectRatio: '4 / 3', bg: 'slate.100' })}>
        {urls[0] ? (
          <img
            src={urls[0]}
            alt={description}
            className={css({
              w: 'full',
              h: 'full',
              objectFit: 'cover',
              opacity: item.status === 'done' ? 1 : 0.92,
            })}
          />
        ) : null}
        <span className={css({ position: 'absolute', top: '2.5', left: '2.5' })}>
          <WaitingMark item={item} />
        </span>
        {urls.length > 1 ? (
          <span
            className={css({
              position: 'absolute',
              bottom: '2.5',
              right: '2.5',
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1',
              h: '6',
              px: '2',
              fontSize: 'xs',
              fontWeight: '600',
              color: 'white',
              bg: 'rgba(15, 23, 42, 0.7)',
              borderRadius: 'full',
              '& svg': { w: '3.5', h: '3.5' },
            })}
          >
            <IconImages /> {urls.length} foto
          </span>
        ) : null}
      </div>
      <div className={stack({ p: '4', gap: '3', flex: '1' })}>
        <p
          className={css({
            fontSize: 'sm',
            color: 'fg',
            whiteSpace: 'pre-line',
            wordBreak: 'break-word',
            lineHeight: '1.55',
            lineClamp: '3',
          })}
        >
          {description}
        </p>
        {item.status === 'failed' && item.lastError ? (
          <p
            className={css({
              display: 'flex',
              gap: '1.5',
              fontSize: 'xs',
              color: 'danger.fg',
              '& svg': { flexShrink: 0, mt: '0.5' },
            })}
          >
            <IconAlertCircle size={12} /> {item.lastError.message}. Buka Kotak Keluar untuk mencoba lagi atau
            membuangnya.
          </p>
        ) : null}
        <div className={hstack({ gap: '2', mt: 'auto', minW: '0' })}>
          <Avatar name={item.owner.name} size="xs" />
          <div className={css({ minW: '0', fontSize: 'xs', lineHeight: '1.35' })}>
            <p className={css({ fontWeight: '600', color: 'fg', truncate: true })}>{item.owner.name}</p>
            <p className={css({ color: 'fgSubtle', truncate: true })}>
              Dibuat di perangkat ini {dayjs(item.createdAt).format('D MMM, HH.mm')}
            </p>
          </div>
        </div>
      </div>
      <div
        className={css({
          px: '4',
          py: '2.5',
          borderTopWidth: '1px',
          borderColor: 'border',
          fontSize: 'xs',
          color: 'fgSubtle',
        })}
      >
        {item.status === 'done'
          ? 'Sudah diterima server.'
          : 'Suka dan komentar tersedia setelah foto terkirim.'}
      </div>
    </Card>
  )
})
