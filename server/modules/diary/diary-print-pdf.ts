import { once } from 'node:events'
import type { Writable } from 'node:stream'
import PDFDocument from 'pdfkit'
import { indonesianDayName } from '../../../src/contracts/days'
import { EQUIPMENT_LABELS, SIGNER_LABELS, SIGNER_ROLES, WEATHER_LABELS } from '../../../src/contracts/diary'
import { indonesianDateTime } from '../../base/firm-clock'
import type { CoverLogo } from '../reports/report-cover'
import { BOLD, COLOR, centred, line, lines, REGULAR, use } from '../reports/report-draw'
import type { PrintImage } from '../reports/report-images'
import { CONTENT } from '../reports/report-layout'
import { pdfSafe } from '../reports/report-text'
import type { PrintedDay } from './diary-print-data'
import { Flow } from './diary-print-flow'

/*
 * Draws one diary day (issue 34, decision 0091) on A4 in the order a PPK reads the buku harian: the
 * firm's letterhead, the title and the day, the project's facts (contract, contractor, owner), the six
 * sections as tables, the day's photos, and the signature block of Kontraktor Pelaksana, Konsultan
 * Pengawas and Mengetahui with the drawn signatures. The code and its QR code sit on every page.
 */

export type DiaryPdfInput = {
  day: PrintedDay
  code: string
  verifyUrl: string
  logo: CoverLogo | null
  timeZone: string
  /** The day's photos, resized (diary-print-render.ts), in the order of `day.photos`. */
  images: (PrintImage | null)[]
}

/** '1.234,5' the Indonesian way. */
export const num = (n: number | undefined | null) =>
  n === undefined || n === null ? '-' : n.toLocaleString('id-ID', { maximumFractionDigits: 2 })

const STATUS_WORDS = {
  draft: 'Draf (belum diajukan)',
  submitted: 'Diajukan, menunggu tanda tangan',
  returned: 'Dikembalikan oleh kontraktor',
  signed: 'Ditandatangani',
  superseded: 'Sudah diganti oleh revisi berikutnya',
} as const

export async function writeDiaryPdf(out: Writable, input: DiaryPdfInput): Promise<{ pages: number }> {
  const { day } = input
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    info: {
      Title: pdfSafe(`Laporan Harian ${day.projectName} ${day.day}`),
      Author: pdfSafe(day.firm.name),
      Subject: `Kode verifikasi ${input.code}`,
      Creator: 'Berkas',
    },
  })
  const finished = once(out, 'finish')
  doc.pipe(out)
  const flow = new Flow(doc, {
    title: 'Laporan Harian',
    subtitle: `${day.projectName} - ${indonesianDayName(day.day)}`,
    code: input.code,
    verifyUrl: input.verifyUrl,
  })
  letterhead(flow, input)
  facts(flow, input)
  sections(flow, day)
  photos(flow, input)
  signatures(flow, input)
  flow.finish()
  const pages = doc.bufferedPageRange().count
  doc.end()
  await finished
  return { pages }
}

export function letterhead(flow: Flow, input: { day: { firm: PrintedDay['firm'] }; logo: CoverLogo | null }) {
  const { doc } = flow
  const x = CONTENT.x
  let textX = x
  let logoH = 0
  if (input.logo) {
    const scale = Math.min(110 / input.logo.width, 42 / input.logo.height, 1)
    logoH = input.logo.height * scale
    doc.image(input.logo.data, x, flow.y, { width: input.logo.width * scale, height: logoH })
    textX = x + input.logo.width * scale + 12
  }
  const w = CONTENT.width - (textX - x)
  use(doc, BOLD, 12, COLOR.brand)
  line(doc, input.day.firm.name, textX, flow.y + 2, w)
  use(doc, REGULAR, 8.5, COLOR.muted)
  const contact = [
    input.day.firm.address.replace(/\s*\n\s*/g, ', '),
    input.day.firm.phone ? `Telp. ${input.day.firm.phone}` : '',
  ]
    .filter(Boolean)
    .join('  -  ')
  const below = contact ? lines(doc, contact, textX, flow.y + 18, w, 2, 11) : flow.y + 18
  flow.y = Math.max(below, flow.y + logoH) + 6
  doc.rect(x, flow.y, CONTENT.width, 2).fill(COLOR.brand)
  flow.y += 14
}

