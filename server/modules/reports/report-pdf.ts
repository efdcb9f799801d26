import { once } from 'node:events'
import type { Writable } from 'node:stream'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { PrintImage } from './report-images'
import {
  type Cell,
  CONTENT,
  ITEM_HEADING_H,
  MARGIN,
  PAGE,
  type Plan,
  type PlannedPage,
} from './report-layout'
import { fitLine, pdfSafe, wrapLines } from './report-text'

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

export type CoverText = {
  firmName: string
  title: string
  code: string
  verifyUrl: string
  projectName: string
  projectDescription: string
  period: string
  preparedBy: string
  madeOn: string
  contents: string
  photoCount: number
  /** The cover's table, one line per work item in report order. */
  workItems: { name: string; count: number }[]
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

const COLOR = {
  ink: '#1f2937',
  muted: '#6b7280',
  brand: '#1f3a5f',
  rule: '#d1d5db',
  band: '#eef2f7',
  box: '#f3f4f6',
}
const REGULAR = 'Helvetica'
const BOLD = 'Helvetica-Bold'

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
        drawItemHeading(doc, input.workItemName(page.workItem), page.continued)
        for (const [r, row] of page.rows.entries()) {
          // A day's band where it begins, and atop each page; a day's further rows just follow.
          if (r === 0 || page.rows[r - 1].day !== row.day) drawDayBand(doc, input.dayLabel(row.day), row.dayY)
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

type Doc = PDFKit.PDFDocument

/** Sets the font and colour; returns a measure of strings in that font. */
function use(doc: Doc, font: string, size: number, color = COLOR.ink) {
  doc.font(font).fontSize(size).fillColor(color)
  return (s: string) => doc.widthOfString(s)
}

/** One line at (x, y), never wrapped, cut with an ellipsis to `width`. */
function line(doc: Doc, text: string, x: number, y: number, width: number) {
  const measure = (s: string) => doc.widthOfString(s)
  doc.text(fitLine(pdfSafe(text), width, measure), x, y, { lineBreak: false })
}

/** Up to `max` wrapped lines at (x, y); returns the y below them. */
function lines(doc: Doc, text: string, x: number, y: number, width: number, max: number, lead: number) {
  const measure = (s: string) => doc.widthOfString(s)
  for (const l of wrapLines(pdfSafe(text), width, max, measure)) {
    doc.text(l, x, y, { lineBreak: false })
    y += lead
  }
  return y
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

function drawItemHeading(doc: Doc, name: string, continued: boolean) {
  const y = CONTENT.y
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
  // description 2, taken 1, place 2, by 1, (status and note 2)
  return (showStatus ? 8 : 6) * BELOW.lead + 6
}

/** Where a cell's photo goes (the render job resizes photos for this box). */
export function photoBox(cell: Omit<Cell, 'photo'>, captionBeside: boolean, showStatus: boolean) {
  return captionBeside
    ? { x: cell.x, y: cell.y, width: cell.width - BESIDE.width - 12, height: cell.height }
    : { x: cell.x, y: cell.y, width: cell.width, height: cell.height - captionBudget(showStatus) }
}

function drawCell(doc: Doc, cell: Cell, text: CaptionText, image: PrintImage | null, input: ReportPdfInput) {
  const box = photoBox(cell, input.captionBeside, input.showStatus)
  doc.rect(box.x, box.y, box.width, box.height).fill(COLOR.box)
  if (image) {
    const scale = Math.min(box.width / image.width, box.height / image.height)
    const w = image.width * scale
    const h = image.height * scale
    doc.image(image.jpeg, box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, { width: w, height: h })
  } else {
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
  else drawCaption(doc, text, cell.x, box.y + box.height + 5, cell.width, BELOW, 2, input.showStatus)
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
  y = lines(doc, t.taken, x, y, width, 1, f.lead)
  if (t.location) y = lines(doc, t.location, x, y, width, 2, f.lead)
  y = lines(doc, t.by, x, y, width, 1, f.lead)
  if (showStatus && t.status) {
    use(doc, BOLD, f.size, COLOR.muted)
    lines(doc, t.status, x, y, width, 2, f.lead)
  }
}

function drawCover(doc: Doc, c: CoverText, page: Extract<PlannedPage, { kind: 'cover' | 'cover-more' }>) {
  let y = MARGIN.top + 10
  const x = CONTENT.x
  const w = CONTENT.width
  if (page.kind === 'cover') {
    use(doc, BOLD, 11, COLOR.brand)
    line(doc, c.firmName, x, y, w)
    y += 18
    doc.rect(x, y, w, 2).fill(COLOR.brand)
    y += 28
    use(doc, REGULAR, 9, COLOR.muted)
    doc.text('LAPORAN DOKUMENTASI', x, y, { lineBreak: false, characterSpacing: 1.5 })
    y += 16
    use(doc, BOLD, 19, COLOR.ink)
    y = lines(doc, c.title, x, y, w, 3, 24) + 10
    use(doc, BOLD, 13, COLOR.brand)
    y = lines(doc, c.projectName, x, y, w, 2, 17)
    use(doc, REGULAR, 9.5, COLOR.ink)
    y = lines(doc, c.projectDescription, x, y + 2, w, 4, 12.5) + 14
    y = drawFacts(doc, c, x, y, w) + 18
  } else {
    use(doc, BOLD, 12, COLOR.brand)
    doc.text('Jumlah foto per item pekerjaan (lanjutan)', x, y + 10, { lineBreak: false })
    y += 40
  }
  drawTable(doc, c, page, x, y, w)
}

function drawFacts(doc: Doc, c: CoverText, x: number, y: number, w: number) {
  const facts: [string, string][] = [
    ['Periode', c.period],
    ['Isi', c.contents],
    ['Jumlah foto', String(c.photoCount)],
    ['Disusun oleh', c.preparedBy],
    ['Dibuat', c.madeOn],
    ['Kode verifikasi', c.code],
  ]
  const boxH = facts.length * 18 + 12
  doc.rect(x, y, w, boxH).fill(COLOR.band)
  // A QR code of a relative address (no PUBLIC_URL configured) would lead a phone nowhere.
  const qr = /^https?:\/\//.test(c.verifyUrl) ? boxH - 16 : 0
  if (qr) drawQr(doc, c.verifyUrl, x + w - qr - 8, y + 8, qr)
  y += 9
  for (const [label, value] of facts) {
    use(doc, REGULAR, 9.5, COLOR.muted)
    doc.text(label, x + 12, y, { lineBreak: false })
    use(doc, BOLD, 9.5, COLOR.ink)
    line(doc, value, x + 110, y, w - 110 - qr - 24)
    y += 18
  }
  use(doc, REGULAR, 8, COLOR.muted)
  line(doc, `Keaslian laporan ini dapat diperiksa di ${c.verifyUrl}`, x, y + 10, w)
  return y + 22
}

function drawTable(
  doc: Doc,
  c: CoverText,
  page: Extract<PlannedPage, { kind: 'cover' | 'cover-more' }>,
  x: number,
  y: number,
  w: number,
) {
  if (page.kind === 'cover') {
    use(doc, BOLD, 11, COLOR.brand)
    doc.text('Jumlah foto per item pekerjaan', x, y, { lineBreak: false })
    y += 18
  }
  const rowH = 17
  const numW = 30
  const countW = 80
  doc.rect(x, y, w, rowH).fill(COLOR.brand)
  use(doc, BOLD, 8.5, '#ffffff')
  doc.text('No', x + 8, y + 5, { lineBreak: false })
  doc.text('Item pekerjaan', x + numW + 8, y + 5, { lineBreak: false })
  doc.text('Jumlah foto', x + w - countW + 8, y + 5, { lineBreak: false })
  y += rowH
  for (let i = page.tableRows.from; i < page.tableRows.to; i++) {
    const item = c.workItems[i]
    if (i % 2 === 1) doc.rect(x, y, w, rowH).fill(COLOR.box)
    use(doc, REGULAR, 8.5, COLOR.ink)
    doc.text(String(i + 1), x + 8, y + 5, { lineBreak: false })
    line(doc, item.name, x + numW + 8, y + 5, w - numW - countW - 16)
    doc.text(String(item.count), x + w - countW + 8, y + 5, { lineBreak: false })
    y += rowH
  }
  if (page.tableRows.to === c.workItems.length) {
    doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.8)
      .strokeColor(COLOR.brand)
      .stroke()
    use(doc, BOLD, 8.5, COLOR.ink)
    doc.text('Jumlah', x + numW + 8, y + 5, { lineBreak: false })
    doc.text(String(c.photoCount), x + w - countW + 8, y + 5, { lineBreak: false })
  }
}

/** The verification page's QR code (its URL), drawn as squares: no image, crisp at any zoom. */
function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  // A quiet zone of two modules on white: scanners need it.
  const cell = size / (modules.size + 4)
  doc.rect(x, y, size, size).fill('#ffffff')
  for (let r = 0; r < modules.size; r++)
    for (let col = 0; col < modules.size; col++)
      if (modules.data[r * modules.size + col]) doc.rect(x + (col + 2) * cell, y + (r + 2) * cell, cell, cell)
  doc.fill(COLOR.ink)
}
