import type { ReportPerPage } from '../../../src/contracts/reports'

/*
 * Where everything of a report goes, decided before a byte is drawn: a pure function of the photos'
 * groups and the photos per page. The number of pages is then known when the first page is drawn, so
 * 'Halaman n dari m' is exact without keeping pages in memory (docs/decisions/0065).
 *
 * The rules: the cover first (its table of work items continues on further pages when long); then each
 * work item starts on a new page under its heading ('(lanjutan)' on the pages it continues on); within
 * it each day starts a new row, under the day's band; a page holds `rows` rows of `cols` photos, so
 * never more than `per_page` photos.
 */

/** A4 portrait in points. */
export const PAGE = { width: 595.28, height: 841.89 }
export const MARGIN = { left: 42, right: 42, top: 40, bottom: 40 }
/** The running header and the footer around the content. */
export const HEADER_H = 26
export const FOOTER_H = 30
export const CONTENT = {
  x: MARGIN.left,
  y: MARGIN.top + HEADER_H,
  width: PAGE.width - MARGIN.left - MARGIN.right,
  height: PAGE.height - MARGIN.top - HEADER_H - MARGIN.bottom - FOOTER_H,
}
export const ITEM_HEADING_H = 26
export const DAY_BAND_H = 18
export const ROW_GAP = 10
export const COL_GAP = 14

export const GRID: Record<ReportPerPage, { cols: number; rows: number }> = {
  2: { cols: 1, rows: 2 },
  4: { cols: 2, rows: 2 },
  6: { cols: 2, rows: 3 },
}

/** The cover's table: rows on the cover itself, then on each continuation page. */
export const COVER_TABLE_ROWS = 14
export const COVER_MORE_ROWS = 34

/** One photo as the planner needs it: its group keys, in report order. */
export type PlannedPhoto = { workItem: number | null; day: string }

export type Cell = { photo: number; x: number; y: number; width: number; height: number }
export type Row = { day: string; dayY: number; cells: Cell[] }

export type PlannedPage =
  | { kind: 'cover'; tableRows: { from: number; to: number } }
  | { kind: 'cover-more'; tableRows: { from: number; to: number } }
  | { kind: 'photos'; workItem: number | null; continued: boolean; rows: Row[] }

export type Plan = { pages: PlannedPage[]; cellWidth: number; cellHeight: number }

/** The size of one photo's cell (photo and caption) for `perPage`. */
export function cellSize(perPage: ReportPerPage): { width: number; height: number } {
  const { cols, rows } = GRID[perPage]
  const width = (CONTENT.width - (cols - 1) * COL_GAP) / cols
  const height = (CONTENT.height - ITEM_HEADING_H - rows * DAY_BAND_H - (rows - 1) * ROW_GAP) / rows
  return { width, height }
}

/**
 * Plans the report. `photos` are in report order (grouped by work item, then by day); `tableRows` is
 * the number of lines of the cover's table (one per work item).
 */
export function planReport(photos: readonly PlannedPhoto[], perPage: ReportPerPage, tableRows: number): Plan {
  const pages: PlannedPage[] = [
    { kind: 'cover', tableRows: { from: 0, to: Math.min(tableRows, COVER_TABLE_ROWS) } },
  ]
  for (let from = COVER_TABLE_ROWS; from < tableRows; from += COVER_MORE_ROWS)
    pages.push({ kind: 'cover-more', tableRows: { from, to: Math.min(tableRows, from + COVER_MORE_ROWS) } })

  const { cols, rows: rowsPerPage } = GRID[perPage]
  const cell = cellSize(perPage)
  // Rows of photo indexes: a new row at each new day or work item, or when a row is full.
  const rows: { workItem: number | null; day: string; photos: number[] }[] = []
  photos.forEach((p, i) => {
    const last = rows[rows.length - 1]
    if (last && last.workItem === p.workItem && last.day === p.day && last.photos.length < cols)
      last.photos.push(i)
    else rows.push({ workItem: p.workItem, day: p.day, photos: [i] })
  })

  let page: Extract<PlannedPage, { kind: 'photos' }> | undefined
  for (const row of rows) {
    if (!page || page.workItem !== row.workItem || page.rows.length === rowsPerPage) {
      const continued = page !== undefined && page.workItem === row.workItem
      page = { kind: 'photos', workItem: row.workItem, continued, rows: [] }
      pages.push(page)
    }
    const index = page.rows.length
    const dayY = CONTENT.y + ITEM_HEADING_H + index * (DAY_BAND_H + cell.height + ROW_GAP)
    page.rows.push({
      day: row.day,
      dayY,
      cells: row.photos.map((photo, col) => ({
        photo,
        x: CONTENT.x + col * (cell.width + COL_GAP),
        y: dayY + DAY_BAND_H,
        width: cell.width,
        height: cell.height,
      })),
    })
  }
  return { pages, cellWidth: cell.width, cellHeight: cell.height }
}
