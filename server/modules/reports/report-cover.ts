import QRCode from 'qrcode'
import type { Signatory } from '../../../src/contracts/settings'
import { BOLD, COLOR, centred, type Doc, line, lines, REGULAR, titleLines, use } from './report-draw'
import { CONTENT, FOOTER_H, MARGIN, PAGE, type PlannedPage, SIGNATURE_H } from './report-layout'

/*
 * A report's cover (issue 24, issue 30): the firm's letterhead (logo, name, address, phone, as kept in
 * 'Pengaturan Firma'), the title, the project, the facts with the verification QR code, the table of
 * photos per work item (continued on further pages when long) and, at its foot, the signature block
 * every Indonesian supervision report carries ('Dibuat oleh / Diperiksa oleh / Disetujui oleh').
 */

/** The firm's logo as stored (PNG), with its size in pixels. */
export type CoverLogo = { data: Buffer; width: number; height: number }

export type CoverText = {
  firmName: string
  firmAddress: string
  firmPhone: string
  logo: CoverLogo | null
  signatories: Signatory[]
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

type CoverPage = Extract<PlannedPage, { kind: 'cover' | 'cover-more' }>

const LOGO_BOX = { width: 120, height: 46 }

export function drawCover(doc: Doc, c: CoverText, page: CoverPage) {
  let y = MARGIN.top + 10
  const x = CONTENT.x
  const w = CONTENT.width
  if (page.kind === 'cover') {
    y = drawLetterhead(doc, c, x, y, w)
    doc.rect(x, y, w, 2).fill(COLOR.brand)
    y += 24
    use(doc, REGULAR, 9, COLOR.muted)
    doc.text('LAPORAN DOKUMENTASI', x, y, { lineBreak: false, characterSpacing: 1.5 })
    y += 16
    use(doc, BOLD, 19, COLOR.ink)
    y = titleLines(doc, c.title, x, y, w, 3, 24) + 8
    use(doc, BOLD, 13, COLOR.brand)
    y = lines(doc, c.projectName, x, y, w, 2, 17)
    use(doc, REGULAR, 9.5, COLOR.ink)
    y = lines(doc, c.projectDescription, x, y + 2, w, page.signed ? 2 : 4, 12.5) + 12
    y = drawFacts(doc, c, x, y, w) + 16
  } else {
    use(doc, BOLD, 12, COLOR.brand)
    doc.text('Jumlah foto per item pekerjaan (lanjutan)', x, y + 10, { lineBreak: false })
    y += 40
  }
  drawTable(doc, c, page, x, y, w)
  if (page.kind === 'cover' && page.signed) drawSignatures(doc, c.signatories, x, w)
}

/** Logo at the left, the firm's name, address and phone beside it; returns the y below. */
function drawLetterhead(doc: Doc, c: CoverText, x: number, y: number, w: number): number {
  let textX = x
  let logoH = 0
  if (c.logo) {
    const scale = Math.min(LOGO_BOX.width / c.logo.width, LOGO_BOX.height / c.logo.height, 1)
    const lw = c.logo.width * scale
    logoH = c.logo.height * scale
    doc.image(c.logo.data, x, y, { width: lw, height: logoH })
    textX = x + lw + 12
  }
  const textW = w - (textX - x)
  let ty = y + (c.logo ? Math.max(0, (logoH - 36) / 2) : 0)
  use(doc, BOLD, 12, COLOR.brand)
  line(doc, c.firmName, textX, ty, textW)
  ty += 16
  use(doc, REGULAR, 8.5, COLOR.muted)
  const contact = [c.firmAddress.replace(/\s*\n\s*/g, ', '), c.firmPhone ? `Telp. ${c.firmPhone}` : '']
    .filter(Boolean)
    .join('  -  ')
  if (contact) ty = lines(doc, contact, textX, ty, textW, 2, 11)
  return Math.max(ty, y + logoH) + 8
}

/** The signature block at the cover's foot: one column per signatory, room to sign, name, title. */
function drawSignatures(doc: Doc, people: Signatory[], x: number, w: number) {
  const top = PAGE.height - MARGIN.bottom - FOOTER_H - SIGNATURE_H
  const n = Math.max(people.length, 1)
  const colW = w / n
  for (const [i, p] of people.entries()) {
    const cx = x + i * colW + 6
    const cw = colW - 12
    use(doc, REGULAR, 9, COLOR.ink)
    centred(doc, `${p.label},`, cx, top, cw)
    // The blank space to sign in, closed by the line the name sits under.
    const lineY = top + 70
    doc
      .moveTo(cx + 10, lineY)
      .lineTo(cx + cw - 10, lineY)
      .lineWidth(0.6)
      .strokeColor(COLOR.ink)
      .stroke()
    use(doc, BOLD, 9.5, COLOR.ink)
    centred(doc, p.name, cx, lineY + 5, cw)
    use(doc, REGULAR, 8.5, COLOR.muted)
    if (p.title) centred(doc, p.title, cx, lineY + 18, cw)
  }
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
  const boxH = facts.length * 17 + 12
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
    y += 17
  }
  use(doc, REGULAR, 8, COLOR.muted)
  line(doc, `Keaslian laporan ini dapat diperiksa di ${c.verifyUrl}`, x, y + 9, w)
  return y + 20
}

function drawTable(doc: Doc, c: CoverText, page: CoverPage, x: number, y: number, w: number) {
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
  } else if (page.kind === 'cover') {
    use(doc, REGULAR, 8, COLOR.muted)
    doc.text('Berlanjut di halaman berikutnya', x + numW + 8, y + 5, { lineBreak: false })
  }
}

/** The verification page's QR code (its URL), drawn as squares: no image, crisp at any zoom. */
export function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
  // A quiet zone of two modules on white: scanners need it.
  const cell = size / (modules.size + 4)
  doc.rect(x, y, size, size).fill('#ffffff')
  for (let r = 0; r < modules.size; r++)
    for (let col = 0; col < modules.size; col++)
      if (modules.data[r * modules.size + col]) doc.rect(x + (col + 2) * cell, y + (r + 2) * cell, cell, cell)
  doc.fill(COLOR.ink)
}
