import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import { SECTION_LABELS } from '../../../contracts/diary'
import type { OutboxItem } from '../../../lib/outbox-types'
import { Button } from '../../../ui/button'
import { IconAlertTriangle } from '../../../ui/icons'
import { Notice } from '../../../ui/notice'
import { notify } from '../../../ui/notify'
import { clashOf, firmClock } from '../diary-state'
import { type DiarySaveContext, settleClash } from '../outbox'
import { SectionSummary } from './section-summary'

/**
 * A save the server refused because the same section changed on both sides: both copies, and the writer
 * chooses. Nothing is dropped until they do (the refused item waits in the Kotak Keluar meanwhile).
 */
export function ClashNotice({ item, ctx }: { item: OutboxItem; ctx: DiarySaveContext }) {
  const qc = useQueryClient()
  const [busy, setBusy] = useState(false)
  const clash = clashOf(item.result)
  if (!clash) return null
  const choose = async (choice: 'mine' | 'theirs') => {
    setBusy(true)
    try {
      await settleClash(qc, ctx, item, choice)
      notify('success', choice === 'mine' ? 'Milik Anda dipakai' : 'Milik mereka dipakai')
    } catch {
      notify('error', 'Gagal menyimpan pilihan. Coba lagi.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Notice tone="warning" icon={<IconAlertTriangle />} role="alert" data-testid="diary-clash">
      {clash.clashes.map((c) => (
        <div key={c.section} className={css({ mb: '3' })}>
          <p className={css({ fontWeight: '600', mb: '2' })}>
            Bagian {SECTION_LABELS[c.section]} juga diubah oleh {c.updated_by ?? 'orang lain'}
            {c.updated_at ? ` pukul ${firmClock(c.updated_at)}` : ''}
          </p>
          <div className={grid({ columns: { base: 1, sm: 2 }, gap: '3' })}>
            <SectionSummary section={c.section} value={c.theirs} label="Milik saya" />
            <SectionSummary section={c.section} value={c.stored} label="Milik mereka" />
          </div>
        </div>
      ))}
      <div className={flex({ gap: '2', wrap: 'wrap' })}>
        <Button size="sm" loading={busy} onClick={() => void choose('mine')}>
          Pakai milik saya
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void choose('theirs')}>
          Pakai milik mereka
        </Button>
      </div>
    </Notice>
  )
}
