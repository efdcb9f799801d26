import { endpoint } from './endpoint'
import { WorkItemSchema } from './work-items'

/** /api/project/:id/work-items: kept by admins, read by everyone who sees the project. */

export const list = endpoint({
  method: 'GET',
  path: '/api/project/:id/work-items',
  access: 'project.view',
  tag: 'Item pekerjaan',
  summary: 'Item pekerjaan project, urut nama',
})

export const create = endpoint({
  method: 'POST',
  path: '/api/project/:id/work-items',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Tambah item pekerjaan (admin)',
  json: WorkItemSchema,
  created: true,
})

export const update = endpoint({
  method: 'PUT',
  path: '/api/project/:id/work-items/:itemId',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Ganti nama item pekerjaan (admin)',
  json: WorkItemSchema,
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/project/:id/work-items/:itemId',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Hapus item pekerjaan (dokumentasinya tetap, tanpa item)',
})
