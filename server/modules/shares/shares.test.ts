import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_MSG } from '../../../src/contracts/reports'
import { SHARE_MSG, SHARE_PIN_TRIES } from '../../../src/contracts/shares'
import { PAGE_CSS_HASH } from '../../public-pages/public-frame'
import { LIGHTBOX_JS_HASH } from '../../public-pages/share-lightbox'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { readyReport } from '../../test/share-fixtures'
import { type Account, startShareTest, tokenOf } from '../../test/share-test-app'
import { readState, writeState } from '../whatsapp/state'

/*
 * Share links, the admin's calls (issue 24): create, list, revoke, the PIN and its throttle, Kirim via
 * WhatsApp. The public side is public-share.test.ts; verification verify.test.ts.
 */

let t: TestApp
let admin: Account
let member: Account
let project: { id: number; slug: string }
let create: Started['create']
let reportLink: Started['reportLink']
type Started = Awaited<ReturnType<typeof startShareTest>>

beforeAll(async () => {
  ;({ t, admin, member, project, create, reportLink } = await startShareTest())
})
afterAll(() => t.close())

const env = () => t.deps

describe(`share links: create, list, revoke (${TEST_DB})`, () => {
  it('a token is 24 random bytes (192 bits) in base64url, new every time; the url is the server address', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const link = await reportLink(0)
      expect(link.url).toMatch(/^http:\/\/localhost\/s\/[A-Za-z0-9_-]{32}$/)
      expect(Buffer.from(link.token, 'base64url')).toHaveLength(24)
      tokens.add(link.token)
    }
    expect(tokens.size).toBe(20)
    // Bits spread over the whole alphabet: about 64 distinct characters over 640.
    expect(new Set([...tokens].join('')).size).toBeGreaterThan(50)
  })

  it('validation answers 422 in Indonesian; a report not ready 409; one of another project 404', async () => {
    const report = await readyReport(env(), { projectId: project.id, creatorId: admin.id, photos: [] })
    const cases: [unknown, string][] = [
      [{ report_id: report.id, expires_in_days: 0 }, SHARE_MSG.badDays],
      [{ report_id: report.id, expires_in_days: 91 }, SHARE_MSG.badDays],
      [{ report_id: report.id, pin: '12345' }, SHARE_MSG.badPin],
      [{ report_id: report.id, pin: '12a456' }, SHARE_MSG.badPin],
      [{ from: '2026-11-08', to: '2026-11-01' }, REPORT_MSG.badRange],
      [{ from: '2026-02-30', to: '2026-03-01' }, REPORT_MSG.badDate],
      [{ from: '2026-11-01', to: '2026-11-07' }, REPORT_MSG.empty],
      [{ from: '2026-11-01', to: '2026-11-07', work_item_ids: [999999] }, REPORT_MSG.workItemNotFound],
    ]
    for (const [json, message] of cases) {
      const res = await create(json)
      expect(res.status, JSON.stringify(json)).toBe(422)
      expect(res.text).toContain(message)
    }
    expect((await create({})).status).toBe(422)
    await t.db.updateTable('reports').set({ status: 'running' }).where('id', '=', report.id).execute()
    const notReady = await create({ report_id: report.id })
    expect([notReady.status, notReady.json.message]).toEqual([409, SHARE_MSG.reportNotReady])
    const other = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Proyek Lain', description: 'Lain' },
    })
    const elsewhere = await readyReport(env(), {
      projectId: other.json.data.id,
      creatorId: admin.id,
      photos: [],
    })
    expect((await create({ report_id: elsewhere.id })).status).toBe(404)
    // A member may not make links.
    const denied = await t.request('POST', `/api/share/${project.slug}/create`, {
      token: member.token,
      json: { report_id: report.id },
    })
    expect(denied.status).toBe(403)
  })

  it('the same Idempotency-Key answers the first link again; the PIN is stored as scrypt, never as typed', async () => {
    const report = await readyReport(env(), { projectId: project.id, creatorId: admin.id, photos: [] })
    const key = `kunci-${randomUUID()}`
    const first = await create({ report_id: report.id, pin: '246810' }, { 'idempotency-key': key })
    const again = await create({ report_id: report.id, pin: '246810' }, { 'idempotency-key': key })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json.data).toEqual(first.json.data)
    const otherPin = await create({ report_id: report.id, pin: '135790' }, { 'idempotency-key': key })
    expect(otherPin.status).toBe(422)
    const rows = await t.db
      .selectFrom('shares')
      .select('pin_hash')
      .where('report_id', '=', report.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.pin_hash).toMatch(/^scrypt\$/)
    expect(rows[0]?.pin_hash).not.toContain('246810')
    const keys = await t.db.selectFrom('idempotency_keys').select('body').execute()
    expect(keys.some((k) => k.body.includes('246810'))).toBe(false)
  })

  it('lists newest first with state and views; revoke is at once and idempotent; both are in the history', async () => {
    const a = await reportLink(1)
    const b = await reportLink(1)
    // Two browsers (their User-Agents); the same one loading the page again is not another view.
    await t.request('GET', `/api/public/share/${a.token}`)
    await t.request('GET', `/s/${a.token}`, { headers: { 'user-agent': 'Mozilla/5.0 (Android 14)' } })
    await t.request('GET', `/s/${a.token}`, { headers: { 'user-agent': 'Mozilla/5.0 (Android 14)' } })
    const list = await t.request('GET', `/api/share/${project.slug}/list`, { token: admin.token })
    expect(list.status).toBe(200)
    const ids = list.json.data.map((s: { id: number }) => s.id)
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id))
    const listedA = list.json.data.find((s: { id: number }) => s.id === a.id)
    expect(listedA).toMatchObject({ state: 'active', view_count: 2, has_pin: false, url: a.url })
    expect(listedA.report).toMatchObject({ id: a.report.id })
    expect(listedA.last_viewed_at).not.toBeNull()
    for (let i = 0; i < 2; i++) {
      const res = await t.request('DELETE', `/api/share/${project.slug}/revoke/${a.id}`, {
        token: admin.token,
      })
      expect([res.status, res.json.message]).toEqual([200, SHARE_MSG.revoked])
    }
    const after = await t.request('GET', `/api/share/${project.slug}/list`, { token: admin.token })
    expect(after.json.data.find((s: { id: number }) => s.id === a.id).state).toBe('revoked')
    expect(
      (await t.request('DELETE', `/api/share/${project.slug}/revoke/999999`, { token: admin.token })).status,
    ).toBe(404)
    const history = await t.db
      .selectFrom('history')
      .select(['action', 'object_id'])
      .where('object_id', '=', `share:${a.id}`)
      .orderBy('id')
      .execute()
    expect(history.map((h) => h.action)).toEqual(['create', 'delete'])
  })
})

