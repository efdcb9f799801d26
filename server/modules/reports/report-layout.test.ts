import { describe, expect, it } from 'vitest'
import { periodLabel } from '../../../src/contracts/days'
import { normalizeReportCode, REPORT_CODE_PATTERN } from '../../../src/contracts/reports'
import { newReportCode } from './report-create'
import { CONTENT, COVER_MORE_ROWS, COVER_TABLE_ROWS, PAGE, planReport } from './report-layout'
import { firmDayOf, indonesianDateTime, indonesianDayName, pdfSafe, wrapLines } from './report-text'

/* The pure parts of a report: its plan of pages, its words, its codes. */

const photos = (groups: [number | null, string, number][]) =>
  groups.flatMap(([workItem, day, n]) => Array.from({ length: n }, () => ({ workItem, day })))

describe('the plan of a report', () => {
  it('a new page per work item, a new row per day, never more than per_page photos on a page', () => {
    const list = photos([
      [1, '2026-11-17', 3],
      [1, '2026-11-18', 1],
      [2, '2026-11-17', 5],
      [null, '2026-11-20', 1],
    ])
    const four = planReport(list, 4, 3)
    // cover; item 1: rows [2],[1] then [1]; item 2: rows [2],[2] then [1]; none: [1]
    expect(four.pages.map((p) => p.kind)).toEqual(['cover', 'photos', 'photos', 'photos', 'photos', 'photos'])
    const photoPages = four.pages.filter((p) => p.kind === 'photos')
    expect(photoPages.map((p) => p.rows.map((r) => r.cells.length))).toEqual([[2, 1], [1], [2, 2], [1], [1]])
    expect(photoPages.map((p) => p.continued)).toEqual([false, true, false, true, false])
    // Every photo once, in order.
    expect(photoPages.flatMap((p) => p.rows.flatMap((r) => r.cells.map((c) => c.photo)))).toEqual(
      list.map((_, i) => i),
    )
    expect(planReport(list, 2, 3).pages).toHaveLength(1 + 2 + 3 + 1)
    expect(planReport(list, 6, 3).pages).toHaveLength(1 + 1 + 1 + 1)
  })

  it('cells stay inside the page margins at 2, 4 and 6 per page', () => {
    const list = photos([[1, '2026-11-17', 13]])
    for (const perPage of [2, 4, 6] as const)
      for (const page of planReport(list, perPage, 1).pages)
        if (page.kind === 'photos')
          for (const cell of page.rows.flatMap((r) => r.cells)) {
            expect(cell.x).toBeGreaterThanOrEqual(CONTENT.x)
            expect(cell.x + cell.width).toBeLessThanOrEqual(CONTENT.x + CONTENT.width + 0.01)
            expect(cell.y + cell.height).toBeLessThanOrEqual(CONTENT.y + CONTENT.height + 0.01)
            expect(CONTENT.y + CONTENT.height).toBeLessThan(PAGE.height)
          }
  })

  it("a long table of work items continues on the cover's next pages", () => {
    const items = COVER_TABLE_ROWS + COVER_MORE_ROWS + 1
    const plan = planReport(photos([[1, '2026-11-17', 1]]), 4, items)
    expect(plan.pages.slice(0, 3).map((p) => (p.kind === 'photos' ? p.kind : [p.kind, p.tableRows]))).toEqual(
      [
        ['cover', { from: 0, to: COVER_TABLE_ROWS }],
        ['cover-more', { from: COVER_TABLE_ROWS, to: COVER_TABLE_ROWS + COVER_MORE_ROWS }],
        ['cover-more', { from: COVER_TABLE_ROWS + COVER_MORE_ROWS, to: items }],
      ],
    )
  })
})

describe('the words of a report', () => {
  it('Indonesian dates and times in the firm zone', () => {
    expect(periodLabel('2026-11-17', '2026-11-23')).toBe('17–23 November 2026')
    expect(indonesianDayName('2026-11-17')).toBe('Selasa, 17 November 2026')
    expect(indonesianDateTime('2026-11-17T02:14:00.000Z', 'Asia/Jakarta')).toBe('17 November 2026 09.14 WIB')
    expect(indonesianDateTime('2026-11-17T02:14:00.000Z', 'Asia/Makassar')).toBe(
      '17 November 2026 10.14 WITA',
    )
    // A zoneless capture time is the camera's clock, read as the firm's.
    expect(indonesianDateTime('2026-11-17T23:50:00', 'Asia/Jakarta')).toBe('17 November 2026 23.50 WIB')
    expect(firmDayOf('2026-11-16T17:30:00.000Z', 'Asia/Jakarta')).toBe('2026-11-17')
    expect(firmDayOf('2026-11-16T23:30:00', 'Asia/Jakarta')).toBe('2026-11-16')
  })

  it('what Helvetica cannot show degrades to what it can', () => {
    expect(pdfSafe('Bekisting 🚧👷‍♂️ siap ✅')).toBe('Bekisting siap')
    expect(pdfSafe('屋根 rangka — “naïve” №5 ±8 m · 40 %')).toBe('? rangka — “naïve” ?5 ±8 m · 40 %')
    expect(pdfSafe('Đường Trường Sơn')).toBe('Duong Truong Son')
    expect(pdfSafe('a\u00a0\tb\nc')).toBe('a b c')
  })

  it('wraps at spaces, cuts what does not fit with an ellipsis', () => {
    const measure = (s: string) => s.length
    expect(wrapLines('satu dua tiga empat lima', 9, 2, measure)).toEqual(['satu dua', 'tiga…'])
    expect(wrapLines('pendek', 9, 2, measure)).toEqual(['pendek'])
    expect(wrapLines('supercalifragilistik', 8, 2, measure)).toEqual(['supercal', 'ifragil…'])
  })
})

describe('verification codes', () => {
  it('12 Crockford base32 characters, forgiving when typed back', () => {
    const codes = new Set(Array.from({ length: 200 }, newReportCode))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(code).toMatch(REPORT_CODE_PATTERN)
    expect(normalizeReportCode('abcd efgh jk0o')).toBe('ABCD-EFGH-JK00')
    expect(normalizeReportCode('1il0-O000-0000')).toBe('1110-0000-0000')
    expect(normalizeReportCode('ABCD-EFGH-JKM')).toBeNull()
    expect(normalizeReportCode('ABCD-EFGH-JKMU')).toBeNull()
  })
})
