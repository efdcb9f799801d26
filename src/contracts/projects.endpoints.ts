import * as v from 'valibot'
import { UserSchema } from './auth'
import { endpoint } from './endpoint'
import {
  DashboardAnalysisSchema,
  ProjectCreateSchema,
  ProjectMembersSchema,
  ProjectSchema,
  ProjectUpdateSchema,
} from './projects'

/** /api/project: `:id` is the numeric id or the slug everywhere (server/modules/projects). */

export const create = endpoint({
  method: 'POST',
  path: '/api/project/create',
  access: 'project.create',
  tag: 'Project',
  summary: 'Buat project',
  json: ProjectCreateSchema,
  created: true,
  response: ProjectSchema,
})

export const list = endpoint({
  method: 'GET',
  path: '/api/project/list',
  access: 'project.list',
  tag: 'Project',
  summary: 'Project yang terlihat oleh pengguna',
  response: v.array(ProjectSchema),
})

export const detail = endpoint({
  method: 'GET',
  path: '/api/project/detail/:id',
  access: 'project.view',
  tag: 'Project',
  summary: 'Detail project (id atau slug) dengan hitungan per area',
  response: ProjectSchema,
})

export const update = endpoint({
  method: 'PUT',
  path: '/api/project/update/:id',
  access: 'project.manage',
  tag: 'Project',
  summary: 'Ubah nama dan deskripsi (dengan version: 409 bila project sudah diubah orang lain)',
  json: ProjectUpdateSchema,
  response: ProjectSchema,
  errors: [409],
})

export const remove = endpoint({
  method: 'DELETE',
  path: '/api/project/delete/:id',
  access: 'project.manage',
  tag: 'Project',
  summary: 'Hapus project beserta semua filenya',
  response: null,
})

export const members = endpoint({
  method: 'GET',
  path: '/api/project/:id/members',
  access: 'project.members',
  tag: 'Project',
  summary: 'Anggota project',
  response: v.array(UserSchema),
})

export const setMembers = endpoint({
  method: 'PUT',
  path: '/api/project/:id/members',
  access: 'project.members',
  tag: 'Project',
  summary: 'Tetapkan anggota project',
  json: ProjectMembersSchema,
  response: v.array(UserSchema),
})

export const download = endpoint({
  method: 'GET',
  path: '/api/project/download/:id',
  access: 'project.download',
  tag: 'Project',
  summary: 'Seluruh project sebagai satu zip (kegagalan di header x-response)',
  produces: 'zip',
  files: { types: ['application/zip'] },
})

export const dashboard = endpoint({
  method: 'GET',
  path: '/api/dashboard/analysis',
  access: 'project.list',
  tag: 'Project',
  summary: 'Ringkasan dasbor',
  response: DashboardAnalysisSchema,
})
