import { useQuery } from '@tanstack/react-query'
import { css, cx } from 'styled-system/css'
import { isCalendarDay } from '../../../contracts/days'
import type { ReportCount, ReportInclude } from '../../../contracts/reports'
import { formatDateLong } from '../../../lib/format'
import { IconAlertTriangle, IconImages } from '../../../ui/icons'
import { Skeleton } from '../../../ui/skeleton'
import { reportCountQueryOptions } from '../queries'

type Props = {
  slug: string
  from: string
  to: string
  include: ReportInclude
  workItemIds: number[] | null
  enabled: boolean
}

const note = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  px: '3',
  py: '2',
  fontSize: 'sm',
  borderRadius: 'md',
  '& svg': { flexShrink: 0, mt: '0.5' },
})

/** What the server will put in the report: the photo count, and a warning when the same one exists. */
export function useReportCount({ slug, from, to, include, workItemIds, enabled }: Props) {
  const valid = isCalendarDay(from) && isCalendarDay(to) && from <= to
  return useQuery({
    ...reportCountQueryOptions(slug, { from, to, include, workItemIds }),
    enabled: enabled && valid,
  })
}

export function ReportCountNote({ count, pending }: { count: ReportCount | undefined; pending: boolean }) {
  if (pending) return <Skeleton as="div" className={css({ h: '9', borderRadius: 'md' })} />
  if (!count) return null
  const same = count.same[0]
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <p
        data-testid="report-count"
        aria-live="polite"
        className={cx(
          note,
          css({
            bg: count.photos ? 'brand.soft' : 'warning.soft',
            color: count.photos ? 'brand.fg' : 'warning.fg',
          }),
        )}
      >
        <IconImages size={16} />
        {count.photos
          ? `${count.photos} foto akan dimasukkan`
          : 'Tidak ada foto pada periode dan pilihan ini'}
      </p>
      {same ? (
        <p role="alert" className={cx(note, css({ bg: 'warning.soft', color: 'warning.fg' }))}>
          <IconAlertTriangle size={16} />
          <span>
            Laporan dengan periode dan isi yang sama sudah ada: <strong>{same.title}</strong> (dibuat{' '}
            {formatDateLong(same.created_at)}). Membuatnya lagi menghasilkan laporan kedua dengan kode
            verifikasi lain.
          </span>
        </p>
      ) : null}
    </div>
  )
}
