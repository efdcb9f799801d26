import dayjs from 'dayjs'
import 'dayjs/locale/id'
import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatRelativeTime,
  formatYmd,
} from './format'

/**
 * format.ts prints dates without dayjs so the first screen does not load it (decision 0061). It must
 * read and print every input exactly as dayjs with the `id` locale did: held to dayjs here.
 */
const id = (input: string | number | Date | undefined) => dayjs(input).locale('id')

const INPUTS: (string | number | Date)[] = [
  '2025-03-05',
  '2025-08-17T10:00:00Z',
  '2025-08-17T10:00:00.123Z',
  '2025-12-31T23:59:59+07:00',
  '2025-01-01 00:00:00',
  '2025-02-28T16:59:59.999',
  '2025-6-9',
  '20250705',
  '2024/02/29 13:05',
  '1999-11-30T23:30:00-05:00',
  'not a date',
  '2025-13-45',
  Date.UTC(2025, 7, 1, 12),
  0,
  new Date(2026, 10, 22, 9, 7),
  new Date(Number.NaN),
]

describe('dates as dayjs with the id locale prints them', () => {
  it.each(INPUTS.map((input) => [String(input), input]))('%s', (_name, input) => {
    const d = id(input)
    const dash = (pattern: string) => (input && d.isValid() ? d.format(pattern) : '-')
    expect(formatDate(input)).toBe(dash('D MMM YYYY'))
    expect(formatDateLong(input)).toBe(dash('D MMMM YYYY'))
    expect(formatDateTime(input)).toBe(dash('D MMMM YYYY, HH.mm'))
    // dayjs prints 'Invalid Date'; the app says it in Indonesian (issue 32), the same otherwise.
    expect(formatYmd(input)).toBe(d.isValid() ? d.format('YYYY-MM-DD') : 'Tanggal tidak valid')
    const now = new Date('2030-01-01T00:00:00Z')
    if (input !== 0 && d.isValid()) expect(formatRelativeTime(input, now)).toBe(d.format('D MMM YYYY'))
  })

  it('every month, short and long', () => {
    for (let m = 0; m < 12; m++) {
      const date = new Date(2025, m, 1)
      expect(formatDate(date)).toBe(id(date).format('D MMM YYYY'))
      expect(formatDateLong(date)).toBe(id(date).format('D MMMM YYYY'))
    }
  })

  it('nothing to show: a dash, or no relative time', () => {
    for (const input of [null, undefined, '']) {
      expect(formatDate(input)).toBe('-')
      expect(formatDateTime(input)).toBe('-')
      expect(formatRelativeTime(input)).toBe('')
    }
    expect(formatYmd()).toBe(dayjs().format('YYYY-MM-DD'))
  })
})

describe('counts as Intl.NumberFormat("id-ID") prints them', () => {
  const intl = new Intl.NumberFormat('id-ID')
  it('integers of every length, both signs', () => {
    const values = [
      0,
      1,
      9,
      10,
      999,
      1000,
      1591,
      12345,
      100000,
      999999,
      1000000,
      12345678,
      2 ** 31,
      9007199254740991,
    ]
    for (const v of [...values, ...values.slice(1).map((x) => -x)])
      expect(formatCount(v)).toBe(intl.format(v))
  })
  it('fractions (at most three digits)', () => {
    for (const v of [0.5, 1.25, 1234.567, 1000.1, -2500.75, 0.001])
      expect(formatCount(v)).toBe(intl.format(v))
  })
})
