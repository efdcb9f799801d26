import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { pathTo } from '../../../contracts/endpoint'
import type { Project } from '../../../contracts/projects'
import { RECAP_ACCEPT, RECAP_MSG, type RecapFile } from '../../../contracts/recaps'
import * as recapEndpoints from '../../../contracts/recaps.endpoints'
import * as resumable from '../../../contracts/resumable-uploads.endpoints'
import { errorMessage } from '../../../lib/api'
import { projectCan } from '../../../lib/can'
import { useCurrentUser } from '../../../lib/current-user'
import { type FileTarget, isBigFile, queueBigFile, queueSmallFiles } from '../../../lib/file-outbox'
import { isRetryableStatus } from '../../../lib/outbox-backoff'
import { newRequestId } from '../../../lib/upload-request'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconTile } from '../../../ui/icon-tile'
import { IconAlertCircle, IconFileSpreadsheet, IconUpload, IconWifiOff, IconX } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { OfflineNote } from '../../../ui/offline-note'
import { QueuedFiles, useAllLanded } from '../../../ui/queued-files'
import { Spinner } from '../../../ui/spinner'
import { downloadRecap } from '../api'
import { recapListQueryOptions, useRemoveRecap, useUploadRecap } from '../queries'
import { RecapRow } from './recap-row'

/**
 * The 'Rekapitulasi' tab (SPEC section 2): the project's recap files for everyone to download; admins
 * upload (as soon as a file is chosen) and delete (after 'Konfirmasi Penghapusan'). Failures show as a
 * toast and stay in a red banner until 'Tutup'.
 */
