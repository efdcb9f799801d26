import * as endpoints from '../../../src/contracts/settings.endpoints'
import { type MatrixCase, matrixCase } from '../../test/access-matrix-fixtures'
import { formWith, samplePng } from '../../test/harness'

/** How the access matrix calls each endpoint of this module (server/access-matrix.test.ts). */
export const accessCases: MatrixCase[] = [
  matrixCase(endpoints.firm, { call: async () => ({ path: '/api/settings/firm' }) }),
  matrixCase(endpoints.saveFirm, {
    call: async () => ({
      path: '/api/settings/firm',
      json: {
        name: 'PT Konsultan Matriks',
        address: 'Jl. Sudirman 1, Jakarta',
        phone: '021 555 0101',
        signatories: [{ label: 'Disetujui oleh', name: 'Ir. Budi', title: 'Team Leader' }],
      },
    }),
  }),
  matrixCase(endpoints.logo, {
    call: async () => ({
      path: '/api/settings/firm/logo',
      body: formWith({ logo: { data: await samplePng(), name: 'logo.png', type: 'image/png' } }),
    }),
  }),
  matrixCase(endpoints.removeLogo, { call: async () => ({ path: '/api/settings/firm/logo' }) }),
]
