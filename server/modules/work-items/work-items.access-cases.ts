import { randomUUID } from 'node:crypto'
import * as endpoints from '../../../src/contracts/work-items.endpoints'
import { type MatrixCase, matrixApp, matrixCase, users } from '../../test/access-matrix-fixtures'

/** A work item of the project, made directly (the matrix tests access, not the create). */
async function itemIn(projectId: number): Promise<number> {
  const row = await matrixApp()
    .db.insertInto('work_items')
    .values({
      project_id: projectId,
      name: `Item ${randomUUID().slice(0, 8)}`,
      created_by: users.admin.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.list, {
    call: async ({ project }) => ({ path: `/api/project/${project?.id}/work-items` }),
  }),
  matrixCase(endpoints.create, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/work-items`,
      json: { name: `Struktur ${randomUUID().slice(0, 8)}` },
    }),
  }),
  matrixCase(endpoints.update, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/work-items/${await itemIn(project?.id ?? 0)}`,
      json: { name: `Arsitektur ${randomUUID().slice(0, 8)}` },
    }),
  }),
  matrixCase(endpoints.order, {
    // The project's items as they are: the call gets past the policy and changes nothing.
    call: async ({ project }) => {
      const rows = await matrixApp()
        .db.selectFrom('work_items')
        .select('id')
        .where('project_id', '=', project?.id ?? 0)
        .orderBy('position')
        .orderBy('id')
        .execute()
      return { path: `/api/project/${project?.id}/work-items/order`, json: { ids: rows.map((r) => r.id) } }
    },
  }),
  matrixCase(endpoints.remove, {
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/work-items/${await itemIn(project?.id ?? 0)}`,
    }),
  }),
]
