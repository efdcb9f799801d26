import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMIT_MSG } from '../../../src/contracts/limits'
import { PUBLIC_PAGE_PREFIXES } from '../../../src/contracts/public-paths'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { submittedDayWithLink } from './diary-fixtures'

/*
 * The signing page and its answer are counted against the public budget before anything runs (issue 31's
 * rule for every page without an account): over the link's budget, 429 with Retry-After, a page for the
 * page and the JSON envelope for /api/public/sign; another link goes on.
 */

let t: TestApp
let projectId: number
let adminId: number

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true })
  const admin = await t.user('admin')
  adminId = admin.id
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Irigasi Hilir', description: 'Rehabilitasi saluran irigasi' },
  })
  projectId = res.json.data.id
})
afterAll(() => t.close())

describe(`the signing link's public budget (${TEST_DB})`, () => {
  it('counts each request per link before it runs: 429 over the budget, another link still opens', async () => {
    t.deps.config.publicLimits = { perAddressPerMinute: 0, perLinkPerMinute: 3, pinPerLinkPerHour: 0 }
    const { token } = await submittedDayWithLink(t.db, { projectId, day: '2025-09-01', userId: adminId })
    const page = (tok: string, n: number) =>
      t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}${tok}`, {
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
      })
    for (let i = 0; i < 3; i++) expect((await page(token, i)).status).toBe(200)
    const over = await page(token, 9)
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await over.text()).toContain('Coba lagi sebentar lagi')
    const json = await t.request('POST', `/api/public/sign/${token}`, {
      json: { decision: 'kembalikan', note: 'x', name: 'Budi', position: 'SM' },
      headers: { 'x-forwarded-for': '198.51.100.20' },
    })
    expect(json.status).toBe(429)
    expect(json.json.message).toBe(LIMIT_MSG.publicBusy)
    // Nothing ran for the refused answer: the link is still unused.
    const link = await t.db.selectFrom('diary_sign_links').select('used_at').executeTakeFirstOrThrow()
    expect(link.used_at).toBeNull()
    const other = await submittedDayWithLink(t.db, { projectId, day: '2025-09-02', userId: adminId })
    expect((await page(other.token, 30)).status).toBe(200)
  })
})
