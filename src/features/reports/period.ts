import { dayLabel } from '../../contracts/days'
import { defaultReportTitle, projectWeek, projectWeekPeriod, weekOfPeriod } from '../../contracts/reports'

/*
 * The 'Buat Laporan' period choice turned into days. Every day here is YYYY-MM-DD in Asia/Jakarta (the
 * server counts photos by Jakarta days, whatever zone the phone is set to); arithmetic on them is done in
 * UTC, where a day is always 24 hours.
 *
 * No choice reaches past today (issue 30: 'Minggu ini' made on a Friday covered six future days): the
 * week and month holding today end today, and the dialog starts on the last complete project week.
 */

export type Period = { from: string; to: string }

export type PeriodChoice =
  /** The last project week that has ended (yesterday or before). */
  | { kind: 'last-week' }
  /** The project week holding today, up to today. */
  | { kind: 'this-week' }
  | { kind: 'week'; week: number }
  /** 'YYYY-MM' */
  | { kind: 'month'; month: string }
  | { kind: 'range'; from: string; to: string }

export type PeriodKind = PeriodChoice['kind']

const jakartaYmd = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The Asia/Jakarta day of an instant (an ISO time from the server, or now). */
export function jakartaDay(at: string | Date = new Date()): string {
  const d = typeof at === 'string' ? new Date(at) : at
  return Number.isNaN(d.getTime()) ? jakartaYmd.format(new Date()) : jakartaYmd.format(d)
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The last day of a month 'YYYY-MM'. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return iso(Date.UTC(y, m, 0))
}

/** A period cut at today: nothing after it (a period wholly after today becomes today alone). */
export function untilToday(p: Period, today: string): Period {
  if (p.from > today) return { from: today, to: today }
  return { from: p.from, to: p.to > today ? today : p.to }
}

/** The days a choice covers; `start` is the project's first day, `today` Jakarta's today. */
export function periodOf(choice: PeriodChoice, start: string, today: string): Period {
  switch (choice.kind) {
    case 'last-week': {
      const last = lastCompleteWeek(start, today)
      return last ? { from: last.from, to: last.to } : periodOf({ kind: 'this-week' }, start, today)
    }
    case 'this-week':
      return untilToday(projectWeekPeriod(start, projectWeek(start, today)), today)
    case 'week':
      return untilToday(projectWeekPeriod(start, Math.max(1, choice.week)), today)
    case 'month':
      return untilToday({ from: `${choice.month}-01`, to: monthEnd(choice.month) }, today)
    case 'range':
      return { from: choice.from, to: choice.to }
  }
}

export type ProjectWeek = { n: number } & Period

/** The project's weeks so far ('Minggu ke-1' up to the week holding today, that one up to today), newest first. */
export function projectWeeks(start: string, today: string): ProjectWeek[] {
  const current = projectWeek(start, today)
  return Array.from({ length: current }, (_, i) => {
    const n = current - i
    return { n, ...untilToday(projectWeekPeriod(start, n), today) }
  })
}

/** The last project week whose seven days have all passed (it ended yesterday or before), or null. */
export function lastCompleteWeek(start: string, today: string): ProjectWeek | null {
  // The week holding today has not ended; the one before it has, when there is one.
  const n = projectWeek(start, today) - 1
  if (n < 1 || start > today) return null
  return { n, ...projectWeekPeriod(start, n) }
}

/** The months from the project's first day to today, 'YYYY-MM', newest first. */
export function projectMonths(start: string, today: string): string[] {
  const months: string[] = []
  let [y, m] = today.slice(0, 7).split('-').map(Number) as [number, number]
  const first = (start <= today ? start : today).slice(0, 7)
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    months.push(month)
    if (month <= first) break
    m -= 1
    if (m === 0) {
      m = 12
      y -= 1
    }
  }
  return months
}

/**
 * The title the dialog proposes: 'Minggu ke-n' when the period is exactly a project week; the week so
 * far says up to which day ('Minggu ke-4 (s.d. 24 November 2026)'), so a part of a week is never
 * titled as the whole of it; other periods name their dates.
 */
export function proposedTitle(project: string, start: string, p: Period, today?: string): string {
  const n = projectWeek(start, p.from)
  const week = projectWeekPeriod(start, n)
  if (today && p.from === week.from && p.to === today && p.to < week.to && start <= p.from)
    return `${defaultReportTitle(project, n, p.from, p.to)} (s.d. ${dayLabel(p.to)})`
  return defaultReportTitle(project, weekOfPeriod(start, p.from, p.to), p.from, p.to)
}
