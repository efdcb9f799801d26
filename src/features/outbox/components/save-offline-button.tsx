import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { dayjs } from '../../../lib/dayjs'
import { type OfflineSaveStep, offlineSavedAt, saveForOffline } from '../../../lib/offline-save'
import { useOnline } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconCloudDownload } from '../../../ui/icons'
import { notify } from '../../../ui/notify'

type Props = {
  /** Identifies what is saved (the project slug); the last save time is kept per scope. */
  scope: string
  steps: OfflineSaveStep[]
}

/** 'Simpan offline': fetches a project's lists and photos so it can be read without signal. */
export function SaveOfflineButton({ scope, steps }: Props) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const [progress, setProgress] = useState<number | null>(null)
  const [savedAt, setSavedAt] = useState(() => offlineSavedAt(scope))

  async function onSave() {
    setProgress(0)
    try {
      const summary = await saveForOffline(queryClient, scope, steps, (p) =>
        setProgress(p.total ? Math.round((p.done / p.total) * 100) : 0),
      )
      setSavedAt(summary.savedAt)
      const photos = summary.images - summary.failedImages
      notify(
        summary.failedImages ? 'warning' : 'success',
        'Project tersimpan untuk offline',
        `${summary.lists} daftar dan ${photos} foto siap dibuka tanpa sinyal${
          summary.failedImages ? `; ${summary.failedImages} foto gagal diunduh` : ''
        }.`,
      )
    } catch (err) {
      console.error('Saving for offline failed', err)
      notify('error', 'Gagal menyimpan project untuk offline', 'Periksa koneksi lalu coba lagi.')
    } finally {
      setProgress(null)
    }
  }

  const saving = progress !== null
  return (
    <div
      className={stack({
        align: { base: 'stretch', md: 'flex-end' },
        gap: '1',
      })}
    >
      <Button
        variant="secondary"
        onClick={onSave}
        loading={saving}
        disabled={!online}
        title={online ? undefined : 'Butuh koneksi untuk menyimpan'}
      >
        {saving ? null : <IconCloudDownload />}
        {saving ? `Menyimpan ${progress}%` : 'Simpan offline'}
      </Button>
      {savedAt && !saving ? (
        <span
          data-testid="offline-saved-at"
          className={css({ fontSize: 'xs', color: 'fgSubtle', textAlign: { base: 'center', md: 'right' } })}
        >
          Tersimpan offline {dayjs(savedAt).format('D MMM, HH.mm')}
        </span>
      ) : null}
    </div>
  )
}
