import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { badge } from 'styled-system/recipes'
import { periodLabel } from '../../../contracts/days'
import { REPORT_MSG, type Report } from '../../../contracts/reports'
import { SHARE_MSG } from '../../../contracts/shares'
import { formatBytes } from '../../../lib/format'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconTile } from '../../../ui/icon-tile'
import {
  IconAlertCircle,
  IconCalendar,
  IconCheckCircle,
  IconDownload,
  IconFile,
  IconFileSpreadsheet,
  IconRotateCcw,
  IconSend,
  IconTrash,
} from '../../../ui/icons'
import { MetaLine } from '../../../ui/meta-line'
import { Notice } from '../../../ui/notice'
import { ProgressBar } from '../../../ui/progress'
import { isWorking } from '../queries'

export type ReportActions = {
  onDownload: (report: Report) => void
  onToRecap: (report: Report) => void
  onShare: (report: Report) => void
  onDelete: (report: Report) => void
  onRetry: (report: Report) => void
}

type Props = ReportActions & {
  report: Report
  downloading: boolean
  savingToRecap: boolean
  retrying: boolean
}

const s = {
  row: css({
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: { base: '3', md: '4' },
    rowGap: '3',
    px: { base: '4', md: '5' },
    py: '4',
  }),
  title: css({ fontWeight: '600', fontSize: 'sm', color: 'fg', overflowWrap: 'anywhere' }),
  line: css({ mt: '0.5' }),
  period: hstack({
    gap: '1.5',
    mt: '1',
    fontSize: 'sm',
    color: 'fg',
    '& svg': { w: '3.5', h: '3.5', color: 'fgSubtle', flexShrink: 0 },
  }),
  // The status and the actions sit under the text on every screen, lined up with it.
  below: css({ gridColumn: { base: '1 / -1', sm: '2' } }),
  // Phones: two equal columns; wider: a row of buttons at their own width.
  actions: css({
    display: { base: 'grid', sm: 'flex' },
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    flexWrap: 'wrap',
    gap: '2',
  }),
}

/** One report: what it covers and, by status, its progress, its failure with 'Coba lagi', or its actions. */
export function ReportRow({ report, downloading, savingToRecap, retrying, ...on }: Props) {
  const working = isWorking(report)
  return (
    <li className={s.row} aria-label={report.title} data-testid="report-row" data-status={report.status}>
      <IconTile
        size="lg"
        aria-hidden="true"
        className={css({ bg: 'red.50', color: 'red.700', borderWidth: '1px', borderColor: 'red.200' })}
      >
        <IconFile />
      </IconTile>
      <div className={css({ minW: '0' })}>
        <p className={s.title}>{report.title}</p>
        <p className={s.period}>
          <IconCalendar aria-hidden="true" />
          <span>{periodLabel(report.period_from, report.period_to)}</span>
        </p>
        {/* One short line each, so a wrapped line never starts with a separator on a phone. */}
        {report.status === 'ready' ? (
          <MetaLine className={s.line}>
            <span>{report.photo_count} foto</span>
            {report.pages ? <span>{report.pages} halaman</span> : null}
            {report.size_bytes ? <span>{formatBytes(report.size_bytes)}</span> : null}
          </MetaLine>
        ) : null}
        <MetaLine className={s.line}>
          <span>{report.include === 'approved' ? REPORT_MSG.includeApproved : REPORT_MSG.includeAll}</span>
          <span>{report.per_page} foto/halaman</span>
        </MetaLine>
        <MetaLine className={s.line}>
          <span>{report.created_by.name}</span>
          <span>
            <time dateTime={report.created_at}>{jakartaDateTime(report.created_at)}</time>
          </span>
        </MetaLine>
      </div>
      <div className={s.below}>
        {working ? (
          <div role="status" aria-live="polite" className={css({ maxW: 'md' })}>
            <p className={css({ fontSize: 'xs', fontWeight: '500', color: 'fgMuted', mb: '1.5' })}>
              {report.status === 'queued' && report.progress === 0
                ? `${REPORT_MSG.queued}...`
                : REPORT_MSG.progress(report.progress)}
            </p>
            <ProgressBar value={report.progress} label={REPORT_MSG.progress(report.progress)} />
          </div>
        ) : report.status === 'failed' ? (
          <div className={flex({ direction: 'column', gap: '2' })}>
            <Notice role="alert" tone="danger" icon={<IconAlertCircle />}>
              {report.error || REPORT_MSG.failed}
            </Notice>
            <div className={s.actions}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => on.onRetry(report)}
                loading={retrying}
                needsSignal={needsSignalTo('membuat laporan')}
              >
                {retrying ? null : <IconRotateCcw />} Coba lagi
              </Button>
              <DeleteButton report={report} onDelete={on.onDelete} />
            </div>
          </div>
        ) : (
          <div className={s.actions}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => on.onDownload(report)}
              loading={downloading}
              needsSignal={needsSignalTo('mengunduh')}
            >
              {downloading ? null : <IconDownload />} {REPORT_MSG.download}
            </Button>
            {report.recap_id !== null ? (
              <span
                className={cx(
                  badge({ tone: 'approved' }),
                  // The height and corners of the buttons beside it: a state in their row, not a button.
                  css({
                    h: '8',
                    px: '3',
                    gap: '1.5',
                    fontSize: 'xs',
                    borderRadius: 'md',
                    alignSelf: 'center',
                    justifyContent: 'center',
                    '& svg': { w: '4', h: '4', flexShrink: 0 },
                  }),
                )}
              >
                <IconCheckCircle /> {REPORT_MSG.inRecap}
              </span>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => on.onToRecap(report)}
                loading={savingToRecap}
                needsSignal={needsSignalTo('menyimpan')}
              >
                {savingToRecap ? null : <IconFileSpreadsheet />} {REPORT_MSG.toRecap}
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => on.onShare(report)}
              needsSignal={needsSignalTo('membagikan')}
            >
              <IconSend /> {SHARE_MSG.buttonShare}
            </Button>
            <DeleteButton report={report} onDelete={on.onDelete} />
          </div>
        )}
      </div>
    </li>
  )
}

function DeleteButton({ report, onDelete }: { report: Report; onDelete: (r: Report) => void }) {
  return (
    <Button
      variant="dangerGhost"
      size="sm"
      onClick={() => onDelete(report)}
      needsSignal={needsSignalTo('menghapus')}
      aria-label={`Hapus ${report.title}`}
    >
      <IconTrash /> Hapus
    </Button>
  )
}
