import { describe, expect, it } from 'vitest'
import { dayLabel, isCalendarDay, monthLabel, periodLabel } from './days'

describe('days in Indonesian', () => {
  it('writes a day and a month', () => {
    expect(dayLabel('2026-08-17')).toBe('17 Agustus 2026')
    expect(dayLabel('')).toBe('')
    expect(monthLabel('2026-12')).toBe('Desember 2026')
  })
  it('writes a period as short as it stays clear', () => {
    expect(periodLabel('2026-11-24', '2026-11-30')).toBe('24–30 November 2026')
    expect(periodLabel('2026-11-28', '2026-12-04')).toBe('28 November – 4 Desember 2026')
    expect(periodLabel('2026-12-29', '2027-01-04')).toBe('29 Desember 2026 – 4 Januari 2027')
    expect(periodLabel('2026-08-17', '2026-08-17')).toBe('17 Agustus 2026')
  })
  it('knows the days from 2000 to 2099 that exist, and no others', () => {
    for (const day of ['2000-01-01', '2024-02-29', '2026-11-27', '2099-12-31'])
      expect(isCalendarDay(day)).toBe(true)
    for (const day of [
      '1999-12-31',
      '2100-01-01',
      '9999-12-31',
      '0000-01-01',
      '+10000-01-01',
      '2026-02-30',
      '2026-1-1',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false)
  })
})
