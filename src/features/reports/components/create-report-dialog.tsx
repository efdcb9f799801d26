import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import type { Project } from '../../../contracts/projects'
import {
  REPORT_MSG,
  type ReportCreate,
  ReportCreateSchema,
  type ReportInclude,
  type ReportKind,
  type ReportPerPage,
} from '../../../contracts/reports'
import { toApiError } from '../../../lib/api'
import { validate } from '../../../lib/form'
import { newRequestId } from '../../../lib/upload-request'
import { needsSignalTo } from '../../../lib/use-online'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { FormDialog } from '../../../ui/dialog'
import { FormError, TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { withoutMessage } from '../form-errors'
import { type Period, proposedTitle } from '../period'
import { useCreateReport } from '../queries'
import { PeriodFields, usePeriodPicker } from './period-fields'
import { ReportCountNote, useReportCount } from './report-count-note'
import { PhotoChoices, ReportKindChoice, titleOfKind } from './report-kind-choice'
import { WorkItemChoice } from './work-item-choice'

type Props = {
  project: Project
  open: boolean
  /** A date range to start from (the Dokumentasi tab's date filter). */
  initialRange?: Period
  onClose: () => void
}

/**
 * 'Buat Laporan': the period (this project week, a given week, a month or dates), the work items, which
 * photos, photos per page and the title (proposed from the period until edited). The server answers
 * 202 and makes the PDF in the background; an empty period is refused before anything is queued, and
 * its message stays in the dialog.
 */
export function CreateReportDialog({ project, open, initialRange, onClose }: Props) {
  const create = useCreateReport(project.slug)
  const picker = usePeriodPicker(project, initialRange)
  const { period, start, today } = picker
  const [scope, setScope] = useState<'all' | 'some'>('all')
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set())
  const [kind, setKind] = useState<ReportKind>('dokumentasi')
  const [include, setInclude] = useState<ReportInclude>('approved')
  const [perPage, setPerPage] = useState<ReportPerPage>(4)
  const [title, setTitle] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  // One key per content: a double tap or a retry after a lost answer queues one report.
  const sent = useRef<{ body: string; key: string } | null>(null)

  const shownTitle = title ?? titleOfKind(kind, proposedTitle(project.name, start, period, today))
  const workItems = useQuery({ ...workItemsQueryOptions(project.id), enabled: open })
  const chosenItems = scope === 'some' && picked.size > 0 ? [...picked].sort((a, b) => a - b) : null
  const count = useReportCount({
    slug: project.slug,
    from: period.from,
    to: period.to,
    include,
    workItemIds: chosenItems,
    enabled: open && !(scope === 'some' && picked.size === 0),
  })
  const duplicate = (count.data?.same.length ?? 0) > 0

  const edited = () => {
    setErrors({})
    setFailure(null)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (create.isPending) return
    if (scope === 'some' && picked.size === 0) {
      setErrors({ work_item_ids: REPORT_MSG.pickWorkItem })
      return
    }
    const checked = validate(ReportCreateSchema, {
      kind,
      from: period.from,
      to: period.to,
      work_item_ids: scope === 'some' ? [...picked].sort((a, b) => a - b) : undefined,
      include,
      per_page: perPage,
      title: shownTitle.trim() || undefined,
    })
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    const input: ReportCreate = checked.output
    const body = JSON.stringify(input)
    if (sent.current?.body !== body) sent.current = { body, key: newRequestId() }
    try {
      await create.mutateAsync({ input, key: sent.current.key })
      sent.current = null
      notify('success', REPORT_MSG.created)
      onClose()
    } catch (err) {
      const error = toApiError(err, REPORT_MSG.createFailed)
      // A refusal is the final answer for this content; a lost or failed call is retried under its key.
      if (error.status >= 400 && error.status < 500) sent.current = null
      // A field error that is the answer's own message shows once, in the banner.
      setErrors(withoutMessage(error.errors, error.message))
      setFailure(error.status === 0 ? `${REPORT_MSG.createFailed}. Periksa koneksi Anda.` : error.message)
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      size="lg"
      title={REPORT_MSG.buttonCreate}
      description={project.name}
      // A report like one already made is still allowed (a re-print after late approvals), said plainly.
      submitLabel={duplicate ? 'Tetap Buat Laporan' : REPORT_MSG.buttonCreate}
      pending={create.isPending}
      needsSignal={needsSignalTo('membuat laporan')}
      onSubmit={onSubmit}
    >
      <ReportKindChoice
        value={kind}
        onChange={(k) => {
          setKind(k)
          edited()
        }}
      />
      <PeriodFields picker={picker} errors={errors} onEdit={edited} />

      <WorkItemChoice
        pending={workItems.isPending}
        items={workItems.data ?? []}
        scope={scope}
        onScope={(next) => {
          setScope(next)
          edited()
        }}
        picked={picked}
        onPick={(id, on) => {
          setPicked((p) => {
            const next = new Set(p)
            if (on) next.add(id)
            else next.delete(id)
            return next
          })
          edited()
        }}
        error={errors.work_item_ids}
      />

      <PhotoChoices
        kind={kind}
        include={include}
        onInclude={(i) => {
          setInclude(i)
          edited()
        }}
        perPage={perPage}
        onPerPage={(n) => {
          setPerPage(n)
          edited()
        }}
      />
      <ReportCountNote count={count.data} pending={count.isFetching && !count.data} />
      <TextField
        label={REPORT_MSG.titleLabel}
        value={shownTitle}
        error={errors.title}
        onChange={(e) => {
          setTitle(e.target.value)
          edited()
        }}
      />
      <FormError message={failure} />
    </FormDialog>
  )
}
