import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { Project } from '../../../contracts/projects'
import { RECAP_MSG } from '../../../contracts/recaps'
import { projectCan } from '../../../lib/can'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconAlertCircle, IconFileSpreadsheet, IconWifiOff } from '../../../ui/icons'
import { OfflineNote } from '../../../ui/offline-note'
import { QueuedFiles } from '../../../ui/queued-files'
import { Spinner } from '../../../ui/spinner'
import { recapListQueryOptions } from '../queries'
import { RecapError, RecapHeader } from './recap-parts'
import { RecapRow } from './recap-row'
import { useRecapActions } from './use-recap-actions'

/**
 * The 'Rekapitulasi' tab (SPEC section 2): the project's recap files for everyone to download; admins
 * upload (as soon as a file is chosen) and delete (after 'Konfirmasi Penghapusan'). Failures show as a
 * toast and stay in a red banner until 'Tutup'.
 */
export function RecapTab({ project }: { project: Project }) {
  // Upload and delete: the project's `can` from the server's policy (recap.manage), not the role.
  const isAdmin = projectCan(project).recaps
  const online = useOnline()
  const list = useQuery(recapListQueryOptions(project.slug))
  const a = useRecapActions(project, list, online)

  const recaps = list.data ?? []
  return (
    <Card padding="none" className={css({ overflow: 'clip' })} data-area="rekap">
      <RecapHeader
        count={list.data ? recaps.length : null}
        isAdmin={isAdmin}
        input={a.input}
        uploading={a.uploading}
        onChoose={a.onChoose}
      />

      {a.queued.length > 0 ? (
        <div className={css({ px: { base: '4', md: '5' }, py: '3' })}>
          <QueuedFiles keys={a.queued} />
        </div>
      ) : null}

      {a.error ? <RecapError message={a.error} onClose={a.dismissError} /> : null}

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
              downloading={a.downloading[recap.id] === true}
              onDownload={a.onDownload}
              onDelete={a.setToDelete}
            />
          ))}
        </ul>
      </RecapBody>

      <ConfirmDialog
        open={a.toDelete !== null}
        onOpenChange={(open) => (open ? undefined : a.setToDelete(null))}
        title={RECAP_MSG.confirmTitle}
        description={a.toDelete ? RECAP_MSG.confirmQuestion(a.toDelete.name) : undefined}
        confirmLabel={RECAP_MSG.confirmButton}
        onConfirm={a.onConfirmDelete}
        loading={a.deleting}
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
