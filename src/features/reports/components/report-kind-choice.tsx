import {
  REPORT_MSG,
  REPORT_PER_PAGE,
  type ReportInclude,
  type ReportKind,
  type ReportPerPage,
} from '../../../contracts/reports'
import { Choices } from './form-parts'

/*
 * The report dialog's choices of kind ('Dokumentasi foto' or 'Mingguan (dari laporan harian)', issue 34)
 * and of the photos (which ones, how many per page: the weekly report lays its photos out itself).
 */

/** A weekly report's proposed title names it as one (weeklyReportTitle on the server). */
export const titleOfKind = (kind: ReportKind, proposed: string) =>
  kind === 'mingguan' ? proposed.replace(/^Laporan Dokumentasi( Mingguan)?/, 'Laporan Mingguan') : proposed

export function ReportKindChoice({
  value,
  onChange,
}: {
  value: ReportKind
  onChange: (k: ReportKind) => void
}) {
  return (
    <Choices
      label={REPORT_MSG.kindLabel}
      name="kind"
      columns={2}
      options={[
        { value: 'dokumentasi', label: REPORT_MSG.kindDokumentasi },
        { value: 'mingguan', label: REPORT_MSG.kindMingguan },
      ]}
      value={value}
      onChange={onChange}
    />
  )
}

export function PhotoChoices(props: {
  kind: ReportKind
  include: ReportInclude
  onInclude: (i: ReportInclude) => void
  perPage: ReportPerPage
  onPerPage: (n: ReportPerPage) => void
}) {
  return (
    <>
      <Choices
        label={REPORT_MSG.includeLabel}
        name="include"
        columns={2}
        options={[
          { value: 'approved', label: REPORT_MSG.includeApproved },
          { value: 'all', label: REPORT_MSG.includeAll },
        ]}
        value={props.include}
        onChange={props.onInclude}
      />
      {props.kind === 'dokumentasi' && (
        <Choices
          label={REPORT_MSG.perPageLabel}
          name="per_page"
          columns={3}
          options={REPORT_PER_PAGE.map((n) => ({ value: n, label: String(n) }))}
          value={props.perPage}
          onChange={props.onPerPage}
        />
      )}
    </>
  )
}
