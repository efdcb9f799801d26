import { once } from 'node:events'
import type { Writable } from 'node:stream'
import PDFDocument from 'pdfkit'
import { type CoverText, drawCover } from './report-cover'
import { BOLD, COLOR, type Doc, line, lines, REGULAR, use } from './report-draw'
import type { PrintImage } from './report-images'
import { type Cell, CONTENT, ITEM_HEADING_H, MARGIN, PAGE, type Plan } from './report-layout'
import { fitLine, pdfSafe } from './report-text'

export type { CoverText } from './report-cover'

/*
 * Draws a planned report (report-layout.ts) with pdfkit, page after page, into `out` as it goes: each
 * page is written when the next begins and each image the moment it is placed, so memory holds one
 * page and the photos being resized, whatever the number of photos. Every string passes pdfSafe (the
 * built-in Helvetica shows WinAnsi only).
 */

/** One photo's caption, in words already (report-render.ts makes them). */
export type CaptionText = {
  number: number
  description: string
  taken: string
  location: string | null
  by: string
  status: string | null
}

export type ReportPdfInput = {
  cover: CoverText
  photos: readonly CaptionText[]
  /** Work item names by id (null: the photos without one), for the headings. */
  workItemName: (id: number | null) => string
  /** 'Selasa, 17 November 2026' for a planned day. */
  dayLabel: (day: string) => string
  plan: Plan
  /** Caption beside the photo (one column of photos) or below it. */
  captionBeside: boolean
  showStatus: boolean
  image: (index: number) => Promise<PrintImage | null>
  /** After each photo is placed (progress). */
  onPhoto?: (done: number) => Promise<void>
}

export async function writeReportPdf(out: Writable, input: ReportPdfInput): Promise<{ pages: number }> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: pdfSafe(input.cover.title),
      Author: pdfSafe(input.cover.firmName),
      Subject: `Kode verifikasi ${input.cover.code}`,
      Creator: 'Berkas',
    },
  })
  const finished = once(out, 'finish')
  doc.pipe(out)
  const total = input.plan.pages.length
  let done = 0
  try {
    for (const [index, page] of input.plan.pages.entries()) {
      doc.addPage({ size: 'A4', margin: 0 })
      if (page.kind === 'photos') {
        drawHeader(doc, input.cover)
        for (const row of page.rows) {
          // A work item's heading where it begins and atop each page; a day's band likewise.
          if (row.heading)
            drawItemHeading(doc, input.workItemName(row.workItem), row.heading.continued, row.heading.y)
          if (row.dayY !== null) drawDayBand(doc, input.dayLabel(row.day), row.dayY)
          for (const cell of row.cells) {
            const image = await input.image(cell.photo)
            drawCell(doc, cell, input.photos[cell.photo], image, input)
            done += 1
            await input.onPhoto?.(done)
            // pdfkit never waits for its reader: do not run ahead of the disk.
            if (out.writableNeedDrain) await once(out, 'drain')
          }
        }
      } else drawCover(doc, input.cover, page)
      drawFooter(doc, input.cover, index + 1, total)
    }
  } catch (err) {
    // Stopped half-way (the report was removed, the process is stopping): close the file, drop it all.
    doc.unpipe(out)
    out.destroy()
    finished.catch(() => {})
    throw err
  }
  doc.end()
  await finished
  return { pages: total }
}

function drawHeader(doc: Doc, cover: CoverText) {
  const y = MARGIN.top
  use(doc, REGULAR, 8, COLOR.muted)
  const half = CONTENT.width / 2 - 8
  line(doc, cover.title, CONTENT.x, y, half)
  const name = fitLine(pdfSafe(cover.projectName), half, (s) => doc.widthOfString(s))
  doc.text(name, CONTENT.x + CONTENT.width - doc.widthOfString(name), y, { lineBreak: false })
  doc
    .moveTo(CONTENT.x, y + 13)
    .lineTo(CONTENT.x + CONTENT.width, y + 13)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
}

