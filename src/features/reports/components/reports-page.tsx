import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { isCalendarDay } from '../../../contracts/days'
import type { Project } from '../../../contracts/projects'
import { REPORT_MSG } from '../../../contracts/reports'
import { SHARE_MSG } from '../../../contracts/shares'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { ConfirmDialog, lazyDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconFile, IconPlus, IconSend, IconWifiOff } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { ListStates } from '../../../ui/list-states'
import { OfflineNote } from '../../../ui/offline-note'
import { RowSkeletons } from '../../../ui/row-skeletons'
import { reportListQueryOptions } from '../queries'
import type { ReportsRequest } from '../search'
import { ReportRow } from './report-row'
import { useReportActions } from './use-report-actions'

// The dialogs load after the list has painted: the page's own chunk stays small.
const CreateReportDialog = lazyDialog(
  () => import('./create-report-dialog').then((m) => m.CreateReportDialog),
  (p) => p.open,
)
const ShareDialog = lazyDialog(
  () => import('./share-dialog').then((m) => m.ShareDialog),
  (p) => p.target !== null,
)

/**
 * Laporan (admins): the project's reports, newest first, with their progress while the server makes
 * them (the list polls), and per ready report Unduh, Simpan ke Rekap, Bagikan and Hapus.
 */
export function ReportsPage({
  project,
  request = {},
  onRequestDone,
}: {
  project: Project
  /** What a link asked for: 'Buat Laporan' open, maybe with a date range. */
  request?: ReportsRequest
  onRequestDone?: () => void
}) {
  const slug = project.slug
  const list = useQuery(reportListQueryOptions(slug))
  const [creating, setCreating] = useState(request.buat === true)
  // Each opening starts afresh (no values or error left from the last one): the dialog is keyed by it.
  const [createRun, setCreateRun] = useState(0)
  const openCreate = () => {
    setCreateRun((n) => n + 1)
    setCreating(true)
  }
  const { actions, busy, sharing, setSharing, toDelete, setToDelete, confirmDelete, removing } =
    useReportActions(slug)

  const reports = list.data ?? []
  const body = (
    <ListStates
      query={list}
      loading={<ReportsSkeleton />}
      offline={
        <EmptyState
          icon={<IconWifiOff />}
          title={REPORT_MSG.offlineTitle}
          description={REPORT_MSG.offlineHint}
        />
      }
      failedTitle={REPORT_MSG.listFailed}
      empty={
        <EmptyState
          icon={<IconFile />}
          title={REPORT_MSG.emptyTitle}
          description={REPORT_MSG.emptyHint}
          action={
            <Button onClick={openCreate} needsSignal={needsSignalTo('membuat laporan')}>
              <IconPlus /> {REPORT_MSG.buttonCreate}
            </Button>
          }
        />
      }
    >
      <ListCard aria-label="Daftar laporan">
        {reports.map((r) => (
          <ReportRow
            key={r.id}
            report={r}
            downloading={busy[`download:${r.id}`] === true}
            savingToRecap={busy[`recap:${r.id}`] === true}
            retrying={busy[`retry:${r.id}`] === true}
            {...actions}
          />
        ))}
      </ListCard>
    </ListStates>
  )

  return (
    <>
      <ReportsToolbar
        count={reports.length}
        onSharePeriod={() => setSharing({ kind: 'period' })}
        onCreate={openCreate}
      />
      <OfflineNote className={css({ mb: '3' })} />
      {body}
      <CreateReportDialog
        key={createRun}
        project={project}
        open={creating}
        initialRange={requestedRange(request)}
        onClose={() => {
          setCreating(false)
          if (request.buat) onRequestDone?.()
        }}
      />
      <ShareDialog project={project} target={sharing} onClose={() => setSharing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !removing) setToDelete(null)
        }}
        title={REPORT_MSG.confirmDelete}
        description={toDelete ? REPORT_MSG.confirmDeleteText(toDelete.title) : undefined}
        confirmLabel="Hapus"
        onConfirm={confirmDelete}
        loading={removing}
        needsSignal={needsSignalTo('menghapus')}
      />
    </>
  )
}

/** The range a link asked for, if its days exist and are in order (else the dialog starts at 'Minggu ini'). */
function requestedRange({ from, to }: ReportsRequest) {
  return from && to && isCalendarDay(from) && isCalendarDay(to) && from <= to ? { from, to } : undefined
}

function ReportsSkeleton() {
  return (
    <RowSkeletons
      label="Memuat laporan"
      lead={css({ w: '11', h: '11', borderRadius: 'lg' })}
      lines={[css({ h: '3.5', w: '55%' }), css({ h: '3', w: '35%' }), css({ h: '3', w: '70%' })]}
    />
  )
}

/** How many reports, 'Bagikan dokumentasi periode' and 'Buat Laporan'. */
function ReportsToolbar({
  count,
  onSharePeriod,
  onCreate,
}: {
  count: number
  onSharePeriod: () => void
  onCreate: () => void
}) {
  return (
    <div
      className={flex({
        direction: { base: 'column-reverse', sm: 'row' },
        align: { base: 'stretch', sm: 'center' },
        justify: 'space-between',
        gap: '3',
        mb: '4',
      })}
    >
      <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>{count > 0 ? `${count} laporan` : null}</p>
      <div className={flex({ gap: '2', '& > *': { flex: { base: '1', sm: 'initial' } } })}>
        <Button variant="secondary" onClick={onSharePeriod} needsSignal={needsSignalTo('membagikan')}>
          <IconSend />{' '}
          <span className={css({ display: { base: 'none', sm: 'inline' } })}>{SHARE_MSG.sharePeriod}</span>
          <span className={css({ display: { base: 'inline', sm: 'none' } })}>Bagikan periode</span>
        </Button>
        <Button onClick={onCreate} needsSignal={needsSignalTo('membuat laporan')}>
          <IconPlus /> {REPORT_MSG.buttonCreate}
        </Button>
      </div>
    </div>
  )
}
