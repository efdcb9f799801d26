import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { Writable } from 'node:stream'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { indonesianDayName, periodLabel } from '../../../src/contracts/days'
import { pathTo } from '../../../src/contracts/endpoint'
import { clockSkewText, siteWords } from '../../../src/contracts/geo'
import { verifyPage } from '../../../src/contracts/public.endpoints'
import type { ReportPerPage } from '../../../src/contracts/reports'
import { workItemLabel } from '../../../src/contracts/work-items'
import { firmDayOf, indonesianDateTime } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { renderWeeklyReport } from '../diary/diary-print-week'
import { readFirmSettings } from '../settings/firm-settings'
import type { CoverLogo } from './report-cover'
import { imagesInOrder, printImage, readAll } from './report-images'
import { cellSize, planReport } from './report-layout'
import { type CaptionText, photoBox, writeReportPdf } from './report-pdf'
import { countsByWorkItem } from './report-selection'

/*
 * Makes one report's PDF in a local file: reads the report and its chosen photos (report_photos, in
 * their positions), puts them into words, plans the pages and draws them (report-pdf.ts). Nothing here
 * writes to the database; the job (report-render-job.ts) stores the file and records it.
 */

export const NO_WORK_ITEM = 'Tanpa item pekerjaan'
const STATUS_LABEL = { approved: 'Disetujui', pending: 'Menunggu', rejected: 'Ditolak' } as const

export type RenderedReport = { pages: number; size: number; sha256: string }

export async function loadReport(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('reports')
    .innerJoin('projects', 'projects.id', 'reports.project_id')
    .leftJoin('users', 'users.id', 'reports.created_by')
    .select([
      'reports.id',
      'reports.project_id',
      'reports.code',
      'reports.title',
      'reports.period_from',
      'reports.period_to',
      'reports.include',
      'reports.per_page',
      'reports.kind',
      'reports.created_at',
      'reports.status',
      'reports.deleted_at',
      'projects.name as project_name',
      'projects.description as project_description',
      'users.name as creator_name',
    ])
    .where('reports.id', '=', id)
    .executeTakeFirst()
}
type ReportHead = NonNullable<Awaited<ReturnType<typeof loadReport>>>

function loadPhotos(db: Kysely<DB>, id: number) {
  return (
    db
      .selectFrom('report_photos')
      .leftJoin('doc_images', 'doc_images.id', 'report_photos.doc_image_id')
      .leftJoin('docs', 'docs.id', 'report_photos.doc_id')
      .leftJoin('work_items', 'work_items.id', 'docs.work_item_id')
      .leftJoin('users', 'users.id', 'docs.creator_id')
      // The project's site as it is now (issue 34): the caption says where the photo was against it.
      .leftJoin('project_contracts', 'project_contracts.project_id', 'docs.project_id')
      .select([
        'project_contracts.site_lat',
        'project_contracts.site_lng',
        'project_contracts.site_radius_m',
        'doc_images.lng',
        'doc_images.clock_skew_s',
        'report_photos.position',
        'report_photos.taken_at',
        'doc_images.blob_key',
        'doc_images.lat',
        'doc_images.accuracy_m',
        'doc_images.location_source',
        'docs.description',
        'docs.created_at',
        'docs.status',
        'docs.review_note',
        'docs.location',
        'docs.progress',
        'work_items.id as work_item_id',
        'work_items.name as work_item_name',
        'work_items.code as work_item_code',
        'users.name as uploader',
      ])
      .where('report_photos.report_id', '=', id)
      .orderBy('report_photos.position')
      .execute()
  )
}
type PhotoRow = Awaited<ReturnType<typeof loadPhotos>>[number]

/**
 * Where a photo was taken, as a reader can use it: the place's description and where its point came
 * from with its accuracy. No coordinates (issue 30, issue 31): they mean nothing on paper, and the
 * report is public behind share links.
 */
export function placeOf(p: Pick<PhotoRow, 'location' | 'lat' | 'accuracy_m' | 'location_source'>): string {
  const accuracy = p.accuracy_m === null ? '' : ` (±${Math.round(Number(p.accuracy_m))} m)`
  const place = p.location?.trim()
  if (p.lat === null) return place ? `Lokasi: ${place} - titik tidak diketahui` : 'Lokasi tidak diketahui'
  const point =
    p.location_source === 'exif'
      ? `titik dari data foto (EXIF)${accuracy}`
      : p.location_source === 'camera'
        ? `titik dari kamera aplikasi saat memotret${accuracy}`
        : // 'upload' (stored before issue 30) or unknown: where the phone was when it uploaded.
          `titik saat diunggah, belum tentu tempat foto diambil${accuracy}`
  return `Lokasi: ${[place, point].filter(Boolean).join(' - ')}`
}

/**
 * The place against the project's site and the device clock (issue 34), in words: 'Di luar lokasi: 3,4 km
 * dari proyek', 'Jam perangkat selisih 2 jam'. Never coordinates (decision 0072).
 */
export function evidenceNotes(p: {
  lat: number | null
  lng: number | null
  clock_skew_s: number | null
  site_lat: number | null
  site_lng: number | null
  site_radius_m: number | null
}): { site: string | null; clock: string | null } {
  const site =
    p.site_lat === null || p.site_lng === null || p.site_radius_m === null
      ? null
      : { lat: Number(p.site_lat), lng: Number(p.site_lng), radius_m: Number(p.site_radius_m) }
  return {
    // 'Tanpa lokasi' is already said by the place line ('Lokasi tidak diketahui').
    site: p.lat === null ? null : siteWords(p, site),
    clock: clockSkewText(p.clock_skew_s === null ? null : Number(p.clock_skew_s)),
  }
}

