import { once } from 'node:events'
import type { Writable } from 'node:stream'
import type { Kysely } from 'kysely'
import PDFDocument from 'pdfkit'
import { indonesianDayName, periodLabel } from '../../../src/contracts/days'
import { type DiaryDay, SIGNER_LABELS, SIGNER_ROLES, WEATHER_LABELS } from '../../../src/contracts/diary'
import { pathTo } from '../../../src/contracts/endpoint'
import { verifyPage } from '../../../src/contracts/public.endpoints'
import { workItemLabel } from '../../../src/contracts/work-items'
import { firmWallClock, indonesianDateTime } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import type { CoverLogo } from '../reports/report-cover'
import { BOLD, COLOR, centred, line, lines, REGULAR, use } from '../reports/report-draw'
import { type PrintImage, printImage, readAll } from '../reports/report-images'
import { CONTENT } from '../reports/report-layout'
import { pdfSafe } from '../reports/report-text'
import { readFirmSettings } from '../settings/firm-settings'
import { contractOf } from './diary-print-data'
import { Flow, PHOTO_BOX, renderToFile } from './diary-print-flow'
import { factsBox, letterhead, num } from './diary-print-pdf'
import { isSigned, readWeek } from './diary-print-week-data'

/*
 * The PDF of a report of kind 'mingguan' (issue 34, decision 0091): the week's diaries rolled up. A
 * summary per day (signed or not, manpower, equipment, rain hours, weather), manpower and equipment per
 * day with the week's totals, the materials that came, the work done per work item, who signed each
 * day, and the report's photos (the week's approved ones, report_photos). The report job
 * (reports/report-render-job.ts) calls it for such a report; the code and QR are on every page.
 */

type Head = {
  id: number
  project_id: number
  code: string
  title: string
  period_from: string
  period_to: string
  created_at: string
  project_name: string
  creator_name: string | null
}

const SHORT_DAYS = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab']
const DAY_MS = 86_400_000

/** Every calendar day of the period. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}
const shortDay = (day: string) =>
  `${SHORT_DAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${day.slice(8, 10)}/${day.slice(5, 7)}`

/** Rows of `name -> count per day` summed over the week (manpower per trade, equipment per name). */
function perDay(
  days: string[],
  week: DiaryDay[],
  rowsOf: (d: DiaryDay) => { name: string; count: number }[],
) {
  const names = new Map<string, number[]>()
  for (const d of week)
    for (const r of rowsOf(d)) {
      const counts = names.get(r.name) ?? days.map(() => 0)
      counts[days.indexOf(d.day)] += r.count
      names.set(r.name, counts)
    }
  const rows = [...names.entries()].map(([name, counts]) => [
    name,
    ...counts.map((n) => (n ? num(n) : '-')),
    num(counts.reduce((a, b) => a + b, 0)),
  ])
  const totals = days.map((_, i) => [...names.values()].reduce((t, c) => t + c[i], 0))
  return {
    rows,
    total: ['Jumlah', ...totals.map((n) => (n ? num(n) : '-')), num(totals.reduce((a, b) => a + b, 0))],
  }
}

async function weekPhotos(deps: Pick<Deps, 'db'>, reportId: number) {
  return deps.db
    .selectFrom('report_photos')
    .leftJoin('doc_images', 'doc_images.id', 'report_photos.doc_image_id')
    .leftJoin('docs', 'docs.id', 'report_photos.doc_id')
    .select([
      'report_photos.position',
      'report_photos.taken_at',
      'doc_images.blob_key',
      'docs.description',
      'docs.location',
      'docs.created_at',
    ])
    .where('report_photos.report_id', '=', reportId)
    .orderBy('report_photos.position')
    .execute()
}

