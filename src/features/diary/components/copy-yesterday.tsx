import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { DiaryDay, DiarySection } from '../../../contracts/diary'
import { diaryKeys } from '../../../lib/query-keys'
import { Button } from '../../../ui/button'
import { IconRotateCcw } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { addDays, copyFromDayBefore } from '../diary-state'
import { diaryDayQueryOptions } from '../queries'

/**
 * 'Salin dari kemarin': the day before's manpower and equipment (they usually carry over), from the copy on
 * the phone, or fetched when there is signal.
 */
export function CopyYesterday({
  slug,
  day,
  onCopy,
}: {
  slug: string
  day: string
  onCopy: (section: DiarySection, value: unknown) => void
}) {
  const qc = useQueryClient()
  const [busy, setBusy] = useState(false)
  const copy = async () => {
    const before = addDays(day, -1)
    setBusy(true)
    try {
      let prev = qc.getQueryData<DiaryDay>(diaryKeys.day(slug, before))
      if (!prev && navigator.onLine) prev = await qc.fetchQuery(diaryDayQueryOptions(slug, before))
      const copied = copyFromDayBefore(prev?.sections ?? {})
      if (!copied.manpower && !copied.equipment) {
        notify(
          'info',
          prev
            ? 'Kemarin tidak ada tenaga kerja atau peralatan'
            : 'Laporan kemarin belum tersimpan di perangkat ini',
        )
        return
      }
      if (copied.manpower) onCopy('manpower', copied.manpower)
      if (copied.equipment) onCopy('equipment', copied.equipment)
      notify('success', 'Tenaga kerja dan peralatan disalin dari kemarin')
    } catch {
      notify('error', 'Laporan kemarin tidak dapat dimuat')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void copy()}>
      {busy ? null : <IconRotateCcw />} Salin dari kemarin
    </Button>
  )
}
