import * as v from 'valibot'
import { PersonRefSchema } from './common'

/*
 * Recap files (the 'Rekapitulasi' tab, SPEC sections 2, 3, 7 and 8) and the whole-project download's
 * messages. Shared by the server and the web app.
 */

/** SPEC section 3: uuid, id, name, size_kb, creator (with name), created_at; plus what the tab needs. */
export const RecapFileSchema = v.object({
  id: v.number(),
  uuid: v.string(),
  name: v.string(),
  /** The size in KB (two decimals); the tab shows size_kb * 1024 as a file size (SPEC section 9). */
  size_kb: v.number(),
  size_bytes: v.number(),
  mime: v.string(),
  creator: PersonRefSchema,
  created_at: v.string(),
})
export type RecapFile = v.InferOutput<typeof RecapFileSchema>

/** SPEC section 5: the kinds a recap file may be, checked by content on the server. */
export const RECAP_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const
export type RecapExtension = (typeof RECAP_EXTENSIONS)[number]

/** The file picker's `accept`: the extensions and their types, so phones offer the right apps. */
/** The content types of those kinds: a recap file is served as one of them. */
export const RECAP_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const

export const RECAP_ACCEPT = [...RECAP_EXTENSIONS.map((e) => `.${e}`), ...RECAP_TYPES].join(',')

export const RECAP_MSG = {
  // SPEC section 8
  listFailed: 'Gagal memuat daftar rekap',
  uploadFailed: 'Gagal mengunggah file rekap',
  deleteFailed: 'Gagal menghapus file rekap',
  downloadFailed: 'Gagal mengunduh file rekap',
  notFoundSuffix: ': File tidak ditemukan',
  // SPEC section 2
  empty: 'Belum ada file rekap',
  emptyAdmin: 'Klik tombol Upload File untuk menambahkan',
  loading: 'Memuat data...',
  confirmTitle: 'Konfirmasi Penghapusan',
  confirmQuestion: (name: string) => `Apakah Anda yakin ingin menghapus file ${name}?`,
  confirmNote: 'Tindakan ini tidak dapat dibatalkan.',
  confirmButton: 'Hapus File',
  // The server's answers
  uploaded: 'File rekap berhasil diunggah',
  deleted: 'File rekap berhasil dihapus',
  fileNotFound: 'File tidak ditemukan',
  pickFile: 'Silakan pilih file untuk diunggah',
  wrongType:
    'Jenis file tidak didukung: hanya PDF, Word (doc, docx), Excel (xls, xlsx) dan PowerPoint (ppt, pptx)',
} as const
