import type { GenericSchema } from 'valibot'
import { AdminCreateSchema } from '../../src/contracts/admins'
import { LoginSchema } from '../../src/contracts/auth'
import { CommentCreateSchema } from '../../src/contracts/docs'
import { EmployeeCreateSchema, EmployeeUpdateSchema } from '../../src/contracts/employees'
import { FolderCreateSchema, FolderRenameSchema } from '../../src/contracts/files'
import { ProjectCreateSchema, ProjectMembersSchema, ProjectUpdateSchema } from '../../src/contracts/projects'
import { PasswordChangeSchema, ProfileUpdateSchema } from '../../src/contracts/users'

/** A multipart form: text fields and file fields (`many`: the field may repeat). */
export type MultipartBody = {
  fields?: Record<string, string>
  files: Record<string, { many: boolean; description: string }>
}

export type Operation = {
  tag: string
  summary: string
  /** Public calls need no token. */
  public?: boolean
  json?: GenericSchema
  multipart?: MultipartBody
  query?: Record<string, string>
  /** 201 for creates; 200 otherwise. */
  created?: boolean
  /** What comes back instead of the JSON envelope (a file, a zip, an event stream, a page). */
  produces?: 'file' | 'zip' | 'event-stream' | 'html'
}

/**
 * Every API route, keyed exactly as the app registers it (`METHOD /api/path/:param`). Request bodies
 * are the valibot contracts the server validates with, so the document cannot drift from them; a test
 * fails when a route is missing here or listed without existing (server/openapi/openapi.test.ts).
 */
