import * as endpoints from '../../../src/contracts/documentation.endpoints'
import { docIn, type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'
import { formWith, samplePng } from '../../test/harness'

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