function facts(flow: Flow, input: DiaryPdfInput) {
  const { doc } = flow
  const { day } = input
  use(doc, BOLD, 16, COLOR.ink)
  centred(doc, 'LAPORAN HARIAN', CONTENT.x, flow.y, CONTENT.width)
  flow.y += 20
  use(doc, BOLD, 11, COLOR.brand)
  centred(doc, indonesianDayName(day.day), CONTENT.x, flow.y, CONTENT.width)
  flow.y += 20
  const status =
    day.revision > 1 && day.revisionReason
      ? `${STATUS_WORDS[day.status]} - revisi ${day.revision}: ${day.revisionReason}`
      : `${STATUS_WORDS[day.status]}${day.revision > 1 ? ` - revisi ${day.revision}` : ''}`
  const rows: [string, string][] = [
    ['Proyek', day.projectName],
    ['Nomor kontrak', day.contract.number ?? '-'],
    ['Kontraktor pelaksana', day.contract.contractor ?? '-'],
    ['Pemilik / PPK', day.contract.owner ?? '-'],
    ['Hari, tanggal', indonesianDayName(day.day)],
    ['Status', status],
  ]
  factsBox(flow, rows)
}

/** The facts of a printed diary or week: label and value lines on a light band. */
export function factsBox(flow: Flow, rows: [string, string][]) {
  const { doc } = flow
  const h = rows.length * 15 + 10
  doc.rect(CONTENT.x, flow.y, CONTENT.width, h).fill(COLOR.band)
  let y = flow.y + 7
  for (const [label, value] of rows) {
    use(doc, REGULAR, 9, COLOR.muted)
    doc.text(label, CONTENT.x + 10, y, { lineBreak: false })
    use(doc, BOLD, 9, COLOR.ink)
    line(doc, value, CONTENT.x + 130, y, CONTENT.width - 140)
    y += 15
  }
  flow.y += h + 6
}

function sections(flow: Flow, day: PrintedDay) {
  const s = day.sections
  const W = CONTENT.width
  flow.heading('1. Cuaca')
  const blocks = s.weather?.blocks ?? []
  if (blocks.length === 0) flow.note('Cuaca tidak dicatat')
  else
    flow.table(
      [
        { label: 'Jam', width: 140 },
        { label: 'Cuaca', width: W - 140 },
      ],
      blocks.map((b) => [
        `${b.from.replace(':', '.')} - ${b.to.replace(':', '.')}`,
        WEATHER_LABELS[b.condition],
      ]),
    )
  if (s.weather) flow.note(`Jam kerja hilang karena hujan: ${num(s.weather.lost_hours)} jam`)

  flow.heading('2. Tenaga Kerja')
  const men = s.manpower ?? []
  if (men.length === 0) flow.note('Tenaga kerja tidak dicatat')
  else
    flow.table(
      [
        { label: 'No', width: 30, align: 'center' },
        { label: 'Jenis tenaga kerja', width: W - 130 },
        { label: 'Jumlah (orang)', width: 100, align: 'right' },
      ],
      men.map((m, i) => [String(i + 1), m.trade, num(m.count)]),
      ['', 'Jumlah tenaga kerja', num(men.reduce((t, m) => t + m.count, 0))],
    )

  flow.heading('3. Peralatan')
  const tools = s.equipment ?? []
  if (tools.length === 0) flow.note('Peralatan tidak dicatat')
  else
    flow.table(
      [
        { label: 'No', width: 30, align: 'center' },
        { label: 'Nama alat', width: W - 270 },
        { label: 'Jumlah', width: 70, align: 'right' },
        { label: 'Kondisi', width: 80 },
        { label: 'Jam kerja', width: 90, align: 'right' },
      ],
      tools.map((t, i) => [
        String(i + 1),
        t.name,
        num(t.count),
        EQUIPMENT_LABELS[t.condition],
        t.hours === undefined ? '-' : `${num(t.hours)} jam`,
      ]),
      ['', 'Jumlah alat', num(tools.reduce((t, e) => t + e.count, 0)), '', ''],
    )

  flow.heading('4. Bahan / Material')
  const mats = s.materials ?? []
  if (mats.length === 0) flow.note('Tidak ada bahan yang datang')
  else
    flow.table(
      [
        { label: 'No', width: 30, align: 'center' },
        { label: 'Bahan', width: 140 },
        { label: 'Volume', width: 70, align: 'right' },
        { label: 'Satuan', width: 55 },
        { label: 'Diterima', width: 65 },
        { label: 'Keterangan', width: W - 360 },
      ],
      mats.map((m, i) => [
        String(i + 1),
        m.name,
        num(m.quantity),
        m.unit,
        m.accepted ? 'Diterima' : 'Ditolak',
        m.note ?? '',
      ]),
    )

  flow.heading('5. Pekerjaan yang Dilaksanakan')
  const work = s.work ?? []
  if (work.length === 0) flow.note('Pekerjaan tidak dicatat')
  else
    flow.table(
      [
        { label: 'No', width: 30, align: 'center' },
        { label: 'Item pekerjaan', width: 130 },
        { label: 'Uraian', width: W - 345 },
        { label: 'Volume', width: 70, align: 'right' },
        { label: 'Satuan', width: 50 },
        { label: 'Progres', width: 65, align: 'right' },
      ],
      work.map((w, i) => [
        String(i + 1),
        (w.work_item_id && day.workItems.get(w.work_item_id)) || '-',
        w.description,
        num(w.volume),
        w.unit ?? '',
        w.progress === undefined ? '-' : `${num(w.progress)} %`,
      ]),
    )

  flow.heading('6. Catatan')
  const n = s.notes ?? {}
  const notes: [string, string | undefined][] = [
    ['Masalah dan penyebab', n.problems],
    ['Instruksi / perintah', n.instructions],
    ['Keselamatan kerja (K3)', n.safety],
    ['Tamu / kunjungan', n.visitors],
  ]
  for (const [label, text] of notes) flow.paragraph(label, text?.trim() || '-')
}

