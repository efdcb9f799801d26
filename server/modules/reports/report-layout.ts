import type { ReportPerPage } from '../../../src/contracts/reports'

/*
 * Where everything of a report goes, decided before a byte is drawn: a pure function of the photos'
 * groups and the photos per page. The number of pages is then known when the first page is drawn, so
 * 'Halaman n dari m' is exact without keeping pages in memory (docs/decisions/0065).
 *
 * The rules: the cover first (its table of work items continues on further pages when long); then the
 * photos flow: a work item's heading sits where it begins, even mid-page (issue 30: an item of two
 * photos no longer leaves most of a page white), and atop each page it continues on ('(lanjutan)');
 * within it each day starts a new row, under the day's band; a page holds `rows` rows of `cols`
 * photos, so never more than `per_page` photos. Each row's slot has room for a heading, so the cells
 * are the same size whatever the headings on a page.
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
/** Rows on the cover when its foot holds the signature block (SIGNATURE_H tall). */
export const COVER_TABLE_ROWS_SIGNED = 7
export const SIGNATURE_H = 112

/** One photo as the planner needs it: its group keys, in report order. */
export type PlannedPhoto = { workItem: number | null; day: string }

export type Cell = { photo: number; x: number; y: number; width: number; height: number }
export type Row = {
  workItem: number | null
  /** The work item's heading above this row: where its band goes and whether the item began earlier. */
  heading: { y: number; continued: boolean } | null
  day: string
  /** The day's band above this row, or null when the row continues the day of the row above. */
  dayY: number | null
  cells: Cell[]
}

export type PlannedPage =
  | { kind: 'cover'; tableRows: { from: number; to: number }; signed: boolean }
  | { kind: 'cover-more'; tableRows: { from: number; to: number } }
  | { kind: 'photos'; rows: Row[] }

export type Plan = { pages: PlannedPage[]; cellWidth: number; cellHeight: number }

/** The size of one photo's cell (photo and caption) for `perPage`. */
export function cellSize(perPage: ReportPerPage): { width: number; height: number } {
  const { cols, rows } = GRID[perPage]
  const width = (CONTENT.width - (cols - 1) * COL_GAP) / cols
  const height = (CONTENT.height - rows * (ITEM_HEADING_H + DAY_BAND_H) - (rows - 1) * ROW_GAP) / rows
  return { width, height }
}

/**
 * Plans the report. `photos` are in report order (grouped by work item, then by day); `tableRows` is
 * the number of lines of the cover's table (one per work item); `signed`: the cover carries the
 * signature block at its foot, so fewer of the table's lines fit on it.
 */
export function planReport(
  photos: readonly PlannedPhoto[],
  perPage: ReportPerPage,
  tableRows: number,
  signed = false,
): Plan {
  const onCover = signed ? COVER_TABLE_ROWS_SIGNED : COVER_TABLE_ROWS
  const pages: PlannedPage[] = [
    { kind: 'cover', tableRows: { from: 0, to: Math.min(tableRows, onCover) }, signed },
  ]
  for (let from = onCover; from < tableRows; from += COVER_MORE_ROWS)
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
  let y = 0
  let previous: { workItem: number | null; day: string } | undefined
  for (const row of rows) {
    if (!page || page.rows.length === rowsPerPage) {
      page = { kind: 'photos', rows: [] }
      pages.push(page)
      y = CONTENT.y
    }
    const first = page.rows.length === 0
    const newItem = previous === undefined || previous.workItem !== row.workItem
    const heading = first || newItem ? { y, continued: !newItem } : null
    if (heading) y += ITEM_HEADING_H
    const dayBand = heading !== null || previous?.day !== row.day
    const dayY = dayBand ? y : null
    if (dayBand) y += DAY_BAND_H
    page.rows.push({
      workItem: row.workItem,
      heading,
      day: row.day,
      dayY,
      cells: row.photos.map((photo, col) => ({
        photo,
        x: CONTENT.x + col * (cell.width + COL_GAP),
        y,
        width: cell.width,
        height: cell.height,
      })),
    })
    y += cell.height + ROW_GAP
    previous = row
  }
  return { pages, cellWidth: cell.width, cellHeight: cell.height }
}
