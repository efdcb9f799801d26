import * as endpoints from '../../../src/contracts/shares.endpoints'
import { type MatrixCase, matrixApp, matrixCase, users } from '../../test/access-matrix-fixtures'
import { shareRow } from '../../test/share-fixtures'

const linkIn = (projectId: number) =>
  shareRow(matrixApp().deps, { projectId, creatorId: users.admin.id }).then((s) => s.id)

/** How the access matrix calls each endpoint of /api/share (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.create, {
    // An empty period: 422 for those allowed (past the policy), which is all the matrix asks.
    call: async ({ project }) => ({
      path: `/api/share/${project?.slug}/create`,
      json: { from: '2026-01-01', to: '2026-01-07' },
    }),
  }),
  matrixCase(endpoints.list, {
    call: async ({ project }) => ({ path: `/api/share/${project?.slug}/list` }),
  }),
  matrixCase(endpoints.revoke, {
    call: async ({ project }) => ({
      path: `/api/share/${project?.slug}/revoke/${await linkIn(project?.id ?? 0)}`,
    }),
  }),
  matrixCase(endpoints.whatsapp, {
    call: async ({ project }) => ({
      path: `/api/share/${project?.slug}/whatsapp/${await linkIn(project?.id ?? 0)}`,
      json: { phone: '081234567890' },
    }),
  }),
]
