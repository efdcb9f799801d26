import { endpoint } from './endpoint'
import { upload as areaUpload } from './files.endpoints'
import { RecapFileSchema } from './recaps'
import { ResumableCreateSchema, ResumableStateSchema } from './resumable-uploads'

/**
 * Resumable uploads (server/modules/resumable-uploads, decision 0080): big area and recap files in parts.
 * Every call is checked against the same rule as the normal upload of its target (area.write for an
 * area, recap.manage for Rekap) and against the upload's owner: an upload is continued only by whoever
 * started it, in the project and target it was started in.
 */

const TAG = 'Unggahan besar (bisa dilanjutkan)'
const PART = {
  multipart: {
    files: { part: { many: false, description: 'byte berikutnya dari file (maks. 8 MB per bagian)' } },
  },
  query: {
    offset: 'posisi byte awal bagian ini: harus sama dengan offset yang dikonfirmasi server (409 jika tidak)',
  },
} as const

export const areaCreate = endpoint({
  method: 'POST',
  path: '/api/file/:slug/resumable/:area',
  access: 'area.write',
  tag: TAG,
  summary: 'Mulai unggahan bertahap file area (nama, ukuran, folder_slug)',
  json: ResumableCreateSchema,
  created: true,
  response: ResumableStateSchema,
})

export const areaState = endpoint({
  method: 'GET',
  path: '/api/file/:slug/resumable/:area/:uploadId',
  access: 'area.write',
  tag: TAG,
  summary: 'Offset yang sudah diterima server',
  response: ResumableStateSchema,
})

export const areaPart = endpoint({
  method: 'PUT',
  path: '/api/file/:slug/resumable/:area/:uploadId/part',
  access: 'area.write',
  tag: TAG,
  summary: 'Kirim satu bagian pada offset yang dikonfirmasi',
  ...PART,
  response: ResumableStateSchema,
  errors: [409],
})

export const areaComplete = endpoint({
  method: 'POST',
  path: '/api/file/:slug/resumable/:area/:uploadId/complete',
  access: 'area.write',
  tag: TAG,
  summary: 'Selesaikan: file disimpan seperti unggahan biasa (Idempotency-Key: sekali saja)',
  created: true,
  // The answer of the area upload itself: the same commit.
  response: areaUpload.response,
  beside: areaUpload.beside,
  refusal: areaUpload.refusal,
  errors: [409],
})

export const recapCreate = endpoint({
  method: 'POST',
  path: '/api/rekap/:slug/resumable',
  access: 'recap.manage',
  tag: TAG,
  summary: 'Mulai unggahan bertahap file rekap (nama, ukuran)',
  json: ResumableCreateSchema,
  created: true,
  response: ResumableStateSchema,
})

export const recapState = endpoint({
  method: 'GET',
  path: '/api/rekap/:slug/resumable/:uploadId',
  access: 'recap.manage',
  tag: TAG,
  summary: 'Offset yang sudah diterima server',
  response: ResumableStateSchema,
})

export const recapPart = endpoint({
  method: 'PUT',
  path: '/api/rekap/:slug/resumable/:uploadId/part',
  access: 'recap.manage',
  tag: TAG,
  summary: 'Kirim satu bagian pada offset yang dikonfirmasi',
  ...PART,
  response: ResumableStateSchema,
  errors: [409],
})

export const recapComplete = endpoint({
  method: 'POST',
  path: '/api/rekap/:slug/resumable/:uploadId/complete',
  access: 'recap.manage',
  tag: TAG,
  summary: 'Selesaikan: file rekap disimpan seperti unggahan biasa (Idempotency-Key: sekali saja)',
  created: true,
  response: RecapFileSchema,
  errors: [409],
})