function captionOf(p: PhotoRow, timeZone: string): CaptionText {
  const by = [`Oleh ${p.uploader ?? '-'}`, p.progress === null ? null : `Progres ${Number(p.progress)} %`]
  const uploaded = p.created_at ? `Diunggah ${indonesianDateTime(p.created_at, timeZone)}` : ''
  const notes = evidenceNotes(p)
  const taken = p.taken_at ? `Diambil ${indonesianDateTime(p.taken_at, timeZone)} - ${uploaded}` : uploaded
  return {
    number: Number(p.position),
    description: p.description ?? '(dokumentasi sudah dihapus)',
    // Both times: when it was taken (when the camera said) and when it reached Berkas.
    taken: notes.clock ? `${taken} · ${notes.clock}` : taken,
    location: p.description === null ? null : [placeOf(p), notes.site].filter(Boolean).join(' · '),
    by: by.filter(Boolean).join(' · '),
    status: p.status
      ? `Status: ${STATUS_LABEL[p.status]}${p.review_note ? ` · Catatan: ${p.review_note}` : ''}`
      : null,
  }
}

/** Hashes and counts what it writes on its way to the file. */
class HashingFile extends Writable {
  readonly hash = createHash('sha256')
  size = 0
  private readonly file: fs.WriteStream
  constructor(path: string) {
    super()
    this.file = fs.createWriteStream(path)
    this.file.on('error', (err) => this.destroy(err))
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    this.hash.update(chunk)
    this.size += chunk.length
    if (this.file.write(chunk)) done()
    else this.file.once('drain', () => done())
  }
  override _final(done: (err?: Error | null) => void) {
    this.file.end(() => done())
  }
}

export type RenderOptions = {
  deps: Pick<Deps, 'db' | 'store' | 'config'>
  report: ReportHead
  file: string
  /** After each photo placed: photos done, of `total`. May throw to stop (the report was removed). */
  onProgress: (done: number, total: number) => Promise<void>
}

export async function renderReport({
  deps,
  report,
  file,
  onProgress,
}: RenderOptions): Promise<RenderedReport> {
  if (report.kind === 'mingguan') {
    // Laporan Mingguan (issue 34): the week's diaries rolled up, the same row, code and photos.
    const logo = await loadLogo(deps, (await readFirmSettings(deps)).logoKey)
    return renderWeeklyReport({ deps, report, file, logo, onProgress })
  }
  const timeZone = deps.config.firmTimeZone
  const photos = await loadPhotos(deps.db, report.id)
  const perPage = Number(report.per_page) as ReportPerPage
  const showStatus = report.include === 'all'
  const groups = photos.map((p) => ({
    workItem: p.work_item_id === null ? null : Number(p.work_item_id),
    workItemName:
      p.work_item_name === null ? null : workItemLabel({ name: p.work_item_name, code: p.work_item_code }),
    day: firmDayOf(p.taken_at ?? p.created_at ?? report.created_at, timeZone),
  }))
  const counts = countsByWorkItem(groups)
  const firm = await readFirmSettings(deps)
  const plan = planReport(groups, perPage, counts.length, firm.signatories.length > 0)
  const names = new Map(groups.map((g) => [g.workItem, g.workItemName ?? NO_WORK_ITEM]))

  const box = photoBox({ x: 0, y: 0, ...cellSize(perPage) }, perPage === 2, showStatus)
  const images = imagesInOrder(photos.length, async (i) => {
    const key = photos[i].blob_key
    const blob = key ? await deps.store.get(key, 'public') : undefined
    return blob ? printImage(await readAll(blob.stream), box.width, box.height) : null
  })
  const base = deps.config.publicUrl ?? ''
  const out = new HashingFile(file)
  const { pages } = await writeReportPdf(out, {
    cover: {
      firmName: firm.name,
      firmAddress: firm.address,
      firmPhone: firm.phone,
      logo: await loadLogo(deps, firm.logoKey),
      signatories: firm.signatories,
      title: report.title,
      code: report.code,
      verifyUrl: `${base}${pathTo(verifyPage, { code: report.code })}`,
      projectName: report.project_name,
      projectDescription: report.project_description,
      period: periodLabel(report.period_from, report.period_to),
      preparedBy: report.creator_name ?? '-',
      madeOn: indonesianDateTime(report.created_at, timeZone),
      contents: showStatus ? 'Semua dokumentasi, dengan statusnya' : 'Dokumentasi yang disetujui',
      photoCount: photos.length,
      workItems: counts.map((c) => ({ name: c.name ?? NO_WORK_ITEM, count: c.count })),
    },
    photos: photos.map((p) => captionOf(p, timeZone)),
    workItemName: (id) => names.get(id) ?? NO_WORK_ITEM,
    dayLabel: indonesianDayName,
    plan,
    captionBeside: perPage === 2,
    showStatus,
    image: (i) => images.take(i),
    onPhoto: (done) => onProgress(done, photos.length),
  })
  return { pages, size: out.size, sha256: out.hash.digest('hex') }
}

/** The firm's logo from the store with its size; a logo gone or unreadable leaves the letterhead text only. */
export async function loadLogo(deps: Pick<Deps, 'store'>, key: string | null): Promise<CoverLogo | null> {
  if (!key) return null
  const blob = await deps.store.get(key, 'public')
  if (!blob) return null
  const data = await readAll(blob.stream)
  try {
    const meta = await sharp(data).metadata()
    return meta.width && meta.height ? { data, width: meta.width, height: meta.height } : null
  } catch {
    return null
  }
}
