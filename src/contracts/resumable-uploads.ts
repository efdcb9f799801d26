import * as v from 'valibot'
import { FileNameSchema } from './files'

/*
 * Resumable uploads of big area and recap files (issue 32, docs/decisions/0080-big-files-resume.md):
 * a file over RESUMABLE_THRESHOLD_BYTES is announced once (create: name and size), sent in parts at the
 * offset the server confirmed, and completed through the same commit as a normal upload. The state lives
 * in the database and the parts in the blob store, so any process continues any upload, and a lost
 * signal costs the part in flight, not the file.
 */

/** Files larger than this go resumably; smaller ones go in one multipart request (both via the outbox). */
export const RESUMABLE_THRESHOLD_BYTES = 8 * 1024 * 1024
/** The part size the app sends: a lost signal costs at most this much. */
export const PART_BYTES = 2 * 1024 * 1024
/** The largest part the server takes. */
export const MAX_PART_BYTES = 8 * 1024 * 1024
/** An upload no part reached for this long is removed with its parts (the sweep job). */
export const RESUMABLE_TTL_HOURS = 24

export const ResumableCreateSchema = v.object({
  name: FileNameSchema,
  size: v.pipe(
    v.number('Ukuran file wajib diisi'),
    v.integer('Ukuran file harus bilangan bulat'),
    v.minValue(1, 'File kosong'),
  ),
  /** Area uploads only: the folder (empty or absent: the area's root). */
  folder_slug: v.optional(v.string()),
})
export type ResumableCreate = v.InferOutput<typeof ResumableCreateSchema>

/** What create, status and every part answer: where the next part starts. */
export const ResumableStateSchema = v.object({
  id: v.string(),
  name: v.string(),
  size: v.number(),
  /** Bytes the server holds; the next part starts here. */
  offset: v.number(),
  part_bytes: v.number(),
  expires_at: v.string(),
  complete: v.boolean(),
})
export type ResumableState = v.InferOutput<typeof ResumableStateSchema>

export const RESUMABLE_MSG = {
  created: 'Unggahan dimulai',
  state: 'Posisi unggahan',
  partStored: 'Bagian tersimpan',
  notFound: 'Unggahan tidak ditemukan atau sudah kedaluwarsa. Mulai lagi dari awal.',
  wrongOffset: (offset: number) => `Posisi bagian tidak cocok: server sudah menerima ${offset} byte`,
  pastEnd: 'Bagian melewati ukuran file yang diumumkan',
  badOffset: 'Parameter offset wajib berupa bilangan bulat >= 0',
  incomplete: (offset: number, size: number) => `Unggahan belum lengkap (${offset} dari ${size} byte)`,
  alreadyDone: 'Unggahan ini sudah selesai',
  tooLarge: (maxMb: number) => `Ukuran file melebihi batas ${maxMb} MB`,
  noFolderInRecap: 'Rekap tidak memakai folder',
} as const
