import * as v from 'valibot'
import { MSG, multiLine, ordered, requiredText, singleLine } from './common'
import { isCalendarDay } from './days'
import { idNumber } from './ids'

export const AREAS = ['perencanaan', 'pengawasan', 'dokumentasi', 'rekap'] as const
export type Area = (typeof AREAS)[number]
export const STATUSES = ['pending', 'approved', 'rejected'] as const
export type Status = (typeof STATUSES)[number]
export const StatusSchema = v.picklist(STATUSES)

export const ProjectCreateSchema = v.object(
  {
    name: ordered(
      v.pipe(
        requiredText('Nama project harus diisi'),
        v.maxLength(100, 'Nama terlalu panjang'),
        singleLine(),
      ),
    ),
    // A description may span lines.
    description: ordered(
      v.pipe(
        requiredText('Deskripsi harus diisi'),
        v.maxLength(500, 'Deskripsi terlalu panjang'),
        multiLine(),
      ),
    ),
  },
  MSG.validation,
)
export type ProjectCreateInput = v.InferInput<typeof ProjectCreateSchema>
/**
 * Inline editing has no visible validation, but the server still enforces the same bounds. `version` is
 * the project's version the edit started from (optional, as in SPEC): a save of an older one answers 409
 * PROJECT_MSG.conflict (issue 23).
 */
/** A project's first day (SPMK), from which its report weeks are counted. */
export const PROJECT_START_MSG = {
  badDay: 'Tanggal mulai harus berformat YYYY-MM-DD, antara 1 Januari 2000 dan 31 Desember 2099',
  label: 'Tanggal mulai proyek',
  saved: 'Tanggal mulai proyek disimpan',
  saveFailed: 'Gagal menyimpan tanggal mulai proyek',
} as const

export const ProjectUpdateSchema = v.object(
  {
    ...ProjectCreateSchema.entries,
    version: v.optional(
      v.pipe(
        v.number('Versi tidak valid'),
        v.integer('Versi tidak valid'),
        v.minValue(1, 'Versi tidak valid'),
        v.maxValue(2_147_483_647, 'Versi tidak valid'),
      ),
    ),
    // The day its weeks count from ('Minggu ke-n' of the reports): left out, it stays; null clears it.
    start_day: v.optional(
      v.nullable(
        v.pipe(v.string(PROJECT_START_MSG.badDay), v.check(isCalendarDay, PROJECT_START_MSG.badDay)),
      ),
    ),
  },
  MSG.validation,
)
export type ProjectUpdateInput = v.InferInput<typeof ProjectUpdateSchema>

export const PROJECT_MSG = {
  /** 409 of a save made from an older version; `time` is HH.mm in the firm's time zone. */
  conflict: (name: string, time: string) =>
    `Project telah diubah oleh ${name} pukul ${time}. Muat ulang untuk melihat perubahan.`,
} as const

export const ProjectMembersSchema = v.object(
  {
    user_ids: v.pipe(
      v.array(idNumber('Anggota tidak valid'), 'Daftar anggota tidak valid'),
      v.maxLength(1000, 'Daftar anggota terlalu panjang'),
    ),
    // The object's message is what valibot reports for a missing user_ids key.
  },
  'Daftar anggota tidak valid',
)
export type ProjectMembersInput = v.InferInput<typeof ProjectMembersSchema>

/** One area's items by review status (rekap files are not reviewed: all counted in `total`). */
export const AreaCountsSchema = v.object({
  total: v.number(),
  pending: v.number(),
  approved: v.number(),
  rejected: v.number(),
})
export type AreaCounts = v.InferOutput<typeof AreaCountsSchema>

/** One value per area (every area is always present). */
const perArea = <S extends v.GenericSchema>(value: S) =>
  v.object({ perencanaan: value, pengawasan: value, dokumentasi: value, rekap: value })

/**
 * A project as the list, detail, create and update calls return it (SPEC section 3). Counts only: the
 * SPEC's `files` array (one entry per item with its folder) became `folder_counts` and `area_counts`,
 * so neither call grows with the project; the items themselves come from the area calls.
 */
/**
 * What the caller may do with this project, decided by the server's one access policy (server/access.ts,
 * docs/access.md) and sent with every project answer, so the screens never re-decide it from the role.
 * Each field is one policy action; reading and writing documentation is every project member's.
 */
export const ProjectCanSchema = v.object({
  /** Edit and delete the project (project.manage). */
  manage: v.boolean(),
  /** 'Anggota Project' (project.members). */
  members: v.boolean(),
  /** 'Download Project', the zip (project.download). */
  download: v.boolean(),
  /** 'Pengaturan Proyek': work items and the start day (work-item.manage). */
  work_items: v.boolean(),
  /** Approve and reject area files (file.review). */
  review_files: v.boolean(),
  /** Approve and reject documentation (doc.review). */
  review_docs: v.boolean(),
  /** Upload and delete Rekap files (recap.manage). */
  recaps: v.boolean(),
  /** 'Laporan': make, list and remove reports (report.manage). */
  reports: v.boolean(),
  /** Share links (share.manage). */
  shares: v.boolean(),
  /** 'Riwayat': the project's whole history (history.read). */
  history: v.boolean(),
  /** 'Sampah': the trash, restore and delete for good (trash.manage). */
  trash: v.boolean(),
  /** 'Laporan Harian': write, submit for signing, sign as pengawas, revise (diary.write). */
  diary_write: v.boolean(),
})
export type ProjectCan = v.InferOutput<typeof ProjectCanSchema>

export const ProjectSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  created_at: v.string(),
  /**
   * The first day its weeks count from (YYYY-MM-DD, Asia/Jakarta; the contract's start, SPMK); null: the
   * day it was made in Berkas. 'Minggu ke-n' of the reports counts from here.
   */
  start_day: v.nullable(v.string()),
  /** +1 per edit; sent back with an edit so a stale one is refused (409). */
  version: v.number(),
  /** Items per area: area files, documentation items (dokumentasi) and recap files (rekap). */
  folder_counts: perArea(v.number()),
  /** The same per area and review status. */
  area_counts: perArea(AreaCountsSchema),
  /** Area files (perencanaan + pengawasan); documentation items are counted in total_docs. */
  total_files: v.number(),
  total_docs: v.number(),
  file_pending: v.number(),
  doc_pending: v.number(),
  file_approved: v.number(),
  doc_approved: v.number(),
  file_rejected: v.number(),
  doc_rejected: v.number(),
  total_recaps: v.number(),
  /** What the caller may do with it (see ProjectCanSchema). */
  can: ProjectCanSchema,
})
export type Project = v.InferOutput<typeof ProjectSchema>

/** Totals over the projects the caller can see (SPEC section 3, dashboard analysis). */
export const DashboardAnalysisSchema = v.object({
  projects: v.number(),
  files: v.number(),
  docs: v.number(),
  file_pending: v.number(),
  file_approved: v.number(),
  file_rejected: v.number(),
  doc_pending: v.number(),
  doc_approved: v.number(),
  doc_rejected: v.number(),
})
export type DashboardAnalysis = v.InferOutput<typeof DashboardAnalysisSchema>

/** The 'Mengunduh Project' modal and the project download's answers (SPEC sections 2 and 7). */
export const PROJECT_DOWNLOAD_MSG = {
  title: 'Mengunduh Project',
  downloading: 'Sedang mengunduh...',
  done: 'Unduhan selesai!',
  wait: 'Mohon tunggu hingga proses unduhan selesai. Jangan tutup halaman ini.',
  failed: 'Gagal mengunduh project',
  downloaded: 'Project berhasil diunduh',
} as const
