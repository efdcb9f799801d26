import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, hstack } from 'styled-system/patterns'
import type { Doc, DocReview } from '../../../contracts/documentation'
import { formatRelativeTime } from '../../../lib/format'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import {
  IconCheck,
  IconClock,
  IconHardHat,
  IconHeart,
  IconHistory,
  IconMapPin,
  IconMessageSquare,
  IconRotateCcw,
  IconTrash,
  IconUpload,
} from '../../../ui/icons'
import { Tooltip } from '../../../ui/tooltip'
import type { QueuedDocState } from '../outbox'
import type { SiteDoc } from '../site'
import { whenLine } from './taken-day'
import { ChangeReviewButton } from './viewer-review'

const actionButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '9',
  px: '2.5',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fgMuted',
  bg: 'transparent',
  border: 'none',
  borderRadius: 'md',
  cursor: 'pointer',
  fontVariantNumeric: 'tabular-nums',
  transition: 'background {durations.fast}, color {durations.fast}',
  _hover: { bg: 'subtle', color: 'fg' },
  _focusVisible: { outline: 'none', boxShadow: 'focus' },
  '& svg': { w: '4.5', h: '4.5', flexShrink: 0 },
})

const LONG_DESCRIPTION = 140

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  maxW: 'full',
  h: '6',
  px: '2',
  fontSize: 'xs',
  fontWeight: '500',
  color: 'fgMuted',
  bg: 'subtle',
  borderRadius: 'full',
  truncate: true,
  '& svg': { w: '3.5', h: '3.5', flexShrink: 0 },
})

/** A small clock beside a count that includes something not yet sent. */
function WaitingClock() {
  return (
    <IconClock
      data-testid="waiting-clock"
      aria-label="menunggu dikirim"
      className={css({ w: '3.5!', h: '3.5!', color: 'amber.600' })}
    />
  )
}

/** The description, clamped to three lines with 'Selengkapnya' when it is long. */
export function DocDescription({ description }: { description: string }) {
  const [expanded, setExpanded] = useState(false)
  const long = description.length > LONG_DESCRIPTION || description.split('\n').length > 3
  return (
    <div>
      <p
        className={cx(
          css({
            fontSize: 'sm',
            color: 'fg',
            whiteSpace: 'pre-line',
            wordBreak: 'break-word',
            lineHeight: '1.55',
          }),
          long && !expanded ? css({ lineClamp: '3' }) : undefined,
        )}
      >
        {description}
      </p>
      {long ? (
        <button
          type="button"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
          className={css({
            mt: '1',
            p: '0',
            fontSize: 'xs',
            fontWeight: '600',
            color: 'brand.fg',
            bg: 'transparent',
            border: 'none',
            cursor: 'pointer',
            _hover: { textDecoration: 'underline' },
          })}
        >
          {expanded ? 'Tampilkan lebih sedikit' : 'Selengkapnya'}
        </button>
      ) : null}
    </div>
  )
}

/** Its work item, place, progress and version, as chips ('Keterangan'), when it has any. */
export function DocChips({ doc }: { doc: SiteDoc }) {
  return doc.work_item || doc.location || doc.progress != null || (doc.version ?? 1) > 1 ? (
    <ul aria-label="Keterangan" className={hstack({ gap: '1.5', flexWrap: 'wrap' })}>
      {doc.work_item ? (
        <li className={chip}>
          <IconHardHat /> {doc.work_item.name}
        </li>
      ) : null}
      {doc.location ? (
        <li className={chip}>
          <IconMapPin /> {doc.location}
        </li>
      ) : null}
      {doc.progress != null ? (
        <li className={chip} aria-label={`Progres ${doc.progress} persen`}>
          {doc.progress} %
        </li>
      ) : null}
      {doc.version && doc.version > 1 ? <li className={chip}>Versi {doc.version}</li> : null}
    </ul>
  ) : null
}

/** Who uploaded it and when it was taken. */
export function DocAuthor({ doc }: { doc: Doc }) {
  return (
    <div className={hstack({ gap: '2', mt: 'auto', minW: '0' })}>
      <Avatar name={doc.creator.name} size="xs" />
      <div className={css({ minW: '0', fontSize: 'xs', lineHeight: '1.35' })}>
        <p className={css({ fontWeight: '600', color: 'fg', truncate: true })}>{doc.creator.name}</p>
        <p className={css({ color: 'fgSubtle', truncate: true })} data-testid="card-when">
          <time dateTime={doc.created_at} title={`Diunggah ${formatRelativeTime(doc.created_at)}`}>
            {whenLine(doc)}
          </time>
        </p>
      </div>
    </div>
  )
}