export async function renderWeeklyReport(opts: {
  deps: Pick<Deps, 'db' | 'store' | 'config'>
  report: Head
  file: string
  logo: CoverLogo | null
  onProgress: (done: number, total: number) => Promise<void>
}): Promise<{ pages: number; size: number; sha256: string }> {
  const { deps, report } = opts
  const db = deps.db
  const timeZone = deps.config.firmTimeZone
  const [week, contract, firm, photos] = await Promise.all([
    readWeek(db, report.project_id, report.period_from, report.period_to),
    contractOf(db, report.project_id),
    readFirmSettings(deps),
    weekPhotos(deps, report.id),
  ])
  const items = await workItemNames(db, week)
  const images: (PrintImage | null)[] = []
  for (const [i, p] of photos.entries()) {
    const blob = p.blob_key ? await deps.store.get(p.blob_key, 'public') : undefined
    images.push(blob ? await printImage(await readAll(blob.stream), PHOTO_BOX.width, PHOTO_BOX.height) : null)
    await opts.onProgress(i + 1, photos.length + 1)
  }
  const days = daysOf(report.period_from, report.period_to)
  const verifyUrl = `${deps.config.publicUrl ?? ''}${pathTo(verifyPage, { code: report.code })}`
  return renderToFile(opts.file, async (out: Writable) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      compress: true,
      info: {
        Title: pdfSafe(report.title),
        Author: pdfSafe(firm.name),
        Subject: `Kode verifikasi ${report.code}`,
      },
    })
    const finished = once(out, 'finish')
    doc.pipe(out)
    const flow = new Flow(doc, {
      title: 'Laporan Mingguan',
      subtitle: `${report.project_name} - ${periodLabel(report.period_from, report.period_to)}`,
      code: report.code,
      verifyUrl,
    })
    letterhead(flow, { day: { firm }, logo: opts.logo })
    use(doc, BOLD, 16, COLOR.ink)
    centred(doc, 'LAPORAN MINGGUAN', CONTENT.x, flow.y, CONTENT.width)
    flow.y += 20
    use(doc, BOLD, 11, COLOR.brand)
    centred(doc, periodLabel(report.period_from, report.period_to), CONTENT.x, flow.y, CONTENT.width)
    flow.y += 22
    factsBox(flow, [
      ['Proyek', report.project_name],
      ['Nomor kontrak', contract.number ?? '-'],
      ['Kontraktor pelaksana', contract.contractor ?? '-'],
      ['Pemilik / PPK', contract.owner ?? '-'],
      ['Periode', periodLabel(report.period_from, report.period_to)],
      ['Disusun oleh', report.creator_name ?? '-'],
      ['Dibuat', indonesianDateTime(report.created_at, timeZone)],
    ])
    const byDay = new Map(week.map((d) => [d.day, d]))
    const signed = week.filter(isSigned).length
    flow.heading('1. Ringkasan Harian')
    flow.table(
      [
        { label: 'Hari', width: 120 },
        { label: 'Status', width: 95 },
        { label: 'Tenaga kerja', width: 70, align: 'right' },
        { label: 'Alat', width: 50, align: 'right' },
        { label: 'Hujan (jam)', width: 65, align: 'right' },
        { label: 'Cuaca', width: CONTENT.width - 400 },
      ],
      days.map((day) => {
        const d = byDay.get(day)
        if (!d) return [indonesianDayName(day), 'Tidak ada laporan', '-', '-', '-', '-']
        const s = d.sections
        return [
          indonesianDayName(day),
          isSigned(d) ? 'Ditandatangani' : 'Belum ditandatangani',
          num((s.manpower ?? []).reduce((t, m) => t + m.count, 0)),
          num((s.equipment ?? []).reduce((t, e) => t + e.count, 0)),
          s.weather ? num(s.weather.lost_hours) : '-',
          [...new Set((s.weather?.blocks ?? []).map((b) => WEATHER_LABELS[b.condition]))].join(', ') || '-',
        ]
      }),
      [
        'Jumlah',
        `${signed} dari ${week.length} hari ditandatangani`,
        num(week.reduce((t, d) => t + (d.sections.manpower ?? []).reduce((a, m) => a + m.count, 0), 0)),
        num(week.reduce((t, d) => t + (d.sections.equipment ?? []).reduce((a, e) => a + e.count, 0), 0)),
        num(week.reduce((t, d) => t + (d.sections.weather?.lost_hours ?? 0), 0)),
        '',
      ],
    )
    const dayCols = days.map((d) => ({ label: shortDay(d), width: 44, align: 'right' as const }))
    const nameW = CONTENT.width - 44 * days.length - 50
    for (const [title, rowsOf, empty] of [
      [
        '2. Tenaga Kerja per Hari',
        (d: DiaryDay) => (d.sections.manpower ?? []).map((m) => ({ name: m.trade, count: m.count })),
        'Tenaga kerja tidak dicatat',
      ],
      [
        '3. Peralatan per Hari',
        (d: DiaryDay) => (d.sections.equipment ?? []).map((e) => ({ name: e.name, count: e.count })),
        'Peralatan tidak dicatat',
      ],
    ] as const) {
      flow.heading(title)
      const t = perDay(days, week, rowsOf)
      if (t.rows.length === 0) flow.note(empty)
      else
        flow.table(
          [
            { label: title.includes('Tenaga') ? 'Jenis tenaga kerja' : 'Nama alat', width: nameW },
            ...dayCols,
            { label: 'Jumlah', width: 50, align: 'right' },
          ],
          t.rows,
          t.total,
        )
    }
    flow.heading('4. Bahan yang Datang')
    const mats = week.flatMap((d) => (d.sections.materials ?? []).map((m) => ({ day: d.day, ...m })))
    if (mats.length === 0) flow.note('Tidak ada bahan yang datang')
    else
      flow.table(
        [
          { label: 'Hari', width: 60 },
          { label: 'Bahan', width: 150 },
          { label: 'Volume', width: 70, align: 'right' },
          { label: 'Satuan', width: 55 },
          { label: 'Diterima', width: 60 },
          { label: 'Keterangan', width: CONTENT.width - 395 },
        ],
        mats.map((m) => [
          shortDay(m.day),
          m.name,
          num(m.quantity),
          m.unit,
          m.accepted ? 'Diterima' : 'Ditolak',
          m.note ?? '',
        ]),
      )
    flow.heading('5. Pekerjaan per Item Pekerjaan')
    const work = week
      .flatMap((d) =>
        (d.sections.work ?? []).map((w) => ({
          day: d.day,
          item: (w.work_item_id && items.get(w.work_item_id)) || 'Tanpa item pekerjaan',
          ...w,
        })),
      )
      .sort((a, b) => (a.item === b.item ? (a.day < b.day ? -1 : 1) : a.item < b.item ? -1 : 1))
    if (work.length === 0) flow.note('Pekerjaan tidak dicatat')
    else {
      flow.table(
        [
          { label: 'Item pekerjaan', width: 130 },
          { label: 'Hari', width: 60 },
          { label: 'Uraian', width: CONTENT.width - 370 },
          { label: 'Volume', width: 65, align: 'right' },
          { label: 'Satuan', width: 50 },
          { label: 'Progres', width: 65, align: 'right' },
        ],
        work.map((w) => [
          w.item,
          shortDay(w.day),
          w.description,
          num(w.volume),
          w.unit ?? '',
          w.progress === undefined ? '-' : `${num(w.progress)} %`,
        ]),
      )
      const sums = new Map<string, number>()
      for (const w of work)
        if (w.volume !== undefined) {
          const key = `${w.item}\u0000${w.unit ?? ''}`
          sums.set(key, (sums.get(key) ?? 0) + w.volume)
        }
      if (sums.size > 0)
        flow.table(
          [
            { label: 'Volume minggu ini per item pekerjaan', width: CONTENT.width - 150 },
            { label: 'Volume', width: 90, align: 'right' },
            { label: 'Satuan', width: 60 },
          ],
          [...sums.entries()].map(([key, v]) => {
            const [item, unit] = key.split('\u0000')
            return [item, num(v), unit]
          }),
        )
    }
    flow.heading('6. Tanda Tangan Laporan Harian')
    flow.table(
      [
        { label: 'Hari', width: 120 },
        ...SIGNER_ROLES.map((r) => ({ label: SIGNER_LABELS[r], width: (CONTENT.width - 120) / 3 })),
      ],
      week.map((d) => [
        indonesianDayName(d.day),
        ...SIGNER_ROLES.map((r) => {
          const s = d.signatures.find((x) => x.role === r)
          return s ? `${s.name} (${indonesianDateTime(s.signed_at, timeZone)})` : '-'
        }),
      ]),
    )
    flow.heading('7. Dokumentasi Foto', 170)
    if (photos.length === 0) flow.note('Tidak ada foto dokumentasi yang disetujui pada minggu ini')
    drawPhotos(flow, photos, images, timeZone)
    flow.finish()
    const pages = doc.bufferedPageRange().count
    doc.end()
    await finished
    await opts.onProgress(photos.length + 1, photos.length + 1)
    return { pages }
  })
}

