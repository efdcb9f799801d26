import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from '../../lib/format'

/** SPEC 2: the relative time on notifications, at each threshold exactly. */
const now = new Date('2026-11-22T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

describe('notification relative time (SPEC thresholds)', () => {
  it.each([
    [0, 'Baru saja'],
    [59, 'Baru saja'],
    [60, '1 menit yang lalu'],
    [59 * 60 + 59, '59 menit yang lalu'],
    [60 * 60, '1 jam yang lalu'],
    [24 * 3600 - 1, '23 jam yang lalu'],
    [24 * 3600, '1 hari yang lalu'],
    [7 * 24 * 3600 - 1, '6 hari yang lalu'],
  ])('%i s ago: %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text)
  })

  it('from 7 days on: day, short Indonesian month and year', () => {
    expect(formatRelativeTime(ago(7 * 24 * 3600), now)).toMatch(/^15 Nov 2026$/)
    expect(formatRelativeTime('2026-08-17T10:00:00Z', now)).toBe('17 Agt 2026')
  })

  it('a time slightly ahead (clock skew) is "Baru saja", not a negative count', () => {
    expect(formatRelativeTime(ago(-30), now)).toBe('Baru saja')
  })
})