describe(`PIN (${TEST_DB})`, () => {
  async function pinned() {
    const report = await readyReport(env(), { projectId: project.id, creatorId: admin.id, photos: [] })
    const res = await create({ report_id: report.id, pin: '482913' })
    return tokenOf(res.json.data.url)
  }
  const data = (token: string, pin?: string) =>
    t.request('GET', `/api/public/share/${token}`, {
      headers: pin === undefined ? {} : { 'x-share-pin': pin },
    })

  it(`asks for it, refuses a wrong one, and after ${SHARE_PIN_TRIES} wrong ones refuses even the right one (429)`, async () => {
    const token = await pinned()
    expect([(await data(token)).status, (await data(token)).json.message]).toEqual([
      401,
      SHARE_MSG.pinRequired,
    ])
    expect((await data(token, '482913')).status).toBe(200)
    // Each wrong PIN says how many guesses are left; the last one says how long the wait is.
    for (let i = 0; i < SHARE_PIN_TRIES; i++) {
      const res = await data(token, '000000')
      expect(res.status).toBe(401)
      if (i < SHARE_PIN_TRIES - 1)
        expect(res.json.message).toBe(`PIN salah. Sisa ${SHARE_PIN_TRIES - 1 - i} percobaan.`)
      else expect(res.json.message).toMatch(/^PIN salah\. Percobaan habis, coba lagi dalam \d+ menit\.$/)
    }
    const blocked = await data(token, '000000')
    expect(blocked.status).toBe(429)
    expect(blocked.json.message).toMatch(/^Terlalu banyak percobaan PIN\. Coba lagi dalam \d+ menit\.$/)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await data(token, '482913')).status).toBe(429)
    // Another link is not affected.
    expect((await data(await pinned(), '482913')).status).toBe(200)
  })

  it('the page: a form without JavaScript, the error on the form, then the content', async () => {
    const token = await pinned()
    const form = await t.request('GET', `/s/${token}`)
    expect(form.status).toBe(401)
    expect(form.text).toContain(`<form method="post" action="/s/${token}"`)
    expect(form.text).toContain('inputmode="numeric"')
    expect(form.text).toContain('autocomplete="one-time-code"')
    expect(form.text).not.toContain('<script')
    const post = (pin: string) => t.request('POST', `/s/${token}`, { body: new URLSearchParams({ pin }) })
    const wrong = await post('111111')
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain(`PIN salah. Sisa ${SHARE_PIN_TRIES - 1} percobaan.`)
    // Whom to ask for the PIN: the firm, by the name the pages carry.
    expect(wrong.text).toContain(`Hubungi ${t.deps.config.firmName}`)
    // A right PIN leaves a pass on the link's path and goes to the page (303), so a reload or Back
    // from the PDF opens it again instead of asking the phone to re-send the form.
    const posted = await post('482913')
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe(`/s/${token}`)
    const cookie = posted.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(
      new RegExp(
        `^berkas_pin=\\d+\\.[A-Za-z0-9_-]{43}; Max-Age=\\d+; Path=/s/${token}; HttpOnly; SameSite=Lax$`,
      ),
    )
    expect(cookie).not.toContain('482913')
    const pass = cookie.split(';')[0] as string
    const page = (token: string, cookie: string) => t.request('GET', `/s/${token}`, { headers: { cookie } })
    const right = await page(token, pass)
    expect(right.status).toBe(200)
    expect(right.text).toContain('Unduh Laporan (PDF)')
    // A pass that was changed, has run out, or belongs to another link opens nothing.
    const [exp, sig] = pass.slice('berkas_pin='.length).split('.') as [string, string]
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    for (const wrongPass of [
      `berkas_pin=${exp}.${flipped}`,
      `berkas_pin=${Number(exp) + 3600}.${sig}`,
      `berkas_pin=${Math.floor(Date.now() / 1000) - 1}.${sig}`,
      'berkas_pin=garbage',
    ])
      expect((await page(token, wrongPass)).status).toBe(401)
    expect((await page(await pinned(), pass)).status).toBe(401)
    for (const [name, value] of [
      ['cache-control', 'no-store'],
      ['referrer-policy', 'no-referrer'],
      ['x-robots-tag', 'noindex, nofollow'],
    ])
      expect(right.headers.get(name)).toBe(value)
    const csp = right.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`style-src '${PAGE_CSS_HASH}'`)
    expect(csp).toContain("default-src 'none'")
    // The only script is the photo viewer's, by its hash.
    expect(csp).toContain(`script-src '${LIGHTBOX_JS_HASH}'`)
    expect(csp).not.toContain('unsafe-inline')
  })

  it('a revoked link is gone for a browser holding the pass too', async () => {
    const token = await pinned()
    const posted = await t.request('POST', `/s/${token}`, { body: new URLSearchParams({ pin: '482913' }) })
    const pass = (posted.headers.get('set-cookie') ?? '').split(';')[0] as string
    expect((await t.request('GET', `/s/${token}`, { headers: { cookie: pass } })).status).toBe(200)
    const list = await t.request('GET', `/api/share/${project.slug}/list`, { token: admin.token })
    const id = (list.json.data as { id: number; url: string }[]).find((l) => l.url.endsWith(token))?.id
    await t.request('DELETE', `/api/share/${project.slug}/revoke/${id}`, { token: admin.token })
    const after = await t.request('GET', `/s/${token}`, { headers: { cookie: pass } })
    expect([after.status, after.text.includes(SHARE_MSG.gone)]).toEqual([410, true])
  })
})

