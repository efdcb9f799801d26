import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import type { Project } from '../../../contracts/projects'
import { TRASH_DAYS, TRASH_MSG, type TrashItem } from '../../../contracts/trash'
import { failureMessage } from '../../../lib/api'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState, LoadFailed } from '../../../ui/empty-state'
import { IconAlertCircle, IconTrash } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { NotStoredHere, notStored } from '../../../ui/not-stored'
import { notify } from '../../../ui/notify'
import { RowSkeletons } from '../../../ui/row-skeletons'
import { trashQueryOptions, usePurgeTrashItem, useRestoreTrashItem } from '../queries'
import { TrashRow } from './trash-row'

/** Sampah (admins): what was deleted in the last 30 days, to restore or delete for good. */
export function TrashPage({ project }: { project: Project }) {
  const list = useQuery(trashQueryOptions(project.id))
  const online = useOnline()
  const restore = useRestoreTrashItem()
  const purge = usePurgeTrashItem()
  const [purging, setPurging] = useState<TrashItem | null>(null)
  const busyKey = (item: TrashItem) => `${item.kind}:${item.uuid}`
  const [restoring, setRestoring] = useState<string | null>(null)

  async function onRestore(item: TrashItem) {
    setRestoring(busyKey(item))
    try {
      const res = await restore.mutateAsync({ projectId: project.id, item })
      notify('success', res.message || TRASH_MSG.restored)
    } catch (err) {
      notify(
        'error',
        failureMessage(err, { failed: 'Gagal memulihkan', thrown: 'Terjadi kesalahan saat memulihkan' }),
      )
    } finally {
      setRestoring(null)
    }
  }

  async function onPurge() {
    if (!purging) return
    try {
      await purge.mutateAsync({ projectId: project.id, item: purging })
      notify('success', TRASH_MSG.purged)
      setPurging(null)
    } catch (err) {
      notify(
        'error',
        failureMessage(err, {
          failed: 'Gagal menghapus permanen',
          thrown: 'Terjadi kesalahan saat menghapus',
        }),
      )
    }
  }

  if (notStored(list, online)) return <NotStoredHere />
  if (list.isPending) return <TrashSkeleton />
  if (list.isError && !list.data)
    return (
      <LoadFailed
        icon={<IconAlertCircle />}
        title="Gagal memuat sampah"
        description={failureMessage(list.error, {
          failed: 'Gagal memuat sampah',
          thrown: 'Periksa koneksi Anda.',
        })}
        onRetry={list.refetch}
      />
    )
  const items = list.data ?? []
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconTrash />}
        title="Sampah kosong"
        description={`File, folder dan dokumentasi yang dihapus tersimpan di sini selama ${TRASH_DAYS} hari.`}
      />
    )

  return (
    <>
      <p className={css({ fontSize: 'sm', color: 'fgMuted', mb: '3' })}>
        {items.length} item · dihapus permanen otomatis setelah {TRASH_DAYS} hari
      </p>
      <ListCard aria-label="Isi sampah">
        {items.map((item) => (
          <TrashRow
            key={busyKey(item)}
            item={item}
            restoringThis={restoring === busyKey(item)}
            restoringOther={restoring !== null && restoring !== busyKey(item)}
            onRestore={() => onRestore(item)}
            onPurge={() => setPurging(item)}
          />
        ))}
      </ListCard>
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => {
          if (!open && !purge.isPending) setPurging(null)
        }}
        title="Hapus permanen?"
        description={
          purging ? (
            <>
              <strong>{purging.name}</strong> akan dihapus untuk selamanya
              {purging.kind === 'folder' ? ' beserta seluruh isinya' : ''}
              {purging.kind === 'doc' ? ' beserta foto, komentar dan suka' : ''}. Tindakan ini tidak dapat
              dibatalkan.
            </>
          ) : null
        }
        confirmLabel="Hapus permanen"
        onConfirm={onPurge}
        loading={purge.isPending}
        needsSignal={needsSignalTo('menghapus')}
      />
    </>
  )
}

function TrashSkeleton() {
  return (
    <RowSkeletons
      label="Memuat sampah"
      lead={css({ w: '10', h: '10', borderRadius: 'lg' })}
      lines={[css({ h: '3.5', w: '45%' }), css({ h: '3', w: '70%' })]}
    />
  )
}
