import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import type { DocReview } from '../../../contracts/documentation'
import { REVIEW_BULK_MAX } from '../../../contracts/review'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconCheck, IconRotateCcw, IconX } from '../../../ui/icons'

/*
 * Several items judged at once (issue 30): in 'Pilih' mode a tap on a card selects it, and a bar at the
 * bottom of the screen (over the tab bar on phones) says how many and offers 'Approve' and 'Revisi'.
 */

/** Over a card in selection mode: the whole card toggles its selection; the box shows it. */
export function SelectOverlay({
  selected,
  label,
  onToggle,
}: {
  selected: boolean
  label: string
  onToggle: () => void
}) {
  return (
    <label
      data-selected={selected || undefined}
      className={css({
        position: 'absolute',
        inset: '0',
        zIndex: '3',
        borderRadius: 'xl',
        bg: 'transparent',
        border: 'none',
        cursor: 'pointer',
        boxShadow: 'inset 0 0 0 2px transparent',
        transition: 'box-shadow {durations.fast}, background {durations.fast}',
        _hover: { bg: 'rgba(37, 99, 235, 0.04)' },
        '&:has(input:focus-visible)': { boxShadow: 'inset 0 0 0 3px {colors.blue.500}' },
        '&[data-selected]': { bg: 'rgba(37, 99, 235, 0.08)', boxShadow: 'inset 0 0 0 3px {colors.blue.600}' },
      })}
    >
      <span
        aria-hidden="true"
        className={cx(
          flex({ align: 'center', justify: 'center' }),
          css({
            position: 'absolute',
            top: '2.5',
            right: '2.5',
            w: '7',
            h: '7',
            borderRadius: 'md',
            borderWidth: '2px',
            borderColor: selected ? 'blue.600' : 'white',
            bg: selected ? 'blue.600' : 'rgba(15, 23, 42, 0.45)',
            color: 'white',
            boxShadow: 'sm',
            '& svg': { w: '4.5', h: '4.5' },
          }),
        )}
      >
        {selected ? <IconCheck /> : null}
      </span>
      <input
        type="checkbox"
        checked={selected}
        onChange={onToggle}
        aria-label={`Pilih ${label}`}
        className={css({ srOnly: true })}
      />
    </label>
  )
}

export function BulkReviewBar({
  count,
  pendingLeft,
  reviewing,
  onSelectPending,
  onReview,
  onCancel,
}: {
  count: number
  /** Pending items loaded but not selected: 'Pilih semua pending' adds them. */
  pendingLeft: number
  reviewing: DocReview | null
  onSelectPending: () => void
  onReview: (status: DocReview) => void
  onCancel: () => void
}) {
  const tooMany = count > REVIEW_BULK_MAX
  return (
    <section
      aria-label="Tinjau beberapa dokumentasi"
      data-testid="bulk-review-bar"
      className={css({
        position: 'fixed',
        left: { base: '2', md: '50%' },
        right: { base: '2', md: 'auto' },
        transform: { md: 'translateX(-50%)' },
        bottom: 'max(0.5rem, env(safe-area-inset-bottom))',
        zIndex: 'dropdown',
        w: { md: 'max-content' },
        maxW: { md: '48rem' },
        bg: 'slate.900',
        color: 'white',
        borderRadius: 'xl',
        boxShadow: 'lg',
        px: '3',
        py: '2.5',
        animation: 'fadeIn 120ms ease-out',
      })}
    >
      <div className={flex({ align: 'center', gap: '2', flexWrap: 'wrap' })}>
        <div className={hstack({ gap: '2', flex: '1', minW: '0' })}>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            onClick={onCancel}
            aria-label="Selesai memilih"
            className={css({ color: 'white', _hover: { bg: 'rgba(255,255,255,0.12)' } })}
          >
            <IconX />
          </Button>
          <span
            className={css({ fontSize: 'sm', fontWeight: '600', whiteSpace: 'nowrap' })}
            aria-live="polite"
          >
            {count} dipilih
          </span>
          {pendingLeft > 0 ? (
            <button
              type="button"
              onClick={onSelectPending}
              className={css({
                fontSize: 'xs',
                fontWeight: '600',
                color: 'sky.300',
                bg: 'transparent',
                border: 'none',
                cursor: 'pointer',
                textDecoration: 'underline',
                textUnderlineOffset: '2px',
                whiteSpace: 'nowrap',
                _hover: { color: 'sky.200' },
              })}
            >
              Pilih semua pending ({pendingLeft})
            </button>
          ) : null}
        </div>
        <div
          className={flex({
            gap: '2',
            w: { base: 'full', sm: 'auto' },
            '& > *': { flex: { base: '1', sm: 'initial' } },
          })}
        >
          <Button
            size="sm"
            onClick={() => onReview('approved')}
            disabled={count === 0 || tooMany || reviewing !== null}
            loading={reviewing === 'approved'}
            needsSignal={needsSignalTo('meninjau')}
            className={css({ bg: 'green.700', _hover: { _enabled: { bg: 'green.800' } } })}
          >
            {reviewing === 'approved' ? null : <IconCheck />}
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onReview('rejected')}
            disabled={count === 0 || tooMany || reviewing !== null}
            loading={reviewing === 'rejected'}
            needsSignal={needsSignalTo('meninjau')}
            className={css({ color: 'red.700' })}
          >
            {reviewing === 'rejected' ? null : <IconRotateCcw />}
            Revisi
          </Button>
        </div>
      </div>
      {tooMany ? (
        <p className={css({ mt: '1.5', fontSize: 'xs', color: 'amber.200' })}>
          Maksimal {REVIEW_BULK_MAX} dokumentasi sekali tinjau.
        </p>
      ) : null}
    </section>
  )
}
