import { randomUUID } from 'node:crypto'
import * as endpoints from '../../../src/contracts/resumable-uploads.endpoints'
import { type MatrixCase, type MatrixCtx, matrixApp, matrixCase } from '../../test/access-matrix-fixtures'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

/** An open upload of the caller's own (the matrix asks the policy; whose upload it is, the module tests). */
async function uploadOf({ user, project }: MatrixCtx, target: string): Promise<string> {
  const id = randomUUID()
  if (!user || !project) return id
  const now = new Date()
  await matrixApp()
    .db.insertInto('resumable_uploads')
    .values({
      id,
      user_id: user.id,
      project_id: project.id,
      target,
      folder_slug: null,
      name: 'gambar.pdf',
      size_bytes: PDF.length,
      received_bytes: 0,
      fingerprint: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      completed_at: null,
    })
    .execute()
  return id
}

const part = () => {
  const body = new FormData()
  body.append('part', new Blob([new Uint8Array(PDF)]), 'part')
  return body
}

export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.areaCreate, {
    area: 'pengawasan',
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/resumable/pengawasan`,
      json: { name: 'gambar.pdf', size: 60 * 1024 * 1024 },
    }),
  }),
  matrixCase(endpoints.areaState, {
    area: 'pengawasan',
    call: async (ctx) => ({
      path: `/api/file/${ctx.project?.slug}/resumable/pengawasan/${await uploadOf(ctx, 'pengawasan')}`,
    }),
  }),
  matrixCase(endpoints.areaPart, {
    area: 'perencanaan',
    call: async (ctx) => ({
      path: `/api/file/${ctx.project?.slug}/resumable/perencanaan/${await uploadOf(ctx, 'perencanaan')}/part?offset=0`,
      body: part(),
    }),
  }),
  matrixCase(endpoints.areaComplete, {
    area: 'pengawasan',
    call: async (ctx) => ({
      path: `/api/file/${ctx.project?.slug}/resumable/pengawasan/${await uploadOf(ctx, 'pengawasan')}/complete`,
    }),
  }),
  matrixCase(endpoints.recapCreate, {
    call: async ({ project }) => ({
      path: `/api/rekap/${project?.slug}/resumable`,
      json: { name: 'rekap.pdf', size: 60 * 1024 * 1024 },
    }),
  }),
  matrixCase(endpoints.recapState, {
    call: async (ctx) => ({
      path: `/api/rekap/${ctx.project?.slug}/resumable/${await uploadOf(ctx, 'rekap')}`,
    }),
  }),
  matrixCase(endpoints.recapPart, {
    call: async (ctx) => ({
      path: `/api/rekap/${ctx.project?.slug}/resumable/${await uploadOf(ctx, 'rekap')}/part?offset=0`,
      body: part(),
    }),
  }),
  matrixCase(endpoints.recapComplete, {
    call: async (ctx) => ({
      path: `/api/rekap/${ctx.project?.slug}/resumable/${await uploadOf(ctx, 'rekap')}/complete`,
    }),
  }),
]
