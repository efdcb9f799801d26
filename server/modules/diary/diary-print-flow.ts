import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { PassThrough } from 'node:stream'
import { drawQr } from '../reports/report-cover'
import { BOLD, COLOR, type Doc, line, REGULAR, use } from '../reports/report-draw'
import { CONTENT, MARGIN, PAGE } from '../reports/report-layout'
import { pdfSafe, wrapLines } from '../reports/report-text'

/*
 * The printed diary's flowing page (issue 34, decision 0091): a cursor down an A4 page that starts a new
 * one when the next block does not fit, tables whose rows wrap and whose heading repeats on a new page,
 * and, once every page is drawn, the foot of each page: the verification code with its QR code and
 * 'Halaman n dari m'. The weekly report (diary-print-week.ts) flows the same way. Colours, fonts and
 * the QR code are the photo report's (server/modules/reports).
 */

export const PHOTO_BOX = { width: 160, height: 120 }

/** Renders to a local file (a few pages and photos: in memory first), with its size and SHA-256. */
export async function renderToFile(
  file: string,
  draw: (out: PassThrough) => Promise<{ pages: number }>,
): Promise<{ pages: number; size: number; sha256: string }> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const { pages } = await draw(out)
  const bytes = Buffer.concat(chunks)
  await fs.promises.writeFile(file, bytes)
  return { pages, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** A table cell's lines at most (a row stays shorter than a page). */
const CELL_LINES = 16

export const FOOT_H = 58
const BOTTOM = PAGE.height - MARGIN.bottom - FOOT_H

export type Column = { label: string; width: number; align?: 'left' | 'right' | 'center' }
export type Foot = { title: string; subtitle: string; code: string; verifyUrl: string }

export class Flow {
  y = MARGIN.top
  constructor(
    readonly doc: Doc,
    private readonly foot: Foot,
  ) {
    this.newPage()
  }

  newPage() {
    this.doc.addPage({ size: 'A4', margin: 0 })
    this.y = MARGIN.top
    if (this.doc.bufferedPageRange().count > 1) {
      // The running head of a continuation page.
      use(this.doc, REGULAR, 8, COLOR.muted)
      line(this.doc, `${this.foot.title} - ${this.foot.subtitle}`, CONTENT.x, this.y, CONTENT.width)
      this.rule(this.y + 13)
      this.y += 24
    }
  }

  /** Room for `height` points below the cursor, else a new page. */
  need(height: number) {
    if (this.y + height > BOTTOM) this.newPage()
  }

  rule(y: number, color = COLOR.rule, width = 0.5) {
    this.doc
      .moveTo(CONTENT.x, y)
      .lineTo(CONTENT.x + CONTENT.width, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke()
  }

  /** A numbered section's heading, kept with at least `keep` points of what follows. */
  heading(text: string, keep = 60) {
    this.need(24 + keep)
    this.y += 6
    this.doc.rect(CONTENT.x, this.y, 3, 14).fill(COLOR.brand)
    use(this.doc, BOLD, 11, COLOR.brand)
    this.doc.text(pdfSafe(text), CONTENT.x + 9, this.y + 2, { lineBreak: false })
    this.y += 20
  }

  /** A muted line ('Tidak ada catatan'). */
  note(text: string) {
    this.need(14)
    use(this.doc, REGULAR, 8.5, COLOR.muted)
    line(this.doc, text, CONTENT.x + 2, this.y, CONTENT.width)
    this.y += 14
  }

  /** A table: its heading row, rows wrapping up to 6 lines per cell, `total` bold at the end. */
  table(columns: Column[], rows: string[][], total?: string[]) {
    const pad = 5
    const lead = 10.5
    const head = () => {
      this.doc.rect(CONTENT.x, this.y, CONTENT.width, 16).fill(COLOR.brand)
      use(this.doc, BOLD, 8, '#ffffff')
      let x = CONTENT.x
      for (const c of columns) {
        this.cell(c.label, x, this.y + 4.5, c, pad)
        x += c.width
      }
      this.y += 16
    }
    this.need(16 + 18)
    head()
    const all = total ? [...rows, total] : rows
    for (const [i, row] of all.entries()) {
      const bold = total !== undefined && i === all.length - 1
      use(this.doc, bold ? BOLD : REGULAR, 8.5, COLOR.ink)
      const wrapped = row.map((text, j) => this.wrap(text, columns[j].width - 2 * pad, CELL_LINES))
      const h = Math.max(1, ...wrapped.map((w) => w.length)) * lead + 7
      if (this.y + h > BOTTOM) {
        this.newPage()
        head()
        use(this.doc, bold ? BOLD : REGULAR, 8.5, COLOR.ink)
      }
      if (bold) this.rule(this.y, COLOR.brand, 0.8)
      else if (i % 2 === 1) {
        this.doc.rect(CONTENT.x, this.y, CONTENT.width, h).fill(COLOR.box)
        use(this.doc, REGULAR, 8.5, COLOR.ink)
      }
      let x = CONTENT.x
      for (const [j, c] of columns.entries()) {
        let ly = this.y + 4
        for (const l of wrapped[j]) {
          this.cell(l, x, ly, c, pad)
          ly += lead
        }
        x += c.width
      }
      this.y += h
    }
    this.rule(this.y)
    this.y += 8
  }

  /** Its lines (the writer's own line breaks kept) wrapped to `width`, at most `max`. */
  private wrap(text: string, width: number, max: number): string[] {
    const measure = (s: string) => this.doc.widthOfString(s)
    return text
      .split(/\r?\n/)
      .flatMap((p) => (p.trim() ? wrapLines(pdfSafe(p), width, max, measure) : []))
      .slice(0, max)
  }

  /** A labelled text of any length (a note): its lines flow on to the next page when long. */
  paragraph(label: string, text: string) {
    const lead = 11.5
    use(this.doc, REGULAR, 9, COLOR.ink)
    const wrapped = this.wrap(text || '-', CONTENT.width - 12, 400)
    this.need(14 + lead * Math.min(2, wrapped.length))
    use(this.doc, BOLD, 9, COLOR.brand)
    line(this.doc, label, CONTENT.x + 2, this.y, CONTENT.width)
    this.y += 13
    for (const l of wrapped) {
      this.need(lead)
      use(this.doc, REGULAR, 9, COLOR.ink)
      this.doc.text(l, CONTENT.x + 12, this.y, { lineBreak: false })
      this.y += lead
    }
    this.y += 5
  }

  private cell(text: string, x: number, y: number, c: Column, pad: number) {
    const t = pdfSafe(text)
    const w = this.doc.widthOfString(t)
    const at =
      c.align === 'right' ? x + c.width - pad - w : c.align === 'center' ? x + (c.width - w) / 2 : x + pad
    this.doc.text(t, at, y, { lineBreak: false })
  }

  /** Draws each page's foot: the code, its QR code (an absolute address only) and the page number. */
  finish() {
    const range = this.doc.bufferedPageRange()
    const qr = /^https?:\/\//.test(this.foot.verifyUrl)
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i)
      const top = PAGE.height - MARGIN.bottom - FOOT_H + 8
      this.rule(top)
      const size = FOOT_H - 14
      if (qr) drawQr(this.doc, this.foot.verifyUrl, CONTENT.x + CONTENT.width - size, top + 6, size)
      const textW = CONTENT.width - (qr ? size + 12 : 0)
      use(this.doc, BOLD, 8.5, COLOR.ink)
      line(this.doc, `Kode verifikasi: ${this.foot.code}`, CONTENT.x, top + 9, textW)
      use(this.doc, REGULAR, 7.5, COLOR.muted)
      line(this.doc, `Periksa keaslian di ${this.foot.verifyUrl}`, CONTENT.x, top + 22, textW)
      if (qr) this.doc.link(CONTENT.x, top + 20, textW, 11, this.foot.verifyUrl)
      line(this.doc, `Halaman ${i + 1} dari ${range.count}`, CONTENT.x, top + 34, textW)
    }
  }
}
