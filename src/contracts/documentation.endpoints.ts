import * as v from 'valibot'
import {
  CommentCreateSchema,
  DocCommentSchema,
  DocLikeResultSchema,
  DocReviewSchema,
  DocSchema,
  DocUploadResultSchema,
} from './documentation'
import { endpoint } from './endpoint'
import { DocBulkReviewResultSchema, DocBulkReviewSchema } from './review'

/** /api/doc: documentation photos of the dokumentasi area (server/modules/documentation). */

/** The optional site fields of an upload and a revision (issue 23). */
const SITE_FIELDS = {
  work_item_id: 'id item pekerjaan project ini (opsional)',
  location: 'lokasi di lapangan, satu baris, maks. 100 karakter (opsional)',
  progress: 'progres 0-100 (opsional)',
  device_time:
    'jam perangkat saat permintaan ini dikirim, ISO-8601 dengan zona (opsional); server mencatat selisihnya dengan jam server (clock_skew_s)',
  meta: "daftar JSON, satu objek per file sesuai urutan: { taken_at, lat, lng, accuracy_m, source } (semua opsional); lat/lng hanya tempat foto diambil: source 'exif' (GPS foto dibaca di perangkat) atau 'camera' (posisi perangkat saat memotret di aplikasi). GPS EXIF di foto sendiri selalu diutamakan",
}

/** What a photo may be, and what of it is published (issues 23 and 31). */
const PHOTO_FILES =
  'gambar JPEG, PNG, WebP, GIF, HEIC atau AVIF (jenisnya dikenali dari isi file, bukan dari nama). GPS di EXIF menjadi lokasi foto, lalu dihapus dari file yang disimpan dan dibagikan (/storage/ dan tautan bagikan) tanpa mengubah piksel: direktori GPS EXIF (juga item Exif HEIC/AVIF), properti GPS di XMP (PNG, WebP, GIF, HEIC/AVIF), paket XMP dan Extended XMP JPEG, serta data sesudah akhir gambar JPEG (video foto bergerak, gambar tambahan MPF). Foto yang lokasinya tidak dapat dihapus dengan pasti (mis. HEIC/AVIF berupa urutan gambar atau metadata rusak) ditolak 415 tanpa disimpan, begitu pula file yang tidak dapat dibaca server'

export const upload = endpoint({
  method: 'POST',
  path: '/api/doc/:slug/upload',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary: 'Unggah foto dokumentasi dengan deskripsi (thumb: null sampai pratinjaunya selesai dibuat)',
  multipart: {
    fields: {
      description: 'deskripsi (10-2000 karakter); atau descriptions: daftar JSON, satu per file',
      ...SITE_FIELDS,
    },
    files: {
      files: {
        many: true,
        description: PHOTO_FILES,
      },
    },
  },
  created: true,
  response: DocUploadResultSchema,
})

export const revise = endpoint({
  method: 'POST',
  path: '/api/doc/:slug/revise/:uuid',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary:
    'Unggah revisi (pengunggah atau admin): foto baru untuk item yang sama, versi +1, status kembali pending',
  multipart: {
    fields: { description: 'deskripsi baru (opsional, 10-2000 karakter)', ...SITE_FIELDS },
    files: { files: { many: true, description: PHOTO_FILES } },
  },
  created: true,
  response: DocUploadResultSchema,
  errors: [409],
})

export const list = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/list',
  access: 'doc.read',
  tag: 'Dokumentasi',
  summary: 'Daftar dokumentasi, terbaru dahulu, per halaman',
  query: {
    cursor: 'lanjutan halaman',
    limit: 'item per halaman',
    from: 'tanggal awal foto diambil, YYYY-MM-DD (hari Asia/Jakarta)',
    to: 'tanggal akhir foto diambil, YYYY-MM-DD (hari Asia/Jakarta)',
    work_item: 'id item pekerjaan',
    uploader: 'id pengunggah',
    status: 'pending, approved atau rejected',
    site: "'outside': hanya dokumentasi dengan foto di luar radius lokasi proyek (Di luar lokasi)",
  },
  response: v.array(DocSchema),
  beside: { next_cursor: v.nullable(v.string()) },
})

/** One item as the list shows it, read fresh: a notification's link opens it with its current status. */
export const item = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/item/:uuid',
  access: 'doc.read',
  tag: 'Dokumentasi',
  summary: 'Satu dokumentasi dengan status, catatan revisi dan fotonya saat ini',
  response: DocSchema,
})

export const comments = endpoint({
  method: 'GET',
  path: '/api/doc/:slug/comment/:postId/list',
  access: 'doc.read',
  tag: 'Dokumentasi',
  summary: 'Komentar sebuah dokumentasi',
  response: v.array(DocCommentSchema),
})

export const comment = endpoint({
  method: 'POST',
  path: '/api/doc/:slug/comment/:postId/submit',
  access: 'comment.create',
  tag: 'Dokumentasi',
  summary: 'Kirim komentar',
  json: CommentCreateSchema,
  created: true,
  response: DocCommentSchema,
})

export const review = endpoint({
  method: 'PATCH',
  path: '/api/doc/:slug/status/:uuid/:status',
  access: 'doc.review',
  tag: 'Dokumentasi',
  // The body is optional (no body for approved): jsonOptional below.
  summary:
    'Setujui atau minta revisi (rejected: body JSON opsional { note }, alasan 3-500 karakter); juga mengubah review yang sudah ada',
  jsonOptional: DocReviewSchema,
  response: DocSchema,
  errors: [409],
})

export const reviewBulk = endpoint({
  method: 'PATCH',
  path: '/api/doc/:slug/status-bulk',
  access: 'doc.review',
  tag: 'Dokumentasi',
  summary:
    'Setujui atau minta revisi beberapa dokumentasi sekaligus (maks. 100; rejected wajib note); satu uuid yang tidak ada: 404, tidak ada yang diubah',
  json: DocBulkReviewSchema,
  response: DocBulkReviewResultSchema,
})

export const like = endpoint({
  method: 'PATCH',
  path: '/api/doc/:slug/like/:uuid/:flag',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary: 'Suka (true) atau batal suka (false)',
  response: DocLikeResultSchema,
  errors: [422],
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/doc/:slug/remove/:uuid',
  access: 'doc.write',
  tag: 'Dokumentasi',
  summary: 'Hapus dokumentasi',
  response: null,
})
