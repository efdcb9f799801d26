import { randomUUID } from 'node:crypto'
import * as endpoints from '../../../src/contracts/documentation.endpoints'
import { docIn, type MatrixCase, matrixApp, matrixCase, users } from '../../test/access-matrix-fixtures'
import { formWith, samplePng } from '../../test/harness'

/** An item uploaded by `creatorId` (a revision is its uploader's or an admin's). */
async function docBy(projectId: number, creatorId: number): Promise<string> {
  const row = await matrixApp()
    .db.insertInto('docs')
    .values({
      uuid: randomUUID(),
      project_id: projectId,
      description: 'Foto matriks akses revisi',
      status: 'rejected',
      creator_id: creatorId,
      created_at: new Date().toISOString(),
    })
    .returning('uuid')
    .executeTakeFirstOrThrow()
  return row.uuid
}

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  // Documentation: everyone who sees the project reads and writes (SPEC: dokumentasi is everyone's);
  // review is the admins'.
  matrixCase(endpoints.upload, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/upload`,
      body: formWith({
        description: 'Foto lapangan untuk matriks akses',
        files: { data: await samplePng(), name: 'a.png', type: 'image/png' },
      }),
    }),
  }),
  // The caller revises an item they uploaded (someone else's is a 403: documentation.test.ts).
  matrixCase(endpoints.revise, {
    call: async ({ project, user }) => ({
      path: `/api/doc/${project?.slug}/revise/${await docBy(project?.id ?? 0, user?.id ?? users.admin.id)}`,
      body: formWith({ files: { data: await samplePng(), name: 'b.png', type: 'image/png' } }),
    }),
  }),
  matrixCase(endpoints.list, {
    call: async ({ project }) => ({ path: `/api/doc/${project?.slug}/list` }),
  }),
  matrixCase(endpoints.comments, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/comment/${(await docIn(project?.id ?? 0)).uuid}/list`,
    }),
  }),
  matrixCase(endpoints.comment, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/comment/${(await docIn(project?.id ?? 0)).uuid}/submit`,
      json: { comment: 'Komentar matriks akses' },
    }),
  }),
  matrixCase(endpoints.review, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/status/${(await docIn(project?.id ?? 0)).uuid}/approved`,
    }),
  }),
  // Several at once: a fresh pending item each call, so every admin call gets through (200).
  matrixCase(endpoints.reviewBulk, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/status-bulk`,
      json: { uuids: [(await docIn(project?.id ?? 0)).uuid], status: 'rejected', note: 'Foto kurang jelas' },
    }),
  }),
  matrixCase(endpoints.item, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/item/${(await docIn(project?.id ?? 0)).uuid}`,
    }),
  }),
  matrixCase(endpoints.like, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/like/${(await docIn(project?.id ?? 0)).uuid}/true`,
    }),
  }),
  matrixCase(endpoints.remove, {
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/remove/${(await docIn(project?.id ?? 0)).uuid}`,
    }),
  }),
]
