import { describe, expect, it } from 'vitest'
import { monthLabel, periodLabel } from '../../contracts/days'
import { jakartaDay, lastCompleteWeek, periodOf, projectMonths, projectWeeks, proposedTitle } from './period'

// A project made on Tuesday 3 November 2026 (Jakarta); today is Tuesday 24 November: its fourth week.
const START = '2026-11-03'
const TODAY = '2026-11-24'

describe("the report dialog's period", () => {
  it("'Minggu ini' is the project week holding today, counted from the project's first day, up to today", () => {
    expect(periodOf({ kind: 'this-week' }, START, TODAY)).toEqual({ from: '2026-11-24', to: '2026-11-24' })
    expect(periodOf({ kind: 'this-week' }, START, '2026-11-23')).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    })
    // The project's first day is the first day of week 1.
    expect(periodOf({ kind: 'this-week' }, START, START)).toEqual({ from: '2026-11-03', to: '2026-11-03' })
  })
  it("'Minggu lalu' is the last project week that has ended: the issue's Friday start made on a Friday", () => {
    // Start Friday 6 November 2026; made on Friday 27 November: week 4 begins today, week 3 is 20-26.
    expect(periodOf({ kind: 'last-week' }, '2026-11-06', '2026-11-27')).toEqual({
      from: '2026-11-20',
      to: '2026-11-26',
    })
    expect(lastCompleteWeek('2026-11-06', '2026-11-27')).toEqual({
      n: 3,
      from: '2026-11-20',
      to: '2026-11-26',
    })
    // In the first week there is none yet: the week so far instead.
    expect(lastCompleteWeek(START, '2026-11-05')).toBeNull()
    expect(periodOf({ kind: 'last-week' }, START, '2026-11-05')).toEqual({ from: START, to: '2026-11-05' })
    // A start day still to come: nothing after today either.
    expect(lastCompleteWeek('2026-12-01', TODAY)).toBeNull()
    expect(periodOf({ kind: 'last-week' }, '2026-12-01', TODAY)).toEqual({ from: TODAY, to: TODAY })
  })
  it('no week or month choice ever reaches past today, whatever the start day and today', () => {
    const starts = ['2026-01-01', '2026-10-30', '2026-11-03', '2026-11-06', '2026-11-24', '2026-12-05']
    for (const start of starts)
      for (let d = 1; d <= 30; d++) {
        const today = `2026-11-${String(d).padStart(2, '0')}`
        const choices = [
          { kind: 'last-week' as const },
          { kind: 'this-week' as const },
          ...projectWeeks(start, today).map((w) => ({ kind: 'week' as const, week: w.n })),
          ...projectMonths(start, today).map((month) => ({ kind: 'month' as const, month })),
        ]
        for (const choice of choices) {
          const p = periodOf(choice, start, today)
          expect(p.to <= today && p.from <= p.to, `${start} ${today} ${JSON.stringify(choice)}`).toBe(true)
        }
      }
  })
  it("'Minggu ke-n' is the nth seven days", () => {
    expect(periodOf({ kind: 'week', week: 1 }, START, TODAY)).toEqual({
      from: '2026-11-03',
      to: '2026-11-09',
    })
    expect(periodOf({ kind: 'week', week: 3 }, START, TODAY)).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
    })
  })
  it("'Bulan' is the whole calendar month (up to today for this month), leap years included", () => {
    expect(periodOf({ kind: 'month', month: '2026-11' }, START, TODAY)).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
    })
    expect(periodOf({ kind: 'month', month: '2026-10' }, START, TODAY).to).toBe('2026-10-31')
    expect(periodOf({ kind: 'month', month: '2028-02' }, START, '2028-03-05').to).toBe('2028-02-29')
  })
  it("'Rentang tanggal' is the days typed", () => {
    expect(periodOf({ kind: 'range', from: '2026-11-10', to: '2026-11-12' }, START, TODAY)).toEqual({
      from: '2026-11-10',
      to: '2026-11-12',
    })
  })
})

describe('the weeks and months to choose from', () => {
  it('lists the weeks so far, newest first, each with its days', () => {
    expect(projectWeeks(START, TODAY)).toEqual([
      { n: 4, from: '2026-11-24', to: '2026-11-24' },
      { n: 3, from: '2026-11-17', to: '2026-11-23' },
      { n: 2, from: '2026-11-10', to: '2026-11-16' },
      { n: 1, from: '2026-11-03', to: '2026-11-09' },
    ])
    expect(projectWeeks(START, START)).toEqual([{ n: 1, from: '2026-11-03', to: '2026-11-03' }])
  })
  it('lists the months from the project start to today across a year end', () => {
    expect(projectMonths('2025-11-20', '2026-02-03')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11'])
    expect(projectMonths(START, TODAY)).toEqual(['2026-11'])
  })
})

describe('Indonesian dates', () => {
  it('writes a period as short as it stays clear', () => {
    expect(periodLabel('2026-11-24', '2026-11-30')).toBe('24–30 November 2026')
    expect(periodLabel('2026-11-28', '2026-12-04')).toBe('28 November – 4 Desember 2026')
    expect(periodLabel('2026-12-29', '2027-01-04')).toBe('29 Desember 2026 – 4 Januari 2027')
    expect(periodLabel('2026-08-17', '2026-08-17')).toBe('17 Agustus 2026')
    expect(monthLabel('2026-08')).toBe('Agustus 2026')
  })
  it("reads an instant's day in Jakarta, whatever the device's zone", () => {
    // 20:30 UTC on the 23rd is 03:30 on the 24th in Jakarta (UTC+7).
    expect(jakartaDay('2026-11-23T20:30:00.000Z')).toBe('2026-11-24')
    expect(jakartaDay('2026-11-23T16:59:00.000Z')).toBe('2026-11-23')
  })
  it('proposes the weekly title for a project week, the dates otherwise', () => {
    expect(proposedTitle('Gedung A', START, { from: '2026-11-24', to: '2026-11-30' })).toBe(
      'Laporan Dokumentasi Mingguan - Gedung A - Minggu ke-4',
    )
    expect(proposedTitle('Gedung A', START, { from: '2026-11-01', to: '2026-11-30' })).toBe(
      'Laporan Dokumentasi - Gedung A - 1–30 November 2026',
    )
    // The week so far is titled as such, never as the whole week.
    expect(
      proposedTitle('Gedung A', START, periodOf({ kind: 'this-week' }, START, '2026-11-26'), '2026-11-26'),
    ).toBe('Laporan Dokumentasi Mingguan - Gedung A - Minggu ke-4 (s.d. 26 November 2026)')
  })
})

describe("a link's request to the Laporan page", () => {
  it("opens 'Buat Laporan' from '#buat', with the range of '#buat/{from}/{to}'", async () => {
    const { parseReportsHash } = await import('./search')
    expect(parseReportsHash('')).toEqual({})
    expect(parseReportsHash('#rekap')).toEqual({})
    expect(parseReportsHash('#buat')).toEqual({ buat: true })
    expect(parseReportsHash('#buat/2026-11-01/2026-11-07')).toEqual({
      buat: true,
      from: '2026-11-01',
      to: '2026-11-07',
    })
    expect(parseReportsHash('#buat/kemarin/2026-11-07')).toEqual({ buat: true })
  })
})
