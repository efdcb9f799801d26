import * as endpoints from '../../../src/contracts/diary.endpoints'
import { pathTo } from '../../../src/contracts/endpoint'
import { type MatrixCase, matrixApp, matrixCase, project, users } from '../../test/access-matrix-fixtures'
import { PAST_DAY, submittedDayWithLink, TINY_PNG_URL } from './diary-fixtures'

const day = PAST_DAY

/** How the access matrix calls each endpoint of /api/diary (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.days, {
    call: async ({ project }) => ({
      path: `${pathTo(endpoints.days, { slug: project?.slug ?? '' })}?from=2025-06-01&to=2025-06-30`,
    }),
  }),
  matrixCase(endpoints.day, {
    call: async ({ project }) => ({ path: pathTo(endpoints.day, { slug: project?.slug ?? '', day }) }),
  }),
  matrixCase(endpoints.save, {
    // The same content from every caller: the first stores it, the rest change nothing (200 each).
    call: async ({ project }) => ({
      path: pathTo(endpoints.save, { slug: project?.slug ?? '', day: '2025-06-03' }),
      json: { base_version: 0, sections: { notes: { visitors: 'Tim PPK' } } },
    }),
  }),
  matrixCase(endpoints.submit, {
    // A day never written: 422 'masih kosong' for those the policy lets through.
    call: async ({ project }) => ({
      path: pathTo(endpoints.submit, { slug: project?.slug ?? '', day: '2025-06-04' }),
      json: {},
    }),
  }),
  matrixCase(endpoints.sign, {
    // A draft: 409 'belum diajukan' past the policy.
    call: async ({ project }) => ({
      path: pathTo(endpoints.sign, { slug: project?.slug ?? '', day: '2025-06-05' }),
      json: { name: 'Pengawas', position: 'Pengawas lapangan', signature: TINY_PNG_URL },
    }),
  }),
  matrixCase(endpoints.revise, {
    // Not signed: 409 past the policy.
    call: async ({ project }) => ({
      path: pathTo(endpoints.revise, { slug: project?.slug ?? '', day: '2025-06-05' }),
      json: { reason: 'Salah ketik volume' },
    }),
  }),
  matrixCase(endpoints.publicSign, {
    // Public: every caller alike; the first answer returns the day, the later ones 410 (used).
    call: async () => {
      const { token } = await submittedDayWithLink(matrixApp().db, {
        projectId: (await project('other')).id,
        userId: users.admin.id,
      })
      return {
        path: pathTo(endpoints.publicSign, { token }),
        json: {
          decision: 'kembalikan',
          note: 'Volume galian kurang',
          name: 'Budi',
          position: 'Site manager',
        },
      }
    },
  }),
]
