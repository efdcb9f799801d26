import { errorMessage } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { IconAlertCircle, IconCamera, IconImagePlus, IconSearchX, IconWifiOff } from '../../../ui/icons'
import { DocSkeletons } from './doc-parts'

/** The Dokumentasi grid when it has no cards to show, and why. */
export type DocsState = 'not-stored' | 'loading' | 'failed' | 'no-match' | 'empty'

export function DocsStateView({
  state,
  error,
  retrying,
  onRetry,
  onClearFilters,
  onUpload,
}: {
  state: DocsState
  error: unknown
  retrying: boolean
  onRetry: () => void
  onClearFilters: () => void
  onUpload: () => void
}) {
  switch (state) {
    case 'not-stored':
      return (
        <EmptyState
          icon={<IconWifiOff />}
          title="Dokumentasi belum tersimpan di perangkat ini"
          description="Buka tab ini sekali saat ada sinyal agar dapat dilihat offline. Foto baru tetap dapat diunggah: disimpan di Kotak Keluar dan dikirim saat ada sinyal."
        />
      )
    case 'loading':
      return <DocSkeletons />
    case 'failed':
      return (
        <EmptyState
          icon={<IconAlertCircle />}
          title={errorMessage(error, 'Failed to fetch documentations')}
          action={
            <Button variant="secondary" onClick={onRetry} loading={retrying}>
              Coba lagi
            </Button>
          }
        />
      )
    case 'no-match':
      return (
        <EmptyState
          icon={<IconSearchX />}
          title="Tidak ada dokumentasi yang cocok dengan filter"
          description="Ubah tanggal, item pekerjaan, pengunggah atau status, atau hapus filter."
          action={
            <Button variant="secondary" onClick={onClearFilters}>
              Hapus filter
            </Button>
          }
        />
      )
    case 'empty':
      return (
        <EmptyState
          icon={<IconImagePlus />}
          title="Belum ada dokumentasi yang diunggah"
          description="Foto progres pekerjaan di lapangan beserta deskripsinya akan tampil di sini."
          action={
            <Button onClick={onUpload}>
              <IconCamera /> Unggah Foto
            </Button>
          }
        />
      )
  }
}
