import * as v from 'valibot'
import { DocReviewSchema } from './documentation'
import { endpoint } from './endpoint'
import {
  ExploreResultSchema,
  FileEntrySchema,
  FolderCreateSchema,
  FolderEntrySchema,
  FolderRenameSchema,
  UploadErrorSchema,
  UploadResponseSchema,
} from './files'

/**
 * Folders and files of the perencanaan and pengawasan areas (server/modules/folders, server/modules/files).
 * Reading either area is for everyone who sees the project; writing follows the area rule.
 */

export const createFolder = endpoint({
  method: 'POST',
  path: '/api/folder/:slug/create/:area',
  access: 'area.write',
  tag: 'Folder dan file',
  summary: 'Buat folder',
  json: FolderCreateSchema,
  created: true,
  response: FolderEntrySchema,
  errors: [409],
})

export const explore = endpoint({
  method: 'GET',
  path: '/api/folder/:slug/explore/:area',
  access: 'area.read',
  tag: 'Folder dan file',
  summary: 'Isi folder (folder lalu file), per halaman',
  query: {
    parent_slug: 'folder yang dibuka (kosong: akar area)',
    cursor: 'lanjutan halaman',
    limit: 'entri per halaman (maks. 500)',
  },
  response: ExploreResultSchema,
})

export const renameFolder = endpoint({
  method: 'PATCH',
  path: '/api/folder/:slug/rename/:area/:folderUuid',
  access: 'area.write',
  tag: 'Folder dan file',
  summary: 'Ganti nama folder',
  json: FolderRenameSchema,
  response: FolderEntrySchema,
  errors: [409],
})

export const removeFolder = endpoint({
  method: 'DELETE',
  path: '/api/folder/:slug/remove/:folderUuid',
  access: ['area.read', 'area.write'],
  tag: 'Folder dan file',
  summary: 'Hapus folder beserta isinya',
  response: null,
})

export const upload = endpoint({
  method: 'POST',
  path: '/api/file/:slug/upload/:area',
  access: 'area.write',
  tag: 'Folder dan file',
  summary: 'Unggah file (sebagian boleh ditolak: results dan errors)',
  multipart: {
    fields: { folder_slug: 'folder tujuan (kosong: akar area)' },
    files: { files: { many: true, description: 'maks. 100 file, MAX_UPLOAD_MB per file' } },
  },
  created: true,
  response: v.object({ results: v.array(FileEntrySchema), errors: v.array(UploadErrorSchema) }),
  // SPEC's fields beside the envelope's data, and its shape for a refused upload.
  beside: { results: v.array(FileEntrySchema), errors: v.array(UploadErrorSchema) },
  refusal: UploadResponseSchema,
})

export const download = endpoint({
  method: 'GET',
  path: '/api/file/:slug/download/:area/:fileUuid',
  access: 'area.read',
  tag: 'Folder dan file',
  summary: 'Unduh file (mendukung Range)',
  produces: 'file',
  files: { types: ['*/*'], range: true },
})

export const review = endpoint({
  method: 'PATCH',
  path: '/api/file/:slug/status/:fileUuid/:status',
  access: 'file.review',
  tag: 'Folder dan file',
  // The body is optional (SPEC sends none): jsonOptional below.
  summary:
    'Setujui (approved) atau minta revisi (rejected: body JSON opsional { note }, alasan 3-500 karakter; aplikasi selalu mengirimnya)',
  jsonOptional: DocReviewSchema,
  response: FileEntrySchema,
  errors: [409],
})

export const removeFile = endpoint({
  method: 'DELETE',
  path: '/api/file/:slug/remove/:fileUuid',
  access: ['area.read', 'file.delete'],
  tag: 'Folder dan file',
  summary: 'Hapus file',
  response: null,
})