describe(`Kirim via WhatsApp (${TEST_DB})`, () => {
  const send = (id: number, phone: string, key?: string) =>
    t.request('POST', `/api/share/${project.slug}/whatsapp/${id}`, {
      token: admin.token,
      json: { phone },
      headers: key ? { 'idempotency-key': key } : {},
    })

  it('not linked: 409; a bad number: 422; a revoked link: 410', async () => {
    const link = await reportLink(0)
    expect((await readState(t.db)).account).toBeNull()
    expect([
      (await send(link.id, '081234567890')).status,
      (await send(link.id, '081234567890')).json.message,
    ]).toEqual([409, SHARE_MSG.whatsappNotLinked])
    await writeState(t.db, { status: 'connected', account: '6281100000000' })
    const bad = await send(link.id, '12')
    expect([bad.status, bad.json.message]).toEqual([422, SHARE_MSG.badPhone])
    await t.request('DELETE', `/api/share/${project.slug}/revoke/${link.id}`, { token: admin.token })
    expect((await send(link.id, '081234567890')).status).toBe(410)
    expect(await t.db.selectFrom('whatsapp_outbox').select('id').execute()).toHaveLength(0)
  })

  it('queues one message per Idempotency-Key, with the link, the PDF and a PIN hint but never the PIN', async () => {
    await writeState(t.db, { status: 'connected', account: '6281100000000' })
    const report = await readyReport(env(), { projectId: project.id, creatorId: admin.id, photos: [] })
    const made = await create({ report_id: report.id, pin: '777111' })
    const key = `wa-${randomUUID()}`
    const first = await send(made.json.data.id, '0812-3456-7890', key)
    expect([first.status, first.json.message]).toEqual([202, SHARE_MSG.whatsappQueued])
    const again = await send(made.json.data.id, '0812-3456-7890', key)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const rows = await t.db.selectFrom('whatsapp_outbox').selectAll().execute()
    expect(rows).toHaveLength(1)
    const row = rows[0] as (typeof rows)[number]
    expect(row.phone).toBe('6281234567890')
    expect(row.text).toContain(made.json.data.url)
    expect(row.text).toContain('PIN dikirim terpisah')
    expect(row.text).toContain('Gedung Serbaguna')
    expect(row.text).not.toContain('777111')
    expect(row).toMatchObject({ document_key: report.pdfKey, document_mime: 'application/pdf' })
    expect(row.document_name).toMatch(/\.pdf$/)
  })
})

describe(`the link's address (${TEST_DB})`, () => {
  it('is PUBLIC_URL + /s/{token} when PUBLIC_URL is set (the WhatsApp text carries the same)', async () => {
    const other = await createTestApp({ publicUrl: 'https://berkas.firma.co.id' })
    try {
      const boss = await other.user('admin')
      const p = await other.request('POST', '/api/project/create', {
        token: boss.token,
        json: { name: 'Alamat Publik', description: 'PUBLIC_URL' },
      })
      const report = await readyReport(other.deps, {
        projectId: p.json.data.id,
        creatorId: boss.id,
        photos: [],
      })
      const res = await other.request('POST', `/api/share/${p.json.data.slug}/create`, {
        token: boss.token,
        json: { report_id: report.id },
      })
      expect(res.json.data.url).toMatch(/^https:\/\/berkas\.firma\.co\.id\/s\/[A-Za-z0-9_-]{32}$/)
    } finally {
      await other.close()
    }
  })
})