export function RecapTab({ project }: { project: Project }) {
  const slug = project.slug
  // Upload and delete: the project's `can` from the server's policy (recap.manage), not the role.
  const isAdmin = projectCan(project).recaps
  const online = useOnline()
  const list = useQuery(recapListQueryOptions(slug))
  const upload = useUploadRecap(slug)
  const remove = useRemoveRecap(slug)
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<RecapFile | null>(null)
  const [downloading, setDownloading] = useState<Record<number, true>>({})

  const fail = (message: string) => {
    setError(message)
    notify('error', message)
  }

  // SPEC section 8: a failed load says 'Gagal memuat daftar rekap' (or the server's message).
  // Without signal a refetch cannot run: the saved list is shown with the offline note, never this error.
  const loadError =
    list.isError && online && list.fetchStatus === 'idle'
      ? errorMessage(list.error, RECAP_MSG.listFailed)
      : null
  useEffect(() => {
    if (loadError) setError(loadError)
  }, [loadError])

  /** Outbox items of files chosen here (big ones always, any without signal or after a failed send). */
  const [queued, setQueued] = useState<string[]>([])
  const user = useCurrentUser()
  const target: FileTarget = {
    kind: 'recap.upload',
    slug,
    where: `Rekap · ${project.name}`,
    owner: { id: user.id, name: user.name },
    uploadUrl: pathTo(recapEndpoints.upload, { slug }),
    field: 'file',
    resumableUrl: pathTo(resumable.recapCreate, { slug }),
  }
  useAllLanded(queued, () => {
    notify('success', RECAP_MSG.uploaded)
    setQueued([])
  })

  async function queue(file: File, key: string) {
    const item = isBigFile(file)
      ? await queueBigFile(target, file)
      : await queueSmallFiles(target, [file], key)
    setQueued((current) => [...current, item.key])
  }

  async function onChoose(file: File | undefined) {
    if (input.current) input.current.value = ''
    if (!file) return
    setError(null)
    const key = newRequestId()
    // Big files go in parts, and without signal the file waits in the outbox (decision 0080).
    if (!online || isBigFile(file)) return queue(file, key)
    try {
      await upload.mutateAsync({ file, key })
      notify('success', RECAP_MSG.uploaded)
    } catch (err) {
      const status = (err as { status?: unknown })?.status
      if (typeof status === 'number' && isRetryableStatus(status)) return queue(file, key)
      fail(errorMessage(err, RECAP_MSG.uploadFailed))
    }
  }

  async function onDownload(recap: RecapFile) {
    if (downloading[recap.id]) return
    setDownloading((d) => ({ ...d, [recap.id]: true }))
    try {
      await downloadRecap(slug, recap)
    } catch (err) {
      fail(errorMessage(err, RECAP_MSG.downloadFailed))
    } finally {
      setDownloading(({ [recap.id]: _, ...rest }) => rest)
    }
  }

  async function onConfirmDelete() {
    if (!toDelete) return
    try {
      await remove.mutateAsync(toDelete)
      notify('success', RECAP_MSG.deleted)
      setToDelete(null)
    } catch (err) {
      setToDelete(null)
      fail(errorMessage(err, RECAP_MSG.deleteFailed))
    }
  }

  const recaps = list.data ?? []
  const meta = AREA_META.rekap
  return (
    <Card padding="none" className={css({ overflow: 'clip' })} data-area="rekap">
      <div
        className={stack({
          direction: { base: 'column', sm: 'row' },
          align: { base: 'stretch', sm: 'center' },
          justify: 'space-between',
          gap: '3',
          px: { base: '4', md: '5' },
          py: '3',
          borderBottomWidth: '1px',
          borderColor: 'border',
        })}
      >
        <div className={hstack({ gap: '3', minW: '0' })}>
          <IconTile size="md" className={meta.tone}>
            <IconFileSpreadsheet />
          </IconTile>
          <div className={css({ minW: '0' })}>
            <h2 className={css({ fontWeight: '600', color: 'fg' })}>{meta.label}</h2>
            <p className={css({ fontSize: 'xs', color: 'fgMuted' })}>
              {list.data ? `${recaps.length} file · ` : ''}PDF, Word, Excel dan PowerPoint
            </p>
          </div>
        </div>
        {isAdmin ? (
          <>
            <input
              ref={input}
              type="file"
              accept={RECAP_ACCEPT}
              hidden
              data-testid="recap-file-input"
              onChange={(e) => onChoose(e.currentTarget.files?.[0])}
            />
            <Button onClick={() => input.current?.click()} loading={upload.isPending}>
              {upload.isPending ? null : <IconUpload />}
              {upload.isPending ? 'Mengunggah...' : 'Upload File'}
            </Button>
          </>
        ) : null}
      </div>

      {queued.length > 0 ? (
        <div className={css({ px: { base: '4', md: '5' }, py: '3' })}>
          <QueuedFiles keys={queued} />
        </div>
      ) : null}

      {error ? (
        <div
          role="alert"
          className={css({
            display: 'flex',
            alignItems: 'flex-start',
            gap: '3',
            mx: { base: '4', md: '5' },
            mt: '4',
            px: '4',
            py: '3',
            bg: 'red.50',
            color: 'red.800',
            borderWidth: '1px',
            borderColor: 'red.200',
            borderRadius: 'md',
            fontSize: 'sm',
          })}
        >
          <IconAlertCircle className={css({ flexShrink: 0, mt: '0.5', color: 'red.600' })} size={16} />
          <p className={css({ flex: '1', minW: '0', wordBreak: 'break-word' })}>{error}</p>
          <Button
            variant="ghost"
            size="sm"
            className={css({ color: 'red.800', mt: '-1', mr: '-2', _hover: { bg: 'red.100' } })}
            onClick={() => setError(null)}
          >
            <IconX /> Tutup
          </Button>
        </div>
      ) : null}

      <RecapBody
        state={list.isPending ? (list.fetchStatus === 'paused' || !online ? 'offline' : 'loading') : 'ready'}
        failed={list.isError && !list.data && online}
        onRetry={() => list.refetch()}
        isAdmin={isAdmin}
        count={recaps.length}
      >
        <OfflineNote className={css({ mx: { base: '4', md: '5' }, mt: '3' })} />
        <ul aria-label="File rekap">
          {recaps.map((recap) => (
            <RecapRow
              key={recap.id}
              recap={recap}
              canDelete={isAdmin}
              downloading={downloading[recap.id] === true}
              onDownload={onDownload}
              onDelete={setToDelete}
            />
          ))}
        </ul>
      </RecapBody>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={RECAP_MSG.confirmTitle}
        description={toDelete ? RECAP_MSG.confirmQuestion(toDelete.name) : undefined}
        confirmLabel={RECAP_MSG.confirmButton}
        onConfirm={onConfirmDelete}
        loading={remove.isPending}
        needsSignal={needsSignalTo('menghapus')}
      >
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>{RECAP_MSG.confirmNote}</p>
      </ConfirmDialog>
    </Card>
  )
}

function RecapBody({
  state,
  failed,
  onRetry,
  isAdmin,
  count,
  children,
}: {
  state: 'loading' | 'offline' | 'ready'
  failed: boolean
  onRetry: () => void
  isAdmin: boolean
  count: number
  children: ReactNode
}) {
  const pad = css({ p: { base: '4', md: '5' } })
  if (state === 'loading')
    return (
      <div
        className={hstack({
          justify: 'center',
          gap: '2',
          py: '14',
          color: 'fgMuted',
          fontSize: 'sm',
        })}
      >
        <Spinner /> {RECAP_MSG.loading}
      </div>
    )
  if (state === 'offline')
    return (
      <div className={pad}>
        <EmptyState
          icon={<IconWifiOff />}
          title="Daftar rekap belum tersedia offline"
          description="Buka tab ini sekali saat tersambung, maka daftarnya tetap dapat dilihat tanpa sinyal."
        />
      </div>
    )
  if (failed)
    return (
      <div className={pad}>
        <EmptyState
          icon={<IconAlertCircle />}
          title={RECAP_MSG.listFailed}
          action={
            <Button variant="secondary" onClick={onRetry}>
              Coba lagi
            </Button>
          }
        />
      </div>
    )
  if (count === 0)
    return (
      <div className={pad}>
        <EmptyState
          icon={<IconFileSpreadsheet />}
          title={RECAP_MSG.empty}
          description={isAdmin ? RECAP_MSG.emptyAdmin : undefined}
        />
      </div>
    )
  return <>{children}</>
}