export const OPERATIONS: Record<string, Operation> = {
  'GET /api/health': { tag: 'Sistem', summary: 'Pemeriksaan hidup server', public: true },
  'GET /api/openapi.json': { tag: 'Sistem', summary: 'Dokumen OpenAPI 3.1 ini', public: true },
  'GET /api/docs': {
    tag: 'Sistem',
    summary: 'Referensi API yang dapat dibaca',
    public: true,
    produces: 'html',
  },

  'POST /api/auth/login': {
    tag: 'Akun',
    summary: 'Masuk; mengembalikan token sesi',
    public: true,
    json: LoginSchema,
  },
  'POST /api/auth/logout': { tag: 'Akun', summary: 'Keluar; token sesi dicabut di semua proses' },
  'GET /api/user/me': { tag: 'Akun', summary: 'Data pengguna yang masuk' },
  'PUT /api/user/update': {
    tag: 'Akun',
    summary: 'Ubah nama dan nomor telepon sendiri',
    json: ProfileUpdateSchema,
  },
  'PATCH /api/user/update-avatar': {
    tag: 'Akun',
    summary: 'Ganti foto profil (gambar, maks. 5 MB)',
    multipart: { files: { avatar: { many: false, description: 'JPEG, PNG, WebP atau GIF' } } },
  },
  'PATCH /api/user/update-password': {
    tag: 'Akun',
    summary: 'Ganti password; sesi lain berakhir',
    json: PasswordChangeSchema,
  },

  'POST /api/admin/create': {
    tag: 'Admin',
    summary: 'Buat admin (superadmin)',
    json: AdminCreateSchema,
    created: true,
  },
  'GET /api/admin/list': { tag: 'Admin', summary: 'Daftar admin (superadmin)' },
  'DELETE /api/admin/remove/:id': { tag: 'Admin', summary: 'Hapus admin (superadmin)' },

  'POST /api/employee/create/:id': {
    tag: 'Karyawan',
    summary: 'Buat karyawan di bawah admin :id',
    json: EmployeeCreateSchema,
    created: true,
  },
  'GET /api/employee/list': { tag: 'Karyawan', summary: 'Daftar karyawan' },
  'PUT /api/employee/update/:id': { tag: 'Karyawan', summary: 'Ubah karyawan', json: EmployeeUpdateSchema },
  'PATCH /api/employee/set-active/:id/:flag': {
    tag: 'Karyawan',
    summary: 'Aktifkan (true) atau nonaktifkan (false)',
  },
  'DELETE /api/employee/remove/:id': { tag: 'Karyawan', summary: 'Hapus karyawan' },

  'POST /api/project/create': {
    tag: 'Project',
    summary: 'Buat project',
    json: ProjectCreateSchema,
    created: true,
  },
  'GET /api/project/list': { tag: 'Project', summary: 'Project yang terlihat oleh pengguna' },
  'GET /api/project/detail/:id': {
    tag: 'Project',
    summary: 'Detail project (id atau slug) dengan hitungan per area',
  },
  'PUT /api/project/update/:id': {
    tag: 'Project',
    summary: 'Ubah nama dan deskripsi',
    json: ProjectUpdateSchema,
  },
  'DELETE /api/project/delete/:id': { tag: 'Project', summary: 'Hapus project beserta semua filenya' },
  'GET /api/project/:id/members': { tag: 'Project', summary: 'Anggota project' },
  'PUT /api/project/:id/members': {
    tag: 'Project',
    summary: 'Tetapkan anggota project',
    json: ProjectMembersSchema,
  },
  'GET /api/project/download/:id': {
    tag: 'Project',
    summary: 'Seluruh project sebagai satu zip (kegagalan di header x-response)',
    produces: 'zip',
  },
  'GET /api/dashboard/analysis': { tag: 'Project', summary: 'Ringkasan dasbor' },

  'POST /api/folder/:slug/create/:area': {
    tag: 'Folder dan file',
    summary: 'Buat folder',
    json: FolderCreateSchema,
    created: true,
  },
  'GET /api/folder/:slug/explore/:area': {
    tag: 'Folder dan file',
    summary: 'Isi folder (folder lalu file), per halaman',
    query: {
      parent_slug: 'folder yang dibuka (kosong: akar area)',
      cursor: 'lanjutan halaman',
      limit: 'entri per halaman (maks. 500)',
    },
  },
  'PATCH /api/folder/:slug/rename/:area/:folderUuid': {
    tag: 'Folder dan file',
    summary: 'Ganti nama folder',
    json: FolderRenameSchema,
  },
  'DELETE /api/folder/:slug/remove/:folderUuid': {
    tag: 'Folder dan file',
    summary: 'Hapus folder beserta isinya',
  },
  'POST /api/file/:slug/upload/:area': {
    tag: 'Folder dan file',
    summary: 'Unggah file (sebagian boleh ditolak: results dan errors)',
    multipart: {
      fields: { folder_slug: 'folder tujuan (kosong: akar area)' },
      files: { files: { many: true, description: 'maks. 100 file, MAX_UPLOAD_MB per file' } },
    },
    created: true,
  },
  'GET /api/file/:slug/download/:area/:fileUuid': {
    tag: 'Folder dan file',
    summary: 'Unduh file (mendukung Range)',
    produces: 'file',
  },
  'PATCH /api/file/:slug/status/:fileUuid/:status': {
    tag: 'Folder dan file',
    summary: 'Setujui (approved) atau tolak (rejected)',
  },
  'DELETE /api/file/:slug/remove/:fileUuid': { tag: 'Folder dan file', summary: 'Hapus file' },

  'POST /api/doc/:slug/upload': {
    tag: 'Dokumentasi',
    summary: 'Unggah foto dokumentasi dengan deskripsi (thumb: null sampai pratinjaunya selesai dibuat)',
    multipart: {
      fields: { description: 'deskripsi (10-2000 karakter)' },
      files: { files: { many: true, description: 'gambar JPEG, PNG, WebP' } },
    },
    created: true,
  },
  'GET /api/doc/:slug/list': {
    tag: 'Dokumentasi',
    summary: 'Daftar dokumentasi, terbaru dahulu, per halaman',
    query: { cursor: 'lanjutan halaman', limit: 'item per halaman' },
  },
  'GET /api/doc/:slug/comment/:postId/list': { tag: 'Dokumentasi', summary: 'Komentar sebuah dokumentasi' },
  'POST /api/doc/:slug/comment/:postId/submit': {
    tag: 'Dokumentasi',
    summary: 'Kirim komentar',
    json: CommentCreateSchema,
    created: true,
  },
  'PATCH /api/doc/:slug/status/:uuid/:status': { tag: 'Dokumentasi', summary: 'Setujui atau minta revisi' },
  'PATCH /api/doc/:slug/like/:uuid/:flag': {
    tag: 'Dokumentasi',
    summary: 'Suka (true) atau batal suka (false)',
  },
  'DELETE /api/doc/:slug/remove/:uuid': { tag: 'Dokumentasi', summary: 'Hapus dokumentasi' },

  'POST /api/rekap/:slug/upload': {
    tag: 'Rekap',
    summary: 'Unggah file rekap (PDF, Word, Excel, PowerPoint; admin)',
    multipart: { files: { file: { many: false, description: 'pdf, doc, docx, xls, xlsx, ppt, pptx' } } },
    created: true,
  },
  'GET /api/rekap/:slug/list': { tag: 'Rekap', summary: 'Daftar file rekap' },
  'GET /api/rekap/:slug/download/:id': { tag: 'Rekap', summary: 'Unduh file rekap', produces: 'file' },
  'DELETE /api/rekap/:slug/remove/:id': { tag: 'Rekap', summary: 'Hapus file rekap (admin)' },

  'GET /api/notification/list': { tag: 'Notifikasi', summary: 'Notifikasi pengguna, terbaru dahulu' },
  'PUT /api/notification/read/:id': { tag: 'Notifikasi', summary: 'Tandai satu notifikasi dibaca' },
  'PUT /api/notification/read-all': { tag: 'Notifikasi', summary: 'Tandai semua notifikasi dibaca' },
  'GET /api/notification/stream': {
    tag: 'Notifikasi',
    summary: 'Notifikasi baru secara langsung (server-sent events)',
    query: { timeout: 'detik sebelum aliran ditutup (klien menyambung lagi)' },
    produces: 'event-stream',
  },

  'GET /api/whatsapp/qr': {
    tag: 'WhatsApp',
    summary: 'QR untuk menautkan bot, atau status sesi aktif (admin)',
  },
  'POST /api/whatsapp/logout': { tag: 'WhatsApp', summary: 'Putuskan bot WhatsApp (admin)' },
  'POST /api/whatsapp/simulate-scan': {
    tag: 'WhatsApp',
    summary: 'Hanya driver simulated: tandai QR sudah dipindai (uji dan demo)',
  },
}
