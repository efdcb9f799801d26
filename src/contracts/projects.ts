import * as v from 'valibot'

export const AREAS = ['perencanaan', 'pengawasan', 'dokumentasi', 'rekap'] as const
export type Area = (typeof AREAS)[number]
export const STATUSES = ['pending', 'approved', 'rejected'] as const
export type Status = (typeof STATUSES)[number]

export const ProjectCreateSchema = v.object({
  name: v.pipe(v.string('Nama project harus diisi'), v.trim(), v.nonEmpty('Nama project harus diisi'), v.maxLength(100, 'Nama terlalu panjang')),
  description: v.pipe(
    v.string('Deskripsi harus diisi'),
    v.trim(),
    v.nonEmpty('Deskripsi harus diisi'),
    v.maxLength(500, 'Deskripsi terlalu panjang'),
  ),
})
export type ProjectCreateInput = v.InferInput<typeof ProjectCreateSchema>
/** Inline editing has no visible validation, but the server still enforces the same bounds. */
export const ProjectUpdateSchema = ProjectCreateSchema
export type ProjectUpdateInput = ProjectCreateInput

export const ProjectMembersSchema = v.object({
  user_ids: v.pipe(
    v.array(v.pipe(v.number('Anggota tidak valid'), v.integer('Anggota tidak valid'), v.minValue(1, 'Anggota tidak valid')), 'Daftar anggota tidak valid'),
    v.maxLength(1000, 'Daftar anggota terlalu panjang'),
  ),
})
export type ProjectMembersInput = v.InferInput<typeof ProjectMembersSchema>

/** One file row of a project, as the list/detail calls return it (only what the cards need). */
export type ProjectFile = { id: number; uuid: string; folder: Area; status: Status }

export type Project = {
  id: number
  slug: string
  name: string
  description: string
  created_at: string
  /** Per-area file counts (SPEC: files with their folder value; we send counts, see README). */
  folder_counts: Record<Area, number>
  files: { folder: Area }[]
  total_files: number
  total_docs: number
  file_pending: number
  doc_pending: number
  file_approved: number
  doc_approved: number
}

export type DashboardAnalysis = {
  projects: number
  files: number
  file_pending: number
  file_approved: number
  doc_pending: number
  doc_approved: number
}
