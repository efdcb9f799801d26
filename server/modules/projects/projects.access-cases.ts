import * as endpoints from '../../../src/contracts/projects.endpoints'
import { type MatrixCase, matrixCase, users } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Projects.
  matrixCase(endpoints.create, {
    call: async () => ({
      path: '/api/project/create',
      json: { name: 'Project Baru', description: 'Deskripsi' },
    }),
  }),
  matrixCase(endpoints.list, {
    call: async () => ({ path: '/api/project/list' }),
  }),
  matrixCase(endpoints.detail, {
    call: async ({ project }) => ({ path: `/api/project/detail/${project?.slug}` }),
  }),
  matrixCase(endpoints.update, {
    call: async ({ project }) => ({
      path: `/api/project/update/${project?.id}`,
      json: { name: 'Nama Baru', description: 'Deskripsi baru' },
    }),
  }),
  matrixCase(endpoints.remove, {
    call: async ({ project }) => ({ path: `/api/project/delete/${project?.slug}` }),
  }),
  matrixCase(endpoints.members, {
    call: async ({ project }) => ({ path: `/api/project/${project?.id}/members` }),
  }),
  matrixCase(endpoints.setMembers, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/members`,
      json: { user_ids: [users['perencanaan member'].id] },
    }),
  }),
]
