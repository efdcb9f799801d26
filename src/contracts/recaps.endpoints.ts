import * as v from 'valibot'
import { endpoint } from './endpoint'
import { RECAP_TYPES, RecapFileSchema } from './recaps'

/** /api/rekap: the project's recap files (server/modules/recaps). */

export const upload = endpoint({
  method: 'POST',
  path: '/api/rekap/:slug/upload',
  access: 'recap.manage',
  tag: 'Rekap',
  summary: 'Unggah file rekap (PDF, Word, Excel, PowerPoint; admin)',
  multipart: { files: { file: { many: false, description: 'pdf, doc, docx, xls, xlsx, ppt, pptx' } } },
  created: true,
  response: RecapFileSchema,
})

export const list = endpoint({
  method: 'GET',
  path: '/api/rekap/:slug/list',
  access: 'recap.read',
  tag: 'Rekap',
  summary: 'Daftar file rekap',
  response: v.array(RecapFileSchema),
})

export const download = endpoint({
  method: 'GET',
  path: '/api/rekap/:slug/download/:id',
  access: 'recap.read',
  tag: 'Rekap',
  summary: 'Unduh file rekap',
  produces: 'file',
  files: { types: RECAP_TYPES, range: true },
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/rekap/:slug/remove/:id',
  access: 'recap.manage',
  tag: 'Rekap',
  summary: 'Hapus file rekap (admin)',
  response: null,
})
