import { Readable } from 'node:stream'
import * as endpoints from '../../../src/contracts/reports.endpoints'
import { newBlobKey } from '../../storage/blob-store'
import { type MatrixCase, matrixApp, matrixCase, users } from '../../test/access-matrix-fixtures'
import { newReportCode } from './report-create'

/** A ready report of the project with its PDF in the store, made directly (the matrix tests access). */
async function reportIn(project: { id: number } | undefined): Promise<number> {
  const t = matrixApp()
  const key = newBlobKey('pdf')
  const bytes = Buffer.from('%PDF-1.4\n%%EOF\n')
  await t.deps.store.put(key, 'private', Readable.from([bytes]))
  const now = new Date().toISOString()
  const row = await t.db
    .insertInto('reports')
    .values({
      project_id: project?.id as number,
      code: newReportCode(),
      title: 'Laporan matriks akses',
      period_from: '2026-01-01',
      period_to: '2026-01-07',
      work_item_ids: null,
      include: 'approved',
      per_page: 4,
      status: 'ready',
      progress: 100,
      error: null,
      photo_count: 0,
      pages: 1,
      blob_key: key,
      size_bytes: bytes.length,
      sha256: null,
      recap_id: null,
      created_by: users.admin.id,
      created_at: now,
      finished_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Past the policy, an empty period answers 422: still "through" for the matrix.
  matrixCase(endpoints.create, {
    call: async ({ project }) => ({
      path: `/api/report/${project?.slug}/create`,
      json: { from: '2026-01-01', to: '2026-01-07' },
    }),
  }),
  matrixCase(endpoints.count, {
    call: async ({ project }) => ({
      path: `/api/report/${project?.slug}/count?from=2026-01-01&to=2026-01-07&include=all`,
    }),
  }),
  matrixCase(endpoints.list, {
    call: async ({ project }) => ({ path: `/api/report/${project?.slug}/list` }),
  }),
  matrixCase(endpoints.download, {
    call: async ({ project }) => ({
      path: `/api/report/${project?.slug}/download/${await reportIn(project)}`,
    }),
  }),
  matrixCase(endpoints.toRecap, {
    call: async ({ project }) => ({
      path: `/api/report/${project?.slug}/to-rekap/${await reportIn(project)}`,
    }),
  }),
  matrixCase(endpoints.remove, {
    call: async ({ project }) => ({ path: `/api/report/${project?.slug}/remove/${await reportIn(project)}` }),
  }),
]
