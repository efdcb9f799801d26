import * as v from 'valibot'
import { MSG, ordered, PersonRefSchema, singleLine } from './common'
import { DAY_MSG, isCalendarDay, periodLabel } from './days'
import { idNumber, parseId } from './ids'

/*
 * Laporan Dokumentasi (issue 24): a PDF of a project's documentation over a period, made by the job
 * queue on the server, listed under the project's 'Laporan', saved into Rekap with one click and shared
 * with the client through a link (src/contracts/shares.ts). Shared by the server and the web app.
 */

export const REPORT_PER_PAGE = [2, 4, 6] as const
export type ReportPerPage = (typeof REPORT_PER_PAGE)[number]
export const REPORT_INCLUDE = ['approved', 'all'] as const
export type ReportInclude = (typeof REPORT_INCLUDE)[number]
export const REPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const
/** 'dokumentasi': the photo report; 'mingguan': the week's diaries rolled up (issue 34, decision 0091). */
export const REPORT_KINDS = ['dokumentasi', 'mingguan'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]
/** The longest period of a weekly report. */
export const WEEKLY_MAX_DAYS = 7
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** The longest period one report may cover (a quarter and a bit: monthly reports fit with room). */
export const REPORT_MAX_DAYS = 100
export const REPORT_TITLE_MAX = 200

export const ReportSchema = v.object({
  id: v.number(),
  title: v.string(),
  kind: v.picklist(REPORT_KINDS),
  /** YYYY-MM-DD in Asia/Jakarta, both days included. */
  period_from: v.string(),
  period_to: v.string(),
  /** null: every work item (and photos without one). */
  work_item_ids: v.nullable(v.array(v.number())),
  include: v.picklist(REPORT_INCLUDE),
  per_page: v.picklist(REPORT_PER_PAGE),
  status: v.picklist(REPORT_STATUSES),
  /** 0-100 while queued or running; 100 when ready. */
  progress: v.number(),
  /** Why it failed, in Indonesian (status 'failed'). */
  error: v.nullable(v.string()),
  photo_count: v.number(),
  pages: v.nullable(v.number()),
  size_bytes: v.nullable(v.number()),
  /** The verification code printed on every page; its page is /v/{code}. */
  code: v.string(),
  /** The Rekap file it was saved as, once 'Simpan ke Rekap' was used. */
  recap_id: v.nullable(v.number()),
  created_by: PersonRefSchema,
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
})
export type Report = v.InferOutput<typeof ReportSchema>

