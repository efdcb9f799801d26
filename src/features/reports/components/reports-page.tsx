import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { isCalendarDay } from '../../../contracts/days'
import type { Project } from '../../../contracts/projects'
import { REPORT_MSG, type Report } from '../../../contracts/reports'
import { SHARE_MSG } from '../../../contracts/shares'
import { failureMessage } from '../../../lib/api'
import { newRequestId } from '../../../lib/upload-request'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { ConfirmDialog, lazyDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconFile, IconPlus, IconSend, IconWifiOff } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { ListStates } from '../../../ui/list-states'
import { notify } from '../../../ui/notify'
import { OfflineNote } from '../../../ui/offline-note'
import { RowSkeletons } from '../../../ui/row-skeletons'
import { downloadReport } from '../api'
import { reportListQueryOptions, useCreateReport, useRemoveReport, useReportToRecap } from '../queries'
import type { ReportsRequest } from '../search'
import { ReportRow } from './report-row'
import type { ShareTarget } from './share-dialog'

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
  const create = useCreateReport(slug)
  const toRecap = useReportToRecap(slug)
  const remove = useRemoveReport(slug)
  const [creating, setCreating] = useState(request.buat === true)
  // Each opening starts afresh (no values or error left from the last one): the dialog is keyed by it.
  const [createRun, setCreateRun] = useState(0)
  const openCreate = () => {
    setCreateRun((n) => n + 1)
    setCreating(true)
  }
  const [sharing, setSharing] = useState<ShareTarget | null>(null)
  const [toDelete, setToDelete] = useState<Report | null>(null)
  const [busy, setBusy] = useState<Record<string, true>>({})
  const mark = (key: string, on: boolean) =>
    setBusy(({ [key]: _, ...rest }) => (on ? { ...rest, [key]: true as const } : rest))

  async function run(key: string, work: () => Promise<unknown>, failed: string) {
    if (busy[key]) return
    mark(key, true)
    try {
      await work()
    } catch (err) {
      notify('error', failureMessage(err, { failed, thrown: `${failed}. Periksa koneksi Anda.` }))
    } finally {
      mark(key, false)
    }
  }

  const actions = {
    onDownload: (r: Report) =>
      run(`download:${r.id}`, () => downloadReport(slug, r), REPORT_MSG.downloadFailed),
    onToRecap: (r: Report) =>
      run(
        `recap:${r.id}`,
        async () => {
          await toRecap.mutateAsync(r)
          notify('success', REPORT_MSG.savedToRecap)
        },
        REPORT_MSG.toRecapFailed,
      ),
    // 'Coba lagi' asks for the same report again (a new one; the failed one stays until deleted).
    onRetry: (r: Report) =>
      run(
        `retry:${r.id}`,
        () =>
          create.mutateAsync({
            key: newRequestId(),
            input: {
              from: r.period_from,
              to: r.period_to,
              work_item_ids: r.work_item_ids ?? undefined,
              include: r.include,
              per_page: r.per_page,
              title: r.title,
            },
          }),
        REPORT_MSG.createFailed,
      ),
    onShare: (r: Report) => setSharing({ kind: 'report', report: r }),
    onDelete: (r: Report) => setToDelete(r),
  }

  async function confirmDelete() {
    if (!toDelete) return
    try {
      await remove.mutateAsync(toDelete)
      notify('success', REPORT_MSG.deleted)
      setToDelete(null)
    } catch (err) {
      notify(
        'error',
        failureMessage(err, { failed: REPORT_MSG.deleteFailed, thrown: REPORT_MSG.deleteFailed }),
      )
    }
  }

  const reports = list.data ?? []
  const toolbar = (
    <div
      className={flex({
        direction: { base: 'column-reverse', sm: 'row' },
        align: { base: 'stretch', sm: 'center' },
        justify: 'space-between',
        gap: '3',
        mb: '4',
      })}
    >
      <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
        {reports.length > 0 ? `${reports.length} laporan` : null}
      </p>
      <div className={flex({ gap: '2', '& > *': { flex: { base: '1', sm: 'initial' } } })}>
        <Button
          variant="secondary"
          onClick={() => setSharing({ kind: 'period' })}
          needsSignal={needsSignalTo('membagikan')}
        >
          <IconSend />{' '}
          <span className={css({ display: { base: 'none', sm: 'inline' } })}>{SHARE_MSG.sharePeriod}</span>
          <span className={css({ display: { base: 'inline', sm: 'none' } })}>Bagikan periode</span>
        </Button>
        <Button onClick={openCreate} needsSignal={needsSignalTo('membuat laporan')}>
          <IconPlus /> {REPORT_MSG.buttonCreate}
        </Button>
      </div>
    </div>
  )

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
      {toolbar}
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
          if (!open && !remove.isPending) setToDelete(null)
        }}
        title={REPORT_MSG.confirmDelete}
        description={toDelete ? REPORT_MSG.confirmDeleteText(toDelete.title) : undefined}
        confirmLabel="Hapus"
        onConfirm={confirmDelete}
        loading={remove.isPending}
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
