import { describe, expect, it } from 'vitest'
import { indonesianDayName, periodLabel } from '../../../src/contracts/days'
import { normalizeReportCode, REPORT_CODE_PATTERN } from '../../../src/contracts/reports'
import { firmDayOf, indonesianDateTime } from '../../base/firm-clock'
import { newReportCode } from './report-create'
import {
  CONTENT,
  COVER_MORE_ROWS,
  COVER_TABLE_ROWS,
  COVER_TABLE_ROWS_SIGNED,
  PAGE,
  planReport,
} from './report-layout'
import { pdfSafe, phraseLines, wrapLines } from './report-text'

/* The pure parts of a report: its plan of pages, its words, its codes. */

const photos = (groups: [number | null, string, number][]) =>
  groups.flatMap(([workItem, day, n]) => Array.from({ length: n }, () => ({ workItem, day })))

describe('the plan of a report', () => {
  it('photos flow: a work item starts where the last ended, rows per day, never more than per_page on a page', () => {
    const list = photos([
      [1, '2026-11-17', 3],
      [1, '2026-11-18', 1],
      [2, '2026-11-17', 5],
      [null, '2026-11-20', 1],
    ])
    const four = planReport(list, 4, 3)
    // rows: item 1 [2],[1] (17th), [1] (18th); item 2 [2],[2],[1]; none [1]: two rows a page.
    expect(four.pages.map((p) => p.kind)).toEqual(['cover', 'photos', 'photos', 'photos', 'photos'])
    const photoPages = four.pages.filter((p) => p.kind === 'photos')
    expect(photoPages.map((p) => p.rows.map((r) => r.cells.length))).toEqual([[2, 1], [1, 2], [2, 1], [1]])
    // A heading where an item begins (even mid-page) and atop each page it continues on.
    expect(photoPages.map((p) => p.rows.map((r) => r.heading && [r.workItem, r.heading.continued]))).toEqual([
      [[1, false], null],
      [
        [1, true],
        [2, false],
      ],
      [[2, true], null],
      [[null, false]],
    ])
    // A day's band where the day begins and under each heading; a day's further rows just follow.
    expect(photoPages[0].rows.map((r) => r.dayY !== null)).toEqual([true, false])
    // Every photo once, in order.
    expect(photoPages.flatMap((p) => p.rows.flatMap((r) => r.cells.map((c) => c.photo)))).toEqual(
      list.map((_, i) => i),
    )
    expect(planReport(list, 2, 3).pages).toHaveLength(1 + 5)
    expect(planReport(list, 6, 3).pages).toHaveLength(1 + 3)
  })

  it('two work items of two photos share one page (no page left mostly white)', () => {
    const plan = planReport(
      photos([
        [1, '2026-11-17', 2],
        [2, '2026-11-17', 2],
      ]),
      4,
      2,
    )
    expect(plan.pages.filter((p) => p.kind === 'photos')).toHaveLength(1)
  })

  it('rows never overlap: each below the one above, headings and bands included', () => {
    const list = photos([
      [1, '2026-11-17', 1],
      [2, '2026-11-18', 1],
      [3, '2026-11-19', 1],
    ])
    for (const perPage of [2, 4, 6] as const)
      for (const page of planReport(list, perPage, 3).pages)
        if (page.kind === 'photos')
          for (const [i, row] of page.rows.entries()) {
            if (row.heading && row.dayY !== null) expect(row.dayY).toBeGreaterThanOrEqual(row.heading.y + 26)
            if (i > 0) {
              const above = page.rows[i - 1].cells[0]
              const top = row.heading?.y ?? row.dayY ?? row.cells[0].y
              expect(top).toBeGreaterThanOrEqual(above.y + above.height)
            }
          }
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
    // With the signature block at its foot, the cover holds fewer lines; the rest continue.
    const signed = planReport(photos([[1, '2026-11-17', 1]]), 4, 10, true)
    expect(
      signed.pages.slice(0, 2).map((p) => (p.kind === 'photos' ? p.kind : [p.kind, p.tableRows])),
    ).toEqual([
      ['cover', { from: 0, to: COVER_TABLE_ROWS_SIGNED }],
      ['cover-more', { from: COVER_TABLE_ROWS_SIGNED, to: 10 }],
    ])
  })
})

describe('the words of a report', () => {
  it('a title breaks between its phrases, not inside one', () => {
    const measure = (s: string) => s.length * 10
    expect(phraseLines('Laporan Dokumentasi Mingguan - Gedung A - Minggu ke-3', 320, 3, measure)).toEqual([
      'Laporan Dokumentasi Mingguan -',
      'Gedung A - Minggu ke-3',
    ])
    // A phrase wider than a line wraps at its spaces; what does not fit ends with an ellipsis.
    expect(phraseLines('Satu dua tiga empat lima enam', 120, 2, measure)).toEqual(['Satu dua', 'tiga empat…'])
  })

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