/** The card's bottom bar: like, comments, history, and delete at the end. */
export function DocCardBar({
  doc,
  waiting,
  onToggleLike,
  onComments,
  onHistory,
  onDelete,
}: {
  doc: SiteDoc
  waiting?: QueuedDocState
  onToggleLike: (doc: Doc) => void
  onComments: (doc: Doc) => void
  onHistory?: (doc: SiteDoc) => void
  onDelete: (doc: Doc) => void
}) {
  const online = useOnline()
  return (
    <div
      className={hstack({
        gap: '0.5',
        px: '2',
        py: '1.5',
        borderTopWidth: '1px',
        borderColor: 'border',
      })}
    >
      <button
        type="button"
        className={cx(
          actionButton,
          doc.is_liked ? css({ color: 'red.600', _hover: { color: 'red.700' } }) : undefined,
        )}
        aria-pressed={doc.is_liked}
        aria-label={doc.is_liked ? `Batal suka (${doc.likes} suka)` : `Suka (${doc.likes} suka)`}
        onClick={() => onToggleLike(doc)}
      >
        <IconHeart fill={doc.is_liked ? 'currentColor' : 'none'} />
        <span aria-hidden="true">{doc.likes}</span>
        {waiting?.liked !== undefined ? <WaitingClock /> : null}
      </button>
      <button
        type="button"
        className={actionButton}
        aria-label={`Komentar (${doc.comments})`}
        onClick={() => onComments(doc)}
      >
        <IconMessageSquare />
        <span aria-hidden="true">{doc.comments}</span>
        {waiting?.comments ? <WaitingClock /> : null}
      </button>
      {onHistory ? (
        <button
          type="button"
          className={actionButton}
          aria-label="Riwayat dokumentasi"
          title="Riwayat"
          onClick={() => onHistory(doc)}
        >
          <IconHistory />
        </button>
      ) : null}
      <span className={css({ flex: '1' })} />
      <Tooltip content={online ? 'Hapus dokumentasi' : needsSignalTo('menghapus')}>
        <Button
          variant="dangerGhost"
          size="sm"
          iconOnly
          aria-label="Hapus dokumentasi"
          onClick={() => onDelete(doc)}
          needsSignal={needsSignalTo('menghapus')}
        >
          <IconTrash />
        </Button>
      </Tooltip>
    </div>
  )
}

/**
 * For admins 'Approve' and 'Revisi' (SPEC's words) while it is pending, the other decision once reviewed
 * (issue 30); for the uploader or an admin 'Unggah Revisi' on an item sent back.
 */
export function DocReviewActions({
  doc,
  isAdmin,
  reviewing,
  onReview,
  canRevise,
  onRevise,
  revisionWaiting,
}: {
  doc: SiteDoc
  isAdmin: boolean
  reviewing?: DocReview | null
  onReview: (doc: Doc, status: DocReview) => void
  canRevise?: boolean
  onRevise?: (doc: SiteDoc) => void
  revisionWaiting?: boolean
}) {
  return (
    <>
      {isAdmin && doc.status === 'pending' ? (
        <div
          className={grid({
            gridTemplateColumns: '1fr 1fr',
            gap: '2',
            px: '3',
            pb: '3',
          })}
        >
          <Button
            size="sm"
            onClick={() => onReview(doc, 'approved')}
            loading={reviewing === 'approved'}
            disabled={!!reviewing}
            needsSignal={needsSignalTo('meninjau')}
            // green.700 under white text passes WCAG AA (green.600 did not); darker still on hover.
            className={css({ bg: 'green.700', _hover: { _enabled: { bg: 'green.800' } } })}
          >
            {reviewing === 'approved' ? null : <IconCheck />}
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onReview(doc, 'rejected')}
            loading={reviewing === 'rejected'}
            disabled={!!reviewing}
            needsSignal={needsSignalTo('meninjau')}
            className={css({
              color: 'red.700',
              _hover: { _enabled: { bg: 'red.50', borderColor: 'red.200' } },
            })}
          >
            {reviewing === 'rejected' ? null : <IconRotateCcw />}
            Revisi
          </Button>
        </div>
      ) : null}
      {isAdmin && doc.status !== 'pending' ? (
        <div className={css({ px: '3', pb: '2' })}>
          <ChangeReviewButton doc={doc} reviewing={reviewing ?? null} onReview={onReview} />
        </div>
      ) : null}
      {canRevise && onRevise && doc.status === 'rejected' ? (
        <div className={css({ px: '3', pb: '3' })}>
          {revisionWaiting ? (
            <p className={hstack({ gap: '1.5', fontSize: 'xs', color: 'amber.800', fontWeight: '600' })}>
              <IconClock /> Revisi menunggu dikirim
            </p>
          ) : (
            <Button size="sm" variant="secondary" fullWidth onClick={() => onRevise(doc)}>
              <IconUpload /> Unggah Revisi
            </Button>
          )}
        </div>
      ) : null}
    </>
  )
}
