import { memo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, grid, hstack, stack } from 'styled-system/patterns'
import type { Doc, DocReview } from '../../../contracts/documentation'
import { formatRelativeTime } from '../../../lib/format'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
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
import { Notice } from '../../../ui/notice'
import { Tooltip } from '../../../ui/tooltip'
import type { QueuedDocState } from '../outbox'
import type { SiteDoc } from '../site'
import { DocCarousel } from './doc-carousel'
import { DocStatusBadge } from './doc-parts'
import { CardPlace, DuplicateNote } from './photo-place'
import { whenLine } from './taken-day'
import { ChangeReviewButton } from './viewer-review'

export type DocCardProps = {
  doc: SiteDoc
  /** A revision of it made on this phone waits in the outbox. */
  revisionWaiting?: boolean
  /** The uploader or an admin: may answer a 'Revisi' with new photos. */
  canRevise?: boolean
  onRevise?: (doc: SiteDoc) => void
  onHistory?: (doc: SiteDoc) => void
  /** A like or comments made on this phone that wait in the outbox (already counted in `doc`). */
  waiting?: QueuedDocState
  isAdmin: boolean
  /** The first cards (above the fold) load their photo at once; the rest lazily. */
  eager?: boolean
  /** The review call for this item is running. */
  reviewing?: DocReview | null
  onOpenPhoto: (doc: Doc, index: number) => void
  onToggleLike: (doc: Doc) => void
  onComments: (doc: Doc) => void
  onReview: (doc: Doc, status: DocReview) => void
  onDelete: (doc: Doc) => void
}

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

/** The reviewer's note on a photo sent back, kept as typed (its line breaks). */
const reviewNote = css({ lineHeight: '1.5', whiteSpace: 'pre-line' })
const reviewNoteLabel = css({ display: 'block', fontSize: 'xs', fontWeight: '600', color: 'red.700' })

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

/**
 * One documentation item (SPEC, Dokumentasi tab): its photos, status, description, author and time, the
 * like toggle with its count, the comment count that opens the comment dialog, delete, and for admins
 * 'Approve' and 'Revisi' (SPEC's words) while it is pending, the other decision once reviewed (issue 30).
 */
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

export const DocCard = memo(function DocCard({
  doc,
  revisionWaiting,
  canRevise,
  onRevise,
  onHistory,
  waiting,
  isAdmin,
  eager,
  reviewing,
  onOpenPhoto,
  onToggleLike,
  onComments,
  onReview,
  onDelete,
}: DocCardProps) {
  const [expanded, setExpanded] = useState(false)
  const online = useOnline()
  const long = doc.description.length > LONG_DESCRIPTION || doc.description.split('\n').length > 3
  const summary = doc.description.length > 60 ? `${doc.description.slice(0, 60)}…` : doc.description

  return (
    <Card
      padding="none"
      role="article"
      aria-label={`Dokumentasi: ${summary}`}
      data-doc={doc.uuid}
      className={flex({
        direction: 'column',
        h: 'full',
        overflow: 'hidden',
        // Cards far below the fold cost no layout or paint until they come near (long grids on phones).
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 460px',
      })}
    >
      <div className={css({ position: 'relative' })}>
        <DocCarousel
          images={doc.images}
          label={doc.description}
          eager={eager}
          onOpen={(index) => onOpenPhoto(doc, index)}
        />
        <DocStatusBadge
          status={doc.status}
          className={css({
            position: 'absolute',
            top: '2.5',
            left: '2.5',
            zIndex: '2',
            pointerEvents: 'none',
          })}
        />
      </div>

      <div className={stack({ p: '4', pb: '3', gap: '3', flex: '1' })}>
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
            {doc.description}
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
        {doc.work_item || doc.location || doc.progress != null || (doc.version ?? 1) > 1 ? (
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
        ) : null}
        <CardPlace image={doc.images[0]} />
        <DuplicateNote doc={doc} />
        {doc.status === 'rejected' && doc.review_note ? (
          <Notice data-testid="review-note" tone="danger" className={reviewNote}>
            <span className={reviewNoteLabel}>Catatan revisi</span>
            {doc.review_note}
          </Notice>
        ) : null}
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
      </div>

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
    </Card>
  )
})
