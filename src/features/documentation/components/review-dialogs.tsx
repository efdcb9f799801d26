import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { css, cx } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { HISTORY_ACTION_LABELS, type HistoryEntry } from '../../../contracts/history'
import { errorMessage } from '../../../lib/api'
import { validate } from '../../../lib/form'
import { formatDateTime } from '../../../lib/format'
import { Avatar } from '../../../ui/avatar'
import { Dialog } from '../../../ui/dialog'
import { type ReasonCheck, ReasonDialog } from '../../../ui/reason-dialog'
import { Skeleton } from '../../../ui/skeleton'
import { docHistoryQueryOptions } from '../queries'
import { REVIEW_NOTE_MAX, ReviewNoteSchema } from '../review-note'
import type { SiteDoc } from '../site'

/** A documentation reason, by the lean schema the viewer's chunk can afford (review-note.ts). */
function checkNote(note: string): ReasonCheck {
  const checked = validate(ReviewNoteSchema, { note })
  return checked.ok ? { note: checked.output.note } : { error: checked.errors.note ?? '' }
}

/** The reason form of every documentation 'Revisi': one item, a changed review, several at once. */
function DocReasonDialog(props: {
  open: boolean
  title: string
  description: string
  pending: boolean
  onClose: () => void
  onSubmit: (note: string) => Promise<boolean>
}) {
  return (
    <ReasonDialog
      {...props}
      placeholder="Contoh: Foto bekisting kurang jelas, ambil ulang dari sisi timur"
      maxLength={REVIEW_NOTE_MAX}
      check={checkNote}
    />
  )
}

/**
 * 'Revisi' asks why (catatan, 3-500 characters): the uploader reads it on the card, in the viewer and in
 * the notification. On an approved item it changes the review, and says so (issue 30).
 */
export function ReviewNoteDialog({
  doc,
  pending,
  onClose,
  onSubmit,
}: {
  doc: SiteDoc | null
  pending: boolean
  onClose: () => void
  onSubmit: (doc: SiteDoc, note: string) => Promise<boolean>
}) {
  // The words stay while the dialog fades out (the item is already null by then).
  const last = useRef(doc)
  if (doc) last.current = doc
  const changing = last.current?.status === 'approved'
  return (
    <DocReasonDialog
      open={doc !== null}
      title={changing ? 'Ubah ke Revisi' : 'Minta Revisi'}
      description={
        changing
          ? 'Dokumentasi ini sudah disetujui. Dengan catatan ini statusnya menjadi Revisi dan pengunggah diminta mengunggah versi baru. Perubahan tercatat di riwayat.'
          : 'Tulis apa yang perlu diperbaiki. Pengunggah menerima catatan ini di kartu dan notifikasinya.'
      }
      pending={pending}
      onClose={onClose}
      onSubmit={(note) => (doc ? onSubmit(doc, note) : Promise.resolve(false))}
    />
  )
}

/** 'Revisi' for the selected items: one reason for all, each uploader told once. */
export function BulkReviewNoteDialog({
  count,
  pending,
  onClose,
  onSubmit,
}: {
  /** How many items are selected (0: closed). */
  count: number
  pending: boolean
  onClose: () => void
  onSubmit: (note: string) => Promise<boolean>
}) {
  return (
    <DocReasonDialog
      open={count > 0}
      title={`Minta Revisi ${count} Dokumentasi`}
      description="Satu catatan untuk semua yang dipilih. Setiap pengunggah menerimanya di kartu dan satu notifikasi."
      pending={pending}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  )
}

/** Versions of an item: 'Versi 1' is the first upload, each revision one more. */
function versionOf(entry: HistoryEntry, uploadsSoFar: number): number {
  const v = entry.detail?.version
  return typeof v === 'number' ? v : uploadsSoFar
}

const chip = css({
  display: 'inline-flex',
  h: '5',
  px: '1.5',
  alignItems: 'center',
  fontSize: '0.6875rem',
  fontWeight: '600',
  borderRadius: 'full',
  borderWidth: '1px',
  color: 'fgMuted',
  bg: 'subtle',
  borderColor: 'border',
})

const TONE: Record<string, string> = {
  approve: css({ color: 'green.700', bg: 'green.50', borderColor: 'green.200' }),
  reject: css({ color: 'red.700', bg: 'red.50', borderColor: 'red.200' }),
  upload: css({ color: 'blue.700', bg: 'blue.50', borderColor: 'blue.200' }),
  revise: css({ color: 'blue.700', bg: 'blue.50', borderColor: 'blue.200' }),
}

/** Riwayat of one item: its versions ('Versi 1', 'Versi 2') and every review with its reason. */
export function DocHistoryDialog({
  slug,
  doc,
  onClose,
}: {
  slug: string
  doc: SiteDoc | null
  onClose: () => void
}) {
  const history = useQuery({ ...docHistoryQueryOptions(slug, doc?.uuid ?? ''), enabled: doc !== null })
  let uploads = 0
  return (
    <Dialog
      open={doc !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title="Riwayat Dokumentasi"
      description={doc ? doc.description.slice(0, 120) : undefined}
      size="md"
    >
      {history.isPending ? (
        <div className={stack({ gap: '3' })}>
          <Skeleton as="div" className={css({ h: '12', w: 'full' })} />
          <Skeleton as="div" className={css({ h: '12', w: 'full' })} />
        </div>
      ) : history.isError ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'danger.fg' })}>
          {errorMessage(history.error, 'Riwayat belum dapat dimuat')}
        </p>
      ) : (
        <ol aria-label="Riwayat" className={stack({ gap: '0' })}>
          {history.data.map((entry) => {
            const isVersion = entry.action === 'upload' || entry.action === 'revise'
            if (isVersion) uploads++
            const note = typeof entry.detail?.note === 'string' ? entry.detail.note : null
            const comment = typeof entry.detail?.comment === 'string' ? entry.detail.comment : null
            return (
              <li
                key={entry.id}
                data-action={entry.action}
                className={hstack({
                  gap: '3',
                  alignItems: 'flex-start',
                  py: '3',
                  borderBottomWidth: '1px',
                  borderColor: 'border',
                  _last: { borderBottomWidth: '0' },
                })}
              >
                <Avatar name={entry.actor.name} size="xs" />
                <div className={stack({ gap: '1', minW: '0', flex: '1' })}>
                  <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
                    {isVersion ? (
                      <span className={css({ fontSize: 'sm', fontWeight: '700', color: 'fg' })}>
                        Versi {versionOf(entry, uploads)}
                      </span>
                    ) : null}
                    <span className={cx(chip, TONE[entry.action])} data-tone={entry.action}>
                      {HISTORY_ACTION_LABELS[entry.action]}
                    </span>
                  </div>
                  <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
                    <span className={css({ fontWeight: '600', color: 'fgMuted' })}>{entry.actor.name}</span> ·{' '}
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </p>
                  {note ? (
                    <p
                      className={css({
                        fontSize: 'sm',
                        color: 'red.800',
                        bg: 'red.50',
                        borderRadius: 'md',
                        px: '2.5',
                        py: '1.5',
                        whiteSpace: 'pre-line',
                        wordBreak: 'break-word',
                      })}
                    >
                      {note}
                    </p>
                  ) : comment ? (
                    <p className={css({ fontSize: 'sm', color: 'fg', wordBreak: 'break-word' })}>{comment}</p>
                  ) : null}
                </div>
              </li>
            )
          })}
          {history.data.length === 0 ? (
            <li className={css({ fontSize: 'sm', color: 'fgMuted' })}>Belum ada riwayat.</li>
          ) : null}
        </ol>
      )}
    </Dialog>
  )
}
