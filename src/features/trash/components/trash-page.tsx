import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import type { Project } from '../../../contracts/projects'
import { TRASH_DAYS, TRASH_MSG, type TrashItem, type TrashKind } from '../../../contracts/trash'
import { failureMessage } from '../../../lib/api'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { AreaChip } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState, LoadFailed } from '../../../ui/empty-state'
import {
  IconAlertCircle,
  IconCamera,
  IconClock,
  IconFile,
  IconFolder,
  IconRotateCcw,
  IconTrash,
} from '../../../ui/icons'
import { NotStoredHere, notStored } from '../../../ui/not-stored'
import { notify } from '../../../ui/notify'
import { RowSkeletons } from '../../../ui/row-skeletons'
import { trashQueryOptions, usePurgeTrashItem, useRestoreTrashItem } from '../queries'

const KIND_META: Record<TrashKind, { label: string; Icon: typeof IconFile; tone: string }> = {
  file: { label: 'File', Icon: IconFile, tone: css({ bg: 'slate.100', color: 'slate.600' }) },
  folder: { label: 'Folder', Icon: IconFolder, tone: css({ bg: 'amber.50', color: 'amber.700' }) },
  doc: {
    label: 'Dokumentasi',
    Icon: IconCamera,
    tone: css({ bg: 'area.dokumentasi.bg', color: 'area.dokumentasi.fg' }),
  },
}

function daysLeft(expiresAt: string, now = Date.now()) {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 86_400_000))
}

const isArea = (a: string): a is 'perencanaan' | 'pengawasan' | 'dokumentasi' | 'rekap' =>
  ['perencanaan', 'pengawasan', 'dokumentasi', 'rekap'].includes(a)

/** A long file or folder name wraps after its separators ('_', '-', '.'), not in the middle of a word. */
function breakable(name: string) {
  return name.split(/(?<=[_\-.)\]])/).map((part, i, all) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
    <span key={i}>
      {part}
      {i < all.length - 1 ? <wbr /> : null}
    </span>
  ))
}

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
      <ul
        aria-label="Isi sampah"
        className={css({
          bg: 'surface',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'xl',
          overflow: 'hidden',
          boxShadow: 'xs',
        })}
      >
        {items.map((item) => {
          const meta = KIND_META[item.kind]
          const left = daysLeft(item.expires_at)
          return (
            <li
              key={busyKey(item)}
              aria-label={`${meta.label} ${item.name}`}
              className={stack({
                direction: { base: 'column', md: 'row' },
                align: { base: 'stretch', md: 'center' },
                gap: { base: '3', md: '4' },
                px: { base: '4', md: '5' },
                py: '4',
                '& + &': { borderTopWidth: '1px', borderColor: 'border' },
              })}
            >
              <div className={flex({ gap: '3', flex: '1', minW: '0', align: 'flex-start' })}>
                <span
                  aria-hidden="true"
                  className={`${css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    w: '10',
                    h: '10',
                    flexShrink: 0,
                    borderRadius: 'lg',
                    '& svg': { w: '5', h: '5' },
                  })} ${meta.tone}`}
                >
                  <meta.Icon />
                </span>
                <div className={css({ minW: '0', flex: '1' })}>
                  <p
                    className={css({
                      fontWeight: '600',
                      fontSize: 'sm',
                      color: 'fg',
                      overflowWrap: 'break-word',
                    })}
                  >
                    {item.name ? breakable(item.name) : '(tanpa nama)'}
                  </p>
                  <div className={hstack({ gap: '2', mt: '1', flexWrap: 'wrap' })}>
                    {item.kind === 'doc' ? null : (
                      <span className={css({ fontSize: 'xs', color: 'fgMuted', fontWeight: '500' })}>
                        {meta.label}
                      </span>
                    )}
                    {isArea(item.area) ? <AreaChip area={item.area} /> : null}
                  </div>
                  <p className={css({ mt: '1.5', fontSize: 'xs', color: 'fgMuted' })}>
                    Dihapus oleh{' '}
                    <strong className={css({ fontWeight: '600', color: 'fg' })}>
                      {item.deleted_by?.name ?? 'Akun terhapus'}
                    </strong>{' '}
                    · <time dateTime={item.deleted_at}>{jakartaDateTime(item.deleted_at)}</time>
                  </p>
                  <p
                    className={hstack({
                      mt: '1',
                      gap: '1',
                      fontSize: 'xs',
                      color: left <= 3 ? 'red.700' : 'fgMuted',
                      '& svg': { w: '3.5', h: '3.5', flexShrink: 0 },
                    })}
                  >
                    <IconClock />
                    <span>
                      {left === 0 ? 'Dihapus permanen hari ini' : `Dihapus permanen dalam ${left} hari`} (
                      <time dateTime={item.expires_at}>{jakartaDateTime(item.expires_at)}</time>)
                    </span>
                  </p>
                </div>
              </div>
              <div
                className={hstack({
                  gap: '2',
                  flexShrink: 0,
                  '& > *': { flex: { base: '1', md: 'initial' } },
                })}
              >
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onRestore(item)}
                  loading={restoring === busyKey(item)}
                  disabled={restoring !== null && restoring !== busyKey(item)}
                  needsSignal={needsSignalTo('memulihkan')}
                  aria-label={`Pulihkan ${item.name}`}
                >
                  {restoring === busyKey(item) ? null : <IconRotateCcw />} Pulihkan
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className={css({ color: 'red.700', _hover: { bg: 'red.50' } })}
                  onClick={() => setPurging(item)}
                  needsSignal={needsSignalTo('menghapus')}
                  aria-label={`Hapus permanen ${item.name}`}
                >
                  <IconTrash /> Hapus permanen
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
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
