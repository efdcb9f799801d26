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
  lastCompleteWeek,
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
  { value: 'last-week', label: REPORT_MSG.lastWeek },
  { value: 'this-week', label: REPORT_MSG.thisWeek },
  { value: 'week', label: REPORT_MSG.week },
  { value: 'month', label: REPORT_MSG.month },
  { value: 'range', label: REPORT_MSG.range },
]

/** A choice's pill: its name, and under it the days it comes to (issue 30: dates beside every choice). */
function choiceLabel(label: string, detail: string) {
  return (
    <span
      className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: '1.25' })}
    >
      <span>{label}</span>
      <span className={css({ fontSize: '0.6875rem', fontWeight: '400', whiteSpace: 'normal' })}>
        {detail}
      </span>
    </span>
  )
}

/** The period a report or a period link covers: its choice, and the days it comes to. */
export function usePeriodPicker(project: Project, initialRange?: Period) {
  // The project's start day (the contract's) when set, else the day it was made in Berkas.
  const start = project.start_day ?? jakartaDay(project.created_at)
  const today = jakartaDay()
  const weeks = useMemo(() => projectWeeks(start, today), [start, today])
  const months = useMemo(() => projectMonths(start, today), [start, today])
  // The last complete week by default: never a period reaching into the future (issue 30).
  const [kind, setKind] = useState<PeriodKind>(initialRange ? 'range' : 'last-week')
  const [week, setWeek] = useState(weeks[0]?.n ?? 1)
  const [month, setMonth] = useState(months[0] ?? today.slice(0, 7))
  const [range, setRange] = useState<Period>(initialRange ?? periodOf({ kind: 'last-week' }, start, today))
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
  const lastWeek = lastCompleteWeek(start, today)
  /** 'Minggu ke-3 · 16–22 November 2026' for each kind as it stands now. */
  const details: Record<PeriodKind, string> = {
    'last-week': weekDetail(
      lastWeek ?? { n: weeks[0]?.n ?? 1, ...periodOf({ kind: 'last-week' }, start, today) },
    ),
    'this-week': weekDetail({ n: weeks[0]?.n ?? 1, ...periodOf({ kind: 'this-week' }, start, today) }),
    week: weekDetail({ n: week, ...periodOf({ kind: 'week', week }, start, today) }),
    month: label(periodOf({ kind: 'month', month }, start, today)),
    range: label(range),
  }
  return {
    details,
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

const label = (p: Period) => (p.from && p.to ? periodLabel(p.from, p.to) : '-')
const weekDetail = (w: { n: number } & Period) => `Minggu ke-${w.n} · ${label(w)}`

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
        columns={5}
        options={PERIOD_KINDS.map((k) => ({
          value: k.value,
          label: choiceLabel(k.label, p.details[k.value]),
        }))}
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
            max={p.today}
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
          {p.details[p.kind]}
          {p.period.to === p.today ? ' (sampai hari ini)' : null}
        </span>
      </p>
      {p.kind === 'last-week' || p.kind === 'this-week' || p.kind === 'week' ? (
        <StartDay project={p.project} start={p.start} today={p.today} />
      ) : null}
      {periodError && p.kind !== 'range' ? <FormError message={periodError} /> : null}
    </>
  )
}
