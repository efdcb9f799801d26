import { useState } from 'react'
import { REPORT_MSG, type Report } from '../../../contracts/reports'
import { failureMessage } from '../../../lib/api'
import { newRequestId } from '../../../lib/upload-request'
import { notify } from '../../../ui/notify'
import { downloadReport } from '../api'
import { useCreateReport, useRemoveReport, useReportToRecap } from '../queries'
import type { ShareTarget } from './share-dialog'

/**
 * What a row of Laporan can start (Unduh, Simpan ke Rekap, Coba lagi, Bagikan, Hapus), which of them is
 * running for which report, and which share or delete dialog is open.
 */
export function useReportActions(slug: string) {
  const create = useCreateReport(slug)
  const toRecap = useReportToRecap(slug)
  const remove = useRemoveReport(slug)
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
              kind: r.kind,
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

  return {
    actions,
    busy,
    sharing,
    setSharing,
    toDelete,
    setToDelete,
    confirmDelete,
    removing: remove.isPending,
  }
}
