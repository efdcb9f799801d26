import * as v from 'valibot'
import { endpoint } from './endpoint'
import { WorkItemOrderSchema, WorkItemSchema, WorkItemViewSchema } from './work-items'

/** /api/project/:id/work-items: kept by admins, read by everyone who sees the project. */

export const list = endpoint({
  method: 'GET',
  path: '/api/project/:id/work-items',
  access: 'project.view',
  tag: 'Item pekerjaan',
  summary: 'Item pekerjaan project, dalam urutan yang ditetapkan admin',
  response: v.array(WorkItemViewSchema),
})

export const create = endpoint({
  method: 'POST',
  path: '/api/project/:id/work-items',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Tambah item pekerjaan (admin)',
  json: WorkItemSchema,
  created: true,
  response: WorkItemViewSchema,
  errors: [409],
})

export const update = endpoint({
  method: 'PUT',
  path: '/api/project/:id/work-items/:itemId',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Ganti nama atau kode item pekerjaan (admin)',
  json: WorkItemSchema,
  response: WorkItemViewSchema,
  errors: [409],
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/project/:id/work-items/:itemId',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Hapus item pekerjaan (dokumentasinya tetap, tanpa item)',
  response: null,
})

export const order = endpoint({
  method: 'PUT',
  path: '/api/project/:id/work-items/order',
  access: 'work-item.manage',
  tag: 'Item pekerjaan',
  summary: 'Atur urutan item pekerjaan (admin): ids berisi setiap item tepat satu kali',
  json: WorkItemOrderSchema,
  response: v.array(WorkItemViewSchema),
})