export const REPORT_MSG = {
  listed: 'Daftar laporan',
  counted: 'Isi laporan dengan pilihan ini',
  created: 'Laporan sedang disusun',
  deleted: 'Laporan berhasil dihapus',
  savedToRecap: 'Laporan disimpan ke Rekap',
  alreadyInRecap: 'Laporan ini sudah ada di Rekap',
  notFound: 'Laporan tidak ditemukan',
  notReady: 'Laporan belum selesai disusun',
  empty: 'Tidak ada dokumentasi pada periode ini',
  failed: 'Laporan gagal disusun. Silakan coba lagi.',
  progress: (percent: number) => `Menyusun laporan... ${percent} %`,
  // The form
  buttonCreate: 'Buat Laporan',
  tab: 'Laporan',
  badDate: DAY_MSG,
  badRange: 'Tanggal awal harus sebelum atau sama dengan tanggal akhir',
  tooLong: `Periode laporan paling panjang ${REPORT_MAX_DAYS} hari`,
  future: 'Periode laporan tidak boleh melewati hari ini',
  badInclude: 'Pilihan dokumentasi harus approved atau all',
  badPerPage: 'Foto per halaman harus 2, 4 atau 6',
  badWorkItems: 'Item pekerjaan tidak valid',
  titleLong: `Judul terlalu panjang (maks. ${REPORT_TITLE_MAX} karakter)`,
  workItemNotFound: 'Item pekerjaan tidak ditemukan di project ini',
  badKind: "Jenis laporan harus 'dokumentasi' atau 'mingguan'",
  weekTooLong: `Laporan mingguan paling panjang ${WEEKLY_MAX_DAYS} hari`,
  weekEmpty: 'Tidak ada laporan harian maupun dokumentasi pada periode ini',
  kindLabel: 'Jenis laporan',
  kindDokumentasi: 'Dokumentasi foto',
  kindMingguan: 'Mingguan (dari laporan harian)',
  // The web client's page and dialog (UI strings only)
  subtitle: 'Laporan dokumentasi foto dalam PDF, untuk disimpan di Rekap dan dibagikan ke pemilik proyek.',
  emptyTitle: 'Belum ada laporan',
  emptyHint: 'Susun laporan dokumentasi mingguan atau bulanan dari foto yang sudah diunggah.',
  listFailed: 'Gagal memuat laporan',
  offlineTitle: 'Laporan perlu sinyal',
  offlineHint: 'Daftar laporan dimuat dari server. Buka halaman ini lagi saat tersambung.',
  queued: 'Menunggu giliran disusun',
  download: 'Unduh',
  downloadFailed: 'Gagal mengunduh laporan',
  toRecap: 'Simpan ke Rekap',
  inRecap: 'Tersimpan di Rekap',
  toRecapFailed: 'Gagal menyimpan laporan ke Rekap',
  createFailed: 'Gagal membuat laporan',
  deleteFailed: 'Gagal menghapus laporan',
  confirmDelete: 'Hapus laporan?',
  confirmDeleteText: (title: string) =>
    `${title} akan dihapus. Tautan yang membagikannya tidak berlaku lagi dan kode verifikasinya menyatakan laporan ini sudah dihapus.`,
  periodLabel: 'Periode',
  thisWeek: 'Minggu ini',
  lastWeek: 'Minggu lalu',
  week: 'Minggu ke-',
  month: 'Bulan',
  range: 'Rentang tanggal',
  workItemsLabel: 'Item pekerjaan',
  allWorkItems: 'Semua item pekerjaan',
  someWorkItems: 'Pilih item pekerjaan',
  pickWorkItem: 'Pilih paling sedikit satu item pekerjaan',
  includeLabel: 'Yang dimasukkan',
  includeApproved: 'Hanya yang disetujui',
  includeAll: 'Semua dengan statusnya',
  perPageLabel: 'Foto per halaman',
  titleLabel: 'Judul',
} as const

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

const day = ordered(v.pipe(v.string(REPORT_MSG.badDate), v.check(isCalendarDay, REPORT_MSG.badDate)))

