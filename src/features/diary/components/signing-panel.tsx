import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex, grid, stack } from 'styled-system/patterns'
import { DIARY_LIMITS, type DiaryDay, SIGNER_LABELS } from '../../../contracts/diary'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { IconRotateCcw, IconSend } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { ReasonDialog } from '../../../ui/reason-dialog'
import { useReviseDay } from '../queries'
import { DayPdfButton } from './day-pdf-button'
import { SignDialog } from './sign-dialog'
import { SubmitDialog } from './submit-dialog'

/**
 * Tanda tangan: the signatures of the current revision, and the next step this writer may take: submit for
 * signing, sign as pengawas, add 'Mengetahui' (those who manage the project), or revise a signed day.
 */
export function SigningPanel({
  slug,
  diary,
  dayName,
  canWrite,
  canAcknowledge,
  unsent,
}: {
  slug: string
  diary: DiaryDay
  dayName: string
  canWrite: boolean
  canAcknowledge: boolean
  /** Changes still on the phone: the day cannot be frozen without them. */
  unsent: boolean
}) {
  const [submitting, setSubmitting] = useState(false)
  const [signing, setSigning] = useState<'pengawas' | 'mengetahui' | null>(null)
  const [revising, setRevising] = useState(false)
  const revise = useReviseDay(slug, diary.day)
  const signed = new Set(diary.signatures.map((s) => s.role))
  const editable = diary.status === 'draft' || diary.status === 'returned'
  return (
    <Card padding="md" data-testid="diary-signing">
      <div className={flex({ justify: 'space-between', align: 'center', gap: '2', mb: '3', wrap: 'wrap' })}>
        <h2 className={css({ fontSize: 'md', fontWeight: '600' })}>Tanda tangan</h2>
        {diary.version > 0 ? <DayPdfButton slug={slug} day={diary.day} /> : null}
      </div>
      {diary.signatures.length ? (
        <ul className={grid({ columns: { base: 1, sm: 3 }, gap: '3', mb: '3' })}>
          {diary.signatures.map((s) => (
            <li key={s.role} className={stack({ gap: '1' })}>
              <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>{SIGNER_LABELS[s.role]}</span>
              <img
                src={s.image}
                alt={`Tanda tangan ${s.name}`}
                className={css({ h: '16', objectFit: 'contain', alignSelf: 'flex-start' })}
              />
              <span className={css({ fontSize: 'sm', fontWeight: '600' })}>{s.name}</span>
              <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>
                {s.position} · {jakartaDateTime(s.signed_at)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fgMuted', mb: '3' })}>Belum ada tanda tangan.</p>
      )}
      {canWrite ? (
        <div className={flex({ gap: '2', wrap: 'wrap' })}>
          {editable ? (
            <Button
              onClick={() => setSubmitting(true)}
              disabled={unsent}
              needsSignal={needsSignalTo('mengajukan tanda tangan')}
            >
              <IconSend /> Ajukan tanda tangan
            </Button>
          ) : null}
          {diary.status === 'submitted' && !signed.has('pengawas') ? (
            <Button onClick={() => setSigning('pengawas')} needsSignal={needsSignalTo('menandatangani')}>
              Tanda tangani sebagai pengawas
            </Button>
          ) : null}
          {canAcknowledge && signed.has('pengawas') && !signed.has('mengetahui') ? (
            <Button
              variant="secondary"
              onClick={() => setSigning('mengetahui')}
              needsSignal={needsSignalTo('menandatangani')}
            >
              Mengetahui
            </Button>
          ) : null}
          {diary.status === 'signed' ? (
            <Button
              variant="secondary"
              onClick={() => setRevising(true)}
              needsSignal={needsSignalTo('merevisi')}
            >
              <IconRotateCcw /> Revisi
            </Button>
          ) : null}
        </div>
      ) : null}
      {unsent && editable && canWrite ? (
        <p className={css({ fontSize: 'xs', color: 'fgMuted', mt: '2' })}>
          Perubahan masih di Kotak Keluar: ajukan setelah terkirim.
        </p>
      ) : null}
      <SubmitDialog
        slug={slug}
        day={diary.day}
        dayName={dayName}
        open={submitting}
        onClose={() => setSubmitting(false)}
      />
      <SignDialog slug={slug} day={diary.day} role={signing} onClose={() => setSigning(null)} />
      <ReasonDialog
        open={revising}
        title="Revisi laporan harian"
        description="Versi yang sudah ditandatangani tetap disimpan. Revisi perlu ditandatangani lagi."
        placeholder="Alasan revisi"
        maxLength={DIARY_LIMITS.note}
        pending={revise.isPending}
        check={(note) => (note.trim() ? { note: note.trim() } : { error: 'Alasan revisi harus diisi' })}
        onClose={() => setRevising(false)}
        onSubmit={async (reason) => {
          try {
            await revise.mutateAsync(reason)
            notify('success', 'Revisi dibuat: laporan kembali menjadi draf')
            return true
          } catch {
            notify('error', 'Gagal membuat revisi')
            return false
          }
        }}
      />
    </Card>
  )
}
