import * as endpoints from '../../../src/contracts/trash.endpoints'
import { areaFile, type MatrixCase, matrixApp, matrixCase, users } from '../../test/access-matrix-fixtures'

/** A file of the project already in its trash (moved there directly: the matrix tests access). */
async function trashedFile(project: { id: number } | undefined): Promise<string> {
  const uuid = await areaFile(project, 'perencanaan')
  await matrixApp()
    .db.updateTable('files')
    .set({ deleted_at: new Date().toISOString(), deleted_by: users.admin.id })
    .where('uuid', '=', uuid)
    .execute()
  return uuid
}

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Sampah: admins only.
  matrixCase(endpoints.list, {
    call: async ({ project }) => ({ path: `/api/project/${project?.id}/trash` }),
  }),
  matrixCase(endpoints.restore, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/trash/file/${await trashedFile(project)}/restore`,
    }),
  }),
  matrixCase(endpoints.purge, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/trash/file/${await trashedFile(project)}`,
    }),
  }),
]