async function workItemNames(db: Kysely<DB>, week: DiaryDay[]) {
  const ids = [
    ...new Set(
      week.flatMap((d) => (d.sections.work ?? []).flatMap((w) => (w.work_item_id ? [w.work_item_id] : []))),
    ),
  ]
  const names = new Map<number, string>()
  if (ids.length === 0) return names
  for (const r of await db
    .selectFrom('work_items')
    .select(['id', 'name', 'code'])
    .where('id', 'in', ids)
    .execute())
    names.set(Number(r.id), workItemLabel(r))
  return names
}

function drawPhotos(
  flow: Flow,
  photos: Awaited<ReturnType<typeof weekPhotos>>,
  images: (PrintImage | null)[],
  timeZone: string,
) {
  const { doc } = flow
  const cols = 3
  const gap = 12
  const cw = (CONTENT.width - gap * (cols - 1)) / cols
  const ph = 120
  const rowH = ph + 52
  for (let i = 0; i < photos.length; i += cols) {
    flow.need(rowH)
    for (let j = 0; j < cols && i + j < photos.length; j++) {
      const p = photos[i + j]
      const x = CONTENT.x + j * (cw + gap)
      const img = images[i + j]
      if (img) {
        const scale = Math.min(cw / img.width, ph / img.height)
        doc.image(img.jpeg, x + (cw - img.width * scale) / 2, flow.y, {
          width: img.width * scale,
          height: img.height * scale,
        })
      } else {
        doc.rect(x, flow.y, cw, ph).fill(COLOR.box)
        use(doc, REGULAR, 8, COLOR.muted)
        centred(doc, 'Foto tidak dapat ditampilkan', x, flow.y + ph / 2 - 4, cw)
      }
      let y = flow.y + ph + 5
      use(doc, BOLD, 8, COLOR.ink)
      y = lines(doc, `${p.position}. ${p.description ?? '(dokumentasi sudah dihapus)'}`, x, y, cw, 2, 9.5)
      use(doc, REGULAR, 7.5, COLOR.muted)
      const at = p.taken_at ?? p.created_at
      const when = at ? firmWallClock(at, timeZone) : ''
      line(
        doc,
        [
          when ? `${shortDay(when.slice(0, 10))} ${when.slice(11, 13)}.${when.slice(14, 16)}` : '',
          p.location ?? '',
        ]
          .filter(Boolean)
          .join(' - '),
        x,
        y,
        cw,
      )
    }
    flow.y += rowH
  }
}
