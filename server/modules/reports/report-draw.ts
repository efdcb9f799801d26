import { fitLine, pdfSafe, phraseLines, wrapLines } from './report-text'

/* What every part of a report's PDF draws with: its colours, fonts and line helpers (pdfkit). */

export type Doc = PDFKit.PDFDocument

export const COLOR = {
  ink: '#1f2937',
  muted: '#6b7280',
  brand: '#1f3a5f',
  rule: '#d1d5db',
  band: '#eef2f7',
  box: '#f3f4f6',
}
export const REGULAR = 'Helvetica'
export const BOLD = 'Helvetica-Bold'

/** Sets the font and colour; returns a measure of strings in that font. */
export function use(doc: Doc, font: string, size: number, color = COLOR.ink) {
  doc.font(font).fontSize(size).fillColor(color)
  return (s: string) => doc.widthOfString(s)
}

/** One line at (x, y), never wrapped, cut with an ellipsis to `width`. */
export function line(doc: Doc, text: string, x: number, y: number, width: number) {
  const measure = (s: string) => doc.widthOfString(s)
  doc.text(fitLine(pdfSafe(text), width, measure), x, y, { lineBreak: false })
}

/** One line centred in `width` from x. */
export function centred(doc: Doc, text: string, x: number, y: number, width: number) {
  const fitted = fitLine(pdfSafe(text), width, (s) => doc.widthOfString(s))
  doc.text(fitted, x + (width - doc.widthOfString(fitted)) / 2, y, { lineBreak: false })
}

/** Lines already wrapped, one below the other from (x, y); returns the y below them. */
function drawLines(doc: Doc, wrapped: string[], x: number, y: number, lead: number) {
  for (const l of wrapped) {
    doc.text(l, x, y, { lineBreak: false })
    y += lead
  }
  return y
}

/** Up to `max` wrapped lines at (x, y); returns the y below them. */
export function lines(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  max: number,
  lead: number,
) {
  const measure = (s: string) => doc.widthOfString(s)
  return drawLines(doc, wrapLines(pdfSafe(text), width, max, measure), x, y, lead)
}

/** Like `lines`, but a title: broken between its phrases (' - ') before inside one. */
export function titleLines(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  max: number,
  lead: number,
) {
  const measure = (s: string) => doc.widthOfString(s)
  return drawLines(doc, phraseLines(pdfSafe(text), width, max, measure), x, y, lead)
}
