import { memo } from 'react'
import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import type { Doc, DocReview } from '../../../contracts/documentation'
import { Card } from '../../../ui/card'
import { Notice } from '../../../ui/notice'
import type { QueuedDocState } from '../outbox'
import type { SiteDoc } from '../site'
import { DocAuthor, DocCardBar, DocChips, DocDescription, DocReviewActions } from './doc-card-parts'
import { DocCarousel } from './doc-carousel'
import { DocStatusBadge } from './doc-parts'
import { CardPlace, DuplicateNote } from './photo-place'
import { cardImage, SiteNote } from './site-note'

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

/** The reviewer's note on a photo sent back, kept as typed (its line breaks). */
const reviewNote = css({ lineHeight: '1.5', whiteSpace: 'pre-line' })
const reviewNoteLabel = css({ display: 'block', fontSize: 'xs', fontWeight: '600', color: 'red.700' })

/**
 * One documentation item (SPEC, Dokumentasi tab): its photos, status, description, author and time, the
 * like toggle with its count, the comment count that opens the comment dialog, delete, and for admins
 * 'Approve' and 'Revisi' (SPEC's words) while it is pending, the other decision once reviewed (issue 30).
 */
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
        <DocDescription description={doc.description} />
        <DocChips doc={doc} />
        <CardPlace image={doc.images[0]} />
        <SiteNote image={cardImage(doc.images)} />
        <DuplicateNote doc={doc} />
        {doc.status === 'rejected' && doc.review_note ? (
          <Notice data-testid="review-note" tone="danger" className={reviewNote}>
            <span className={reviewNoteLabel}>Catatan revisi</span>
            {doc.review_note}
          </Notice>
        ) : null}
        <DocAuthor doc={doc} />
      </div>

      <DocCardBar
        doc={doc}
        waiting={waiting}
        onToggleLike={onToggleLike}
        onComments={onComments}
        onHistory={onHistory}
        onDelete={onDelete}
      />
      <DocReviewActions
        doc={doc}
        isAdmin={isAdmin}
        reviewing={reviewing}
        onReview={onReview}
        canRevise={canRevise}
        onRevise={onRevise}
        revisionWaiting={revisionWaiting}
      />
    </Card>
  )
})
