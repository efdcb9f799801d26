import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { monthLabel, periodLabel } from '../../../contracts/days'
import type { Project } from '../../../contracts/projects'
import { REPORT_MSG } from '../../../contracts/reports'
import { FormError, SelectField, TextField } from '../../../ui/field'
import { IconCalendar } from '../../../ui/icons'
import {
  jakartaDay,
  type Period,
  type PeriodChoice,
  type PeriodKind,
  periodOf,
  projectMonths,
  projectWeeks,
} from '../period'
import { Choices } from './form-parts'
import { StartDay } from './start-day'

const PERIOD_KINDS: { value: PeriodKind; label: string }[] = [
  { value: 'this-week', label: REPORT_MSG.thisWeek },
  { value: 'week', label: REPORT_MSG.week },
  { value: 'month', label: REPORT_MSG.month },
  { value: 'range', label: REPORT_MSG.range },
]

/** The period a report or a period link covers: its choice, and the days it comes to. */
export function usePeriodPicker(project: Project, initialRange?: Period) {
  // The project's start day (the contract's) when set, else the day it was made in Berkas.
  const start = project.start_day ?? jakartaDay(project.created_at)
  const today = jakartaDay()
  const weeks = useMemo(() => projectWeeks(start, today), [start, today])
  const months = useMemo(() => projectMonths(start, today), [start, today])
  const [kind, setKind] = useState<PeriodKind>(initialRange ? 'range' : 'this-week')
  const [week, setWeek] = useState(weeks[0]?.n ?? 1)
  const [month, setMonth] = useState(months[0] ?? today.slice(0, 7))
  const [range, setRange] = useState<Period>(initialRange ?? periodOf({ kind: 'this-week' }, start, today))
  // A new start day renumbers the weeks: the week picked is this week's number again.
  const current = weeks[0]?.n ?? 1
  useEffect(() => setWeek(current), [current])
  const choice: PeriodChoice =
    kind === 'week'
      ? { kind, week }
      : kind === 'month'
        ? { kind, month }
        : kind === 'range'
          ? { kind, ...range }
          : { kind }
  return {
    project,
    start,
    today,
    weeks,
    months,
    kind,
    setKind,
    week,
    setWeek,
    month,
    setMonth,
    range,
    setRange,
    period: periodOf(choice, start, today),
  }
}

export type PeriodPicker = ReturnType<typeof usePeriodPicker>

/** 'Minggu ini' / 'Minggu ke-' (a select of the weeks so far) / 'Bulan' / 'Rentang tanggal', and the days chosen. */
export function PeriodFields({
  picker: p,
  errors,
  onEdit,
}: {
  picker: PeriodPicker
  errors: Record<string, string | undefined>
  /** Any change: the dialog clears its errors. */
  onEdit: () => void
}) {
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      onEdit()
    }
  const periodError = errors.to ?? errors.from
  return (
    <>
      <Choices
        label={REPORT_MSG.periodLabel}
        name="period"
        columns={4}
        options={PERIOD_KINDS}
        value={p.kind}
        onChange={edit(p.setKind)}
      />
      {p.kind === 'week' ? (
        <SelectField
          label="Minggu project"
          value={String(p.week)}
          onChange={(e) => edit(p.setWeek)(Number(e.target.value))}
          options={p.weeks.map((w) => ({
            value: String(w.n),
            label: `Minggu ke-${w.n} · ${periodLabel(w.from, w.to)}`,
          }))}
        />
      ) : p.kind === 'month' ? (
        <SelectField
          label={REPORT_MSG.month}
          value={p.month}
          onChange={(e) => edit(p.setMonth)(e.target.value)}
          options={p.months.map((m) => ({ value: m, label: monthLabel(m) }))}
        />
      ) : p.kind === 'range' ? (
        <div className={grid({ columns: 2, gap: '3' })}>
          <TextField
            label="Dari tanggal"
            type="date"
            value={p.range.from}
            max={p.today}
            error={errors.from}
            onChange={(e) => edit(p.setRange)({ ...p.range, from: e.target.value })}
          />
          <TextField
            label="Sampai tanggal"
            type="date"
            value={p.range.to}
            error={errors.to}
            onChange={(e) => edit(p.setRange)({ ...p.range, to: e.target.value })}
          />
        </div>
      ) : null}
      <p
        data-testid="chosen-period"
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          mt: '-1',
          px: '3',
          py: '2',
          fontSize: 'sm',
          bg: 'subtle',
          borderRadius: 'md',
          color: 'fg',
          '& svg': { color: 'fgSubtle', flexShrink: 0 },
        })}
      >
        <IconCalendar />
        <span>
          {p.kind === 'this-week' ? `Minggu ke-${p.weeks[0]?.n ?? 1} · ` : null}
          {p.period.from && p.period.to ? periodLabel(p.period.from, p.period.to) : '-'}
        </span>
      </p>
      {p.kind === 'this-week' || p.kind === 'week' ? (
        <StartDay project={p.project} start={p.start} today={p.today} />
      ) : null}
      {periodError && p.kind !== 'range' ? <FormError message={periodError} /> : null}
    </>
  )
}