function drawFooter(doc: Doc, cover: CoverText, n: number, total: number) {
  const y = PAGE.height - MARGIN.bottom - 14
  doc
    .moveTo(CONTENT.x, y - 6)
    .lineTo(CONTENT.x + CONTENT.width, y - 6)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
  const pageText = `Halaman ${n} dari ${total}`
  use(doc, BOLD, 7.5, COLOR.ink)
  const pageWidth = doc.widthOfString(pageText)
  doc.text(pageText, CONTENT.x + CONTENT.width - pageWidth, y, { lineBreak: false })
  use(doc, REGULAR, 7.5, COLOR.muted)
  const verify = `Kode verifikasi: ${cover.code}  -  periksa di ${cover.verifyUrl}`
  line(doc, verify, CONTENT.x, y, CONTENT.width - pageWidth - 16)
  if (/^https?:\/\//.test(cover.verifyUrl))
    doc.link(CONTENT.x, y - 2, CONTENT.width - pageWidth - 16, 11, cover.verifyUrl)
}

function drawItemHeading(doc: Doc, name: string, continued: boolean, y: number) {
  doc.rect(CONTENT.x, y, CONTENT.width, ITEM_HEADING_H - 6).fill(COLOR.band)
  doc.rect(CONTENT.x, y, 3, ITEM_HEADING_H - 6).fill(COLOR.brand)
  use(doc, BOLD, 11, COLOR.brand)
  const label = continued ? `${name} (lanjutan)` : name
  line(doc, label, CONTENT.x + 10, y + 5, CONTENT.width - 20)
}

function drawDayBand(doc: Doc, label: string, y: number) {
  use(doc, BOLD, 8.5, COLOR.ink)
  const text = pdfSafe(label)
  doc.text(text, CONTENT.x, y + 4, { lineBreak: false })
  const after = CONTENT.x + doc.widthOfString(text) + 8
  doc
    .moveTo(after, y + 8.5)
    .lineTo(CONTENT.x + CONTENT.width, y + 8.5)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
}

/** Caption lines of a cell below its photo: budgeted so every photo box on a page is the same size. */
const BELOW = { size: 7.5, lead: 9.2 }
const BESIDE = { size: 8.5, lead: 10.8, width: 178 }

export function captionBudget(showStatus: boolean): number {
  // description 2, taken and uploaded 2, place 2, by 1, (status and note 2)
  return (showStatus ? 9 : 7) * BELOW.lead + 6
}

/** Where a cell's photo goes (the render job resizes photos for this box). */
export function photoBox(cell: Omit<Cell, 'photo'>, captionBeside: boolean, showStatus: boolean) {
  return captionBeside
    ? { x: cell.x, y: cell.y, width: cell.width - BESIDE.width - 12, height: cell.height }
    : { x: cell.x, y: cell.y, width: cell.width, height: cell.height - captionBudget(showStatus) }
}

function drawCell(doc: Doc, cell: Cell, text: CaptionText, image: PrintImage | null, input: ReportPdfInput) {
  const box = photoBox(cell, input.captionBeside, input.showStatus)
  let captionY = box.y + box.height + 5
  if (image) {
    // On white, at the photo's own shape (issue 30: no grey bars around it), centred across and at the
    // top of its box, the caption right below it; a hairline frames light photos.
    const scale = Math.min(box.width / image.width, box.height / image.height)
    const w = image.width * scale
    const h = image.height * scale
    const x = box.x + (box.width - w) / 2
    const y = input.captionBeside ? box.y + (box.height - h) / 2 : box.y
    doc.image(image.jpeg, x, y, { width: w, height: h })
    doc.rect(x, y, w, h).lineWidth(0.4).strokeColor(COLOR.rule).stroke()
    captionY = y + h + 5
  } else {
    doc.rect(box.x, box.y, box.width, box.height).fill(COLOR.box)
    use(doc, REGULAR, 8, COLOR.muted)
    const note = 'Foto tidak dapat ditampilkan'
    const x = box.x + (box.width - doc.widthOfString(note)) / 2
    doc.text(note, x, box.y + box.height / 2 - 4, { lineBreak: false })
  }
  if (input.captionBeside)
    drawCaption(
      doc,
      text,
      cell.x + cell.width - BESIDE.width,
      cell.y + 2,
      BESIDE.width,
      BESIDE,
      6,
      input.showStatus,
    )
  else drawCaption(doc, text, cell.x, captionY, cell.width, BELOW, 2, input.showStatus)
}

function drawCaption(
  doc: Doc,
  t: CaptionText,
  x: number,
  y: number,
  width: number,
  f: { size: number; lead: number },
  descLines: number,
  showStatus: boolean,
) {
  use(doc, BOLD, f.size + 0.5, COLOR.ink)
  const description = t.description.trim() || '(tanpa keterangan)'
  y = lines(doc, `${t.number}. ${description}`, x, y, width, descLines, f.lead + 0.5)
  use(doc, REGULAR, f.size, COLOR.ink)
  y = lines(doc, t.taken, x, y, width, 2, f.lead)
  // Beside the photo there is room to spare: the place is never cut there.
  if (t.location) y = lines(doc, t.location, x, y, width, descLines > 2 ? 4 : 2, f.lead)
  y = lines(doc, t.by, x, y, width, 1, f.lead)
  if (showStatus && t.status) {
    use(doc, BOLD, f.size, COLOR.muted)
    lines(doc, t.status, x, y, width, 2, f.lead)
  }
}