function photos(flow: Flow, input: DiaryPdfInput) {
  const list = input.day.photos
  flow.heading('7. Dokumentasi Foto', 170)
  if (list.length === 0) {
    flow.note('Tidak ada foto dokumentasi yang disetujui pada hari ini')
    return
  }
  const { doc } = flow
  const cols = 3
  const gap = 12
  const cw = (CONTENT.width - gap * (cols - 1)) / cols
  const ph = 120
  const rowH = ph + 52
  for (let i = 0; i < list.length; i += cols) {
    flow.need(rowH)
    for (let j = 0; j < cols && i + j < list.length; j++) {
      const p = list[i + j]
      const x = CONTENT.x + j * (cw + gap)
      const img = input.images[i + j]
      if (img) {
        const scale = Math.min(cw / img.width, ph / img.height)
        const w = img.width * scale
        const h = img.height * scale
        doc.image(img.jpeg, x + (cw - w) / 2, flow.y, { width: w, height: h })
        doc
          .rect(x + (cw - w) / 2, flow.y, w, h)
          .lineWidth(0.4)
          .strokeColor(COLOR.rule)
          .stroke()
      } else {
        doc.rect(x, flow.y, cw, ph).fill(COLOR.box)
        use(doc, REGULAR, 8, COLOR.muted)
        centred(doc, 'Foto tidak dapat ditampilkan', x, flow.y + ph / 2 - 4, cw)
      }
      let y = flow.y + ph + 5
      use(doc, BOLD, 8, COLOR.ink)
      y = lines(doc, `${i + j + 1}. ${p.description}`, x, y, cw, 2, 9.5)
      use(doc, REGULAR, 7.5, COLOR.muted)
      const where = [p.location, p.workItem].filter(Boolean).join(' - ')
      lines(doc, `Pukul ${p.time}${where ? ` - ${where}` : ''}`, x, y, cw, 2, 9)
    }
    flow.y += rowH
  }
}

const SIGN_H = 150

function signatures(flow: Flow, input: DiaryPdfInput) {
  const { doc } = flow
  flow.need(SIGN_H + 36)
  flow.y += 8
  use(doc, REGULAR, 9, COLOR.ink)
  line(doc, 'Demikian laporan harian ini dibuat dengan sebenarnya.', CONTENT.x, flow.y, CONTENT.width)
  flow.y += 24
  const colW = CONTENT.width / SIGNER_ROLES.length
  const top = flow.y
  for (const [i, role] of SIGNER_ROLES.entries()) {
    const x = CONTENT.x + i * colW + 6
    const w = colW - 12
    const sig = input.day.signatures.find((s) => s.role === role)
    use(doc, BOLD, 9, COLOR.ink)
    centred(doc, `${SIGNER_LABELS[role]},`, x, top, w)
    const lineY = top + 82
    const image = sig ? imageOf(sig.image) : null
    if (image)
      try {
        doc.image(image, x + 10, top + 16, { fit: [w - 20, 62], align: 'center', valign: 'center' })
      } catch {
        // An image pdfkit cannot read: the name and time below still say who signed.
      }
    doc
      .moveTo(x + 10, lineY)
      .lineTo(x + w - 10, lineY)
      .lineWidth(0.6)
      .strokeColor(COLOR.ink)
      .stroke()
    if (sig) {
      use(doc, BOLD, 9, COLOR.ink)
      centred(doc, sig.name, x, lineY + 5, w)
      use(doc, REGULAR, 8, COLOR.ink)
      centred(doc, sig.position, x, lineY + 18, w)
      use(doc, REGULAR, 7.5, COLOR.muted)
      centred(doc, `Ditandatangani ${indonesianDateTime(sig.signed_at, input.timeZone)}`, x, lineY + 31, w)
    } else {
      use(doc, REGULAR, 8.5, COLOR.muted)
      centred(doc, '(belum ditandatangani)', x, lineY + 5, w)
    }
  }
  flow.y = top + SIGN_H
}

/** A signature's data URL as bytes (PNG or JPEG, checked when it was signed). */
function imageOf(dataUrl: string): Buffer | null {
  const m = /^data:image\/(png|jpeg);base64,(.+)$/.exec(dataUrl)
  return m ? Buffer.from(m[2], 'base64') : null
}
