import { css } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import type { DocReview } from '../../../contracts/documentation'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconCheck, IconClock, IconPencil, IconRotateCcw, IconUpload } from '../../../ui/icons'
import type { SiteDoc } from '../site'

export type ViewerReviewProps = {
  doc: SiteDoc
  isAdmin: boolean
  /** The uploader or an admin: answers a 'Revisi' with new photos. */
  canRevise: boolean
  /** A revision of it made on this phone waits in the outbox. */
  revisionWaiting?: boolean
  /** The review call for this item is running. */
  reviewing: DocReview | null
  onReview: (doc: SiteDoc, status: DocReview) => void
  onRevise: (doc: SiteDoc) => void
}

const noteBox = css({
  fontSize: 'sm',
  lineHeight: '1.5',
  color: 'red.50',
  bg: 'rgba(220, 38, 38, 0.22)',
  borderWidth: '1px',
  borderColor: 'rgba(248, 113, 113, 0.55)',
  borderRadius: 'md',
  px: '3',
  py: '2',
  whiteSpace: 'pre-line',
  wordBreak: 'break-word',
  maxH: '7.5rem',
  overflowY: 'auto',
})

/**
 * What the viewer says of the item's review (issue 30), so a notification's link needs nothing behind
 * it: the reason of a 'Revisi' and the one thing to do next. The uploader gets 'Unggah Revisi'; an
 * admin gets 'Approve' and 'Revisi' on a pending item and the other decision on a reviewed one (the
 * panel confirms a change first).
 */
export function ViewerReview({
  doc,
  isAdmin,
  canRevise,
  revisionWaiting,
  reviewing,
  onReview,
  onRevise,
}: ViewerReviewProps) {
  const rejected = doc.status === 'rejected'
  const note = rejected ? doc.review_note : null
  const revise = canRevise && rejected
  const review: DocReview[] = !isAdmin
    ? []
    : doc.status === 'pending'
      ? ['approved', 'rejected']
      : [doc.status === 'approved' ? 'rejected' : 'approved']
  if (!note && !revise && review.length === 0) return null
  const changing = isAdmin && doc.status !== 'pending'
  return (
    <span className={stack({ gap: '2', mt: '1' })} data-testid="viewer-review">
      {note ? (
        <span className={noteBox} data-testid="viewer-review-note">
          <span className={css({ display: 'block', fontSize: 'xs', fontWeight: '700', color: 'red.200' })}>
            Catatan revisi
          </span>
          {note}
        </span>
      ) : null}
      <span className={flex({ gap: '2', flexWrap: 'wrap', '& > *': { flex: { base: '1', sm: 'initial' } } })}>
        {revise ? (
          revisionWaiting ? (
            <span className={hstack({ gap: '1.5', fontSize: 'xs', color: 'amber.200', fontWeight: '600' })}>
              <IconClock size={14} /> Revisi menunggu dikirim
            </span>
          ) : (
            <Button size="sm" onClick={() => onRevise(doc)}>
              <IconUpload /> Unggah Revisi
            </Button>
          )
        ) : null}
        {review.map((status) =>
          status === 'approved' ? (
            <Button
              key={status}
              size="sm"
              onClick={() => onReview(doc, 'approved')}
              loading={reviewing === 'approved'}
              disabled={reviewing !== null}
              needsSignal={needsSignalTo('meninjau')}
              className={css({ bg: 'green.700', _hover: { _enabled: { bg: 'green.800' } } })}
            >
              {reviewing === 'approved' ? null : <IconCheck />}
              {changing ? 'Ubah ke Disetujui' : 'Approve'}
            </Button>
          ) : (
            <Button
              key={status}
              size="sm"
              variant="secondary"
              onClick={() => onReview(doc, 'rejected')}
              loading={reviewing === 'rejected'}
              disabled={reviewing !== null}
              needsSignal={needsSignalTo('meninjau')}
              className={css({ color: 'red.700' })}
            >
              {reviewing === 'rejected' ? null : <IconRotateCcw />}
              {changing ? 'Ubah ke Revisi' : 'Revisi'}
            </Button>
          ),
        )}
      </span>
    </span>
  )
}

/**
 * On a reviewed card, for admins: the other decision (issue 30: an approval made by mistake could not
 * be undone). The panel confirms it first: 'Ubah ke Revisi' asks for the reason, 'Ubah ke Disetujui'
 * asks whether to.
 */
export function ChangeReviewButton({
  doc,
  reviewing,
  onReview,
}: {
  doc: SiteDoc
  reviewing: DocReview | null
  onReview: (doc: SiteDoc, status: DocReview) => void
}) {
  if (doc.status === 'pending') return null
  const to: DocReview = doc.status === 'approved' ? 'rejected' : 'approved'
  return (
    <Button
      size="sm"
      variant="ghost"
      fullWidth
      onClick={() => onReview(doc, to)}
      loading={reviewing === to}
      disabled={reviewing !== null}
      needsSignal={needsSignalTo('meninjau')}
      className={css({ color: 'fgMuted' })}
    >
      {reviewing === to ? null : <IconPencil />}
      {to === 'rejected' ? 'Ubah ke Revisi' : 'Ubah ke Disetujui'}
    </Button>
  )
}
