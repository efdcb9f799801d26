import * as v from 'valibot'
import { endpoint } from './endpoint'
import { ReportCountSchema, ReportCreateSchema, ReportSchema } from './reports'

/** /api/report/{slug}: admins make, list, save and remove reports; members download ready ones. */

export const create = endpoint({
  method: 'POST',
  path: '/api/report/:slug/create',
  access: 'report.manage',
  tag: 'Laporan',
  summary:
    "Buat laporan (PDF) periode tertentu; kind 'dokumentasi' (bawaan, foto) atau 'mingguan' (rekap laporan harian paling lama 7 hari: tenaga kerja, peralatan, hujan, bahan, pekerjaan, tanda tangan, foto yang disetujui); disusun di latar belakang (202, lihat progress) (admin)",
  json: ReportCreateSchema,
  accepted: true,
  response: ReportSchema,
})

export const count = endpoint({
  method: 'GET',
  path: '/api/report/:slug/count',
  access: 'report.manage',
  tag: 'Laporan',
  summary:
    'Jumlah foto yang akan dimasukkan ke laporan dengan pilihan ini, dan laporan yang sama yang sudah ada (admin)',
  query: {
    from: 'Hari pertama periode (YYYY-MM-DD)',
    to: 'Hari terakhir periode (YYYY-MM-DD)',
    include: "'approved' (bawaan) atau 'all'",
    work_items: 'Id item pekerjaan dipisah koma; kosong: semua',
  },
  response: ReportCountSchema,
})

export const list = endpoint({
  method: 'GET',
  path: '/api/report/:slug/list',
  access: 'report.manage',
  tag: 'Laporan',
  summary: 'Laporan project, terbaru dahulu, dengan status dan progress (admin)',
  response: v.array(ReportSchema),
})

export const download = endpoint({
  method: 'GET',
  path: '/api/report/:slug/download/:id',
  access: 'report.read',
  tag: 'Laporan',
  summary: 'Unduh PDF laporan yang sudah selesai (anggota project)',
  produces: 'file',
  files: { types: ['application/pdf'], range: true },
  // 409: not made yet (or it failed).
  errors: [409],
})

export const toRecap = endpoint({
  method: 'POST',
  path: '/api/report/:slug/to-rekap/:id',
  access: 'report.manage',
  tag: 'Laporan',
  summary: 'Simpan PDF laporan ke Rekap project (admin)',
  response: ReportSchema,
  errors: [409],
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/report/:slug/remove/:id',
  access: 'report.manage',
  tag: 'Laporan',
  summary: 'Hapus laporan; kode verifikasinya menyatakan laporan tidak berlaku lagi (admin)',
  response: null,
})