/** A period of whole days: from <= to, at most REPORT_MAX_DAYS. Shared by reports and period shares. */
export const PeriodEntries = { from: day, to: day }
/** A period's two checks on an object schema with `from` and `to` (errors land on `to`). */
export function withPeriodChecks<S extends v.GenericSchema<unknown, { from: string; to: string }>>(
  schema: S,
) {
  // Typed by the schema's own output, so what the caller validated keeps all of its fields.
  type T = v.InferOutput<S>
  return v.pipe(
    schema,
    v.forward<T, v.CheckIssue<T>, ['to']>(
      v.check<T, string>((p) => p.from <= p.to, REPORT_MSG.badRange),
      ['to'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, ['to']>(
      v.check<T, string>(
        (p) => p.from > p.to || daysInPeriod(p.from, p.to) <= REPORT_MAX_DAYS,
        REPORT_MSG.tooLong,
      ),
      ['to'] as never,
    ),
  )
}

export const WorkItemIdsSchema = v.optional(
  v.pipe(
    v.array(idNumber(REPORT_MSG.badWorkItems), REPORT_MSG.badWorkItems),
    v.maxLength(200, REPORT_MSG.badWorkItems),
  ),
)

/** POST /api/report/{slug}/create. `work_item_ids` absent or empty: all work items. */
export const ReportCreateSchema = withPeriodChecks(
  v.object(
    {
      ...PeriodEntries,
      kind: v.optional(v.picklist(REPORT_KINDS, REPORT_MSG.badKind), 'dokumentasi'),
      work_item_ids: WorkItemIdsSchema,
      include: v.optional(v.picklist(REPORT_INCLUDE, REPORT_MSG.badInclude), 'approved'),
      per_page: v.optional(v.picklist(REPORT_PER_PAGE, REPORT_MSG.badPerPage), 4),
      title: v.optional(
        ordered(
          v.pipe(
            v.string(REPORT_MSG.titleLong),
            v.trim(),
            v.maxLength(REPORT_TITLE_MAX, REPORT_MSG.titleLong),
            singleLine(),
          ),
        ),
      ),
    },
    MSG.validation,
  ),
)
export type ReportCreateInput = v.InferInput<typeof ReportCreateSchema>

/**
 * GET /api/report/{slug}/count: the same choice as a create, as query text. `work_items` is a comma list
 * of ids ('3,7'), absent for all work items.
 */
export const ReportCountQuerySchema = withPeriodChecks(
  v.object(
    {
      ...PeriodEntries,
      include: v.optional(v.picklist(REPORT_INCLUDE, REPORT_MSG.badInclude), 'approved'),
      work_items: v.optional(
        v.pipe(
          v.string(REPORT_MSG.badWorkItems),
          v.maxLength(2200, REPORT_MSG.badWorkItems),
          v.regex(/^(\d{1,10}(,\d{1,10})*)?$/, REPORT_MSG.badWorkItems),
          v.transform((s) => (s ? s.split(',').map(parseId) : [])),
          v.check((ids) => ids.length <= 200 && ids.every((id) => id !== undefined), REPORT_MSG.badWorkItems),
          v.transform((ids) => ids as number[]),
        ),
      ),
    },
    MSG.validation,
  ),
)

/** What a report with this choice would hold, and the reports already made with the same choice. */
export const ReportCountSchema = v.object({
  photos: v.number(),
  /** Live reports of the project with the same period, contents and work items (newest first). */
  same: v.array(v.object({ id: v.number(), title: v.string(), code: v.string(), created_at: v.string() })),
})
export type ReportCount = v.InferOutput<typeof ReportCountSchema>
export type ReportCreate = v.InferOutput<typeof ReportCreateSchema>

/** The default title: 'Laporan Dokumentasi Mingguan - {project} - Minggu ke-{n}'. */
export const defaultReportTitle = (project: string, week: number | null, from: string, to: string) =>
  week !== null
    ? `Laporan Dokumentasi Mingguan - ${project} - Minggu ke-${week}`
    : `Laporan Dokumentasi - ${project} - ${periodLabel(from, to)}`

/**
 * Project weeks: 'Minggu ke-1' is the seven days from the project's first day (its creation day in
 * Asia/Jakarta), 'Minggu ke-2' the next seven, and so on. Days are YYYY-MM-DD.
 */
export function projectWeek(projectStartDay: string, day: string): number {
  const days = daysInPeriod(projectStartDay, day) - 1
  return days < 0 ? 1 : Math.floor(days / 7) + 1
}

/** The first and last day of project week `n`. */
export function projectWeekPeriod(projectStartDay: string, n: number): { from: string; to: string } {
  const start = Date.parse(`${projectStartDay}T00:00:00Z`) + (n - 1) * 7 * 86_400_000
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { from: iso(start), to: iso(start + 6 * 86_400_000) }
}

/** The period is exactly one project week: its number, else null (the title then names the dates). */
export function weekOfPeriod(projectStartDay: string, from: string, to: string): number | null {
  const n = projectWeek(projectStartDay, from)
  const w = projectWeekPeriod(projectStartDay, n)
  return w.from === from && w.to === to ? n : null
}

/**
 * Verification codes: 12 characters of Crockford's base32 (60 random bits), shown and stored as
 * XXXX-XXXX-XXXX. The alphabet leaves out I, L, O and U, so a code read off paper and typed back is
 * forgiving: lower case, missing or extra dashes and spaces, O for 0 and I or L for 1 all find it.
 */
export const REPORT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const REPORT_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

/** The stored form of a typed code, or null when it cannot be one. */
export function normalizeReportCode(typed: string): string | null {
  const raw = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (raw.length !== 12) return null
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
  return REPORT_CODE_PATTERN.test(code) ? code : null
}
