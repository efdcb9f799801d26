import * as v from 'valibot'
import {
  DiaryConflictSchema,
  DiaryDaySchema,
  DiaryListItemSchema,
  DiaryPutSchema,
  DiaryReviseSchema,
  DiarySignSchema,
  DiarySubmitSchema,
  DiarySubmittedSchema,
  PublicSignResultSchema,
  PublicSignSchema,
} from './diary'
import { endpoint } from './endpoint'

/**
 * /api/diary/{slug}/...: Laporan Harian (issue 34, server/modules/diary). Every project member reads;
 * admins and pengawasan members write, submit and sign. `day` is the firm's day, YYYY-MM-DD.
 */

const DAY_QUERY = {
  from: 'hari pertama, YYYY-MM-DD (wajib)',
  to: 'hari terakhir, YYYY-MM-DD (wajib, paling lama 92 hari sesudah from)',
}

export const days = endpoint({
  method: 'GET',
  path: '/api/diary/:slug/days',
  access: 'diary.read',
  tag: 'Laporan Harian',
  summary: 'Daftar laporan harian dalam rentang hari (hanya hari yang sudah ditulis)',
  query: DAY_QUERY,
  response: v.array(DiaryListItemSchema),
})

export const day = endpoint({
  method: 'GET',
  path: '/api/diary/:slug/day/:day',
  access: 'diary.read',
  tag: 'Laporan Harian',
  summary:
    'Laporan harian satu hari (hari yang belum ditulis: draf kosong, versi 0); hari yang belum tiba atau sebelum tanggal mulai proyek: 422',
  response: DiaryDaySchema,
  errors: [422],
})

export const save = endpoint({
  method: 'PUT',
  path: '/api/diary/:slug/day/:day',
  access: 'diary.write',
  tag: 'Laporan Harian',
  summary:
    'Simpan bagian laporan harian (Idempotency-Key): hanya bagian yang dikirim diganti; bagian yang juga diubah orang lain sejak base_version/base_versions menjawab 409 dengan kedua isinya (clashes) dan tidak ada yang disimpan. Hari yang diajukan atau sudah ditandatangani: 423 (tunggu dikembalikan, atau buat revisi)',
  json: DiaryPutSchema,
  response: DiaryDaySchema,
  conflict: DiaryConflictSchema,
  errors: [409, 423],
})

export const submit = endpoint({
  method: 'POST',
  path: '/api/diary/:slug/day/:day/submit',
  access: 'diary.write',
  tag: 'Laporan Harian',
  summary:
    'Ajukan tanda tangan: membekukan isi hari (SHA-256), membuat tautan /t/{token} untuk kontraktor (tautan lama dicabut) dan mengirimnya via WhatsApp bila ada phone',
  json: DiarySubmitSchema,
  created: true,
  response: DiarySubmittedSchema,
  errors: [409],
})

export const sign = endpoint({
  method: 'POST',
  path: '/api/diary/:slug/day/:day/sign',
  access: 'diary.write',
  tag: 'Laporan Harian',
  summary:
    "Tanda tangan pengawas (atau role 'mengetahui', admin) atas isi yang diajukan; hari menjadi 'signed' setelah kontraktor dan pengawas menandatangani",
  json: DiarySignSchema,
  response: DiaryDaySchema,
  errors: [409],
})

export const revise = endpoint({
  method: 'POST',
  path: '/api/diary/:slug/day/:day/revise',
  access: 'diary.write',
  tag: 'Laporan Harian',
  summary:
    'Revisi hari yang sudah ditandatangani: versi yang ditandatangani disimpan (superseded), hari kembali draf dan perlu ditandatangani lagi',
  json: DiaryReviseSchema,
  response: DiaryDaySchema,
  errors: [409],
})

export const publicSign = endpoint({
  method: 'POST',
  path: '/api/public/sign/:token',
  access: 'public',
  tag: 'Publik',
  summary:
    "Jawaban kontraktor dari tautan tanda tangan (tanpa akun): 'setuju' menandatangani sebagai kontraktor, 'kembalikan' mengembalikan hari dengan catatan; tautan sekali pakai",
  json: PublicSignSchema,
  response: PublicSignResultSchema,
  // 410: the link used, revoked or expired; 409: the contractor already signed this content.
  errors: [409, 410],
})

/* The printed diary (issue 34, decision 0091, server/modules/diary/diary-print*.ts). */
export const pdf = endpoint({
  method: 'GET',
  path: '/api/diary/:slug/day/:day/pdf',
  access: 'diary.read',
  tag: 'Laporan Harian',
  summary:
    "PDF laporan harian (A4) dengan kode verifikasi dan QR di setiap halaman, satu per versi hari; dibuat di latar belakang saat pertama diminta: 409 'sedang dibuat' dengan Retry-After sampai siap. revision: revisi lama (yang sudah diganti) tetap bisa diunduh",
  query: { revision: 'revisi yang dicetak (bawaan: revisi terkini)' },
  produces: 'file',
  files: { types: ['application/pdf'], range: true },
  errors: [409],
})
