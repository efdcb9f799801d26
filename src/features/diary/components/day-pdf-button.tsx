import { useState } from 'react'
import { errorMessage } from '../../../lib/api'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconDownload } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { downloadDayPdf } from '../api'

/** 'Unduh PDF': the printed day with its verification code (made on first ask, which can take a moment). */
export function DayPdfButton({ slug, day }: { slug: string; day: string }) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="secondary"
      loading={busy}
      needsSignal={needsSignalTo('mengunduh PDF')}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadDayPdf(slug, day)
        } catch (err) {
          notify('error', errorMessage(err, 'Gagal mengunduh PDF laporan harian'))
        } finally {
          setBusy(false)
        }
      }}
    >
      {busy ? (
        'Menyiapkan PDF...'
      ) : (
        <>
          <IconDownload /> Unduh PDF
        </>
      )}
    </Button>
  )
}
