import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LIMIT_MSG } from '../../../src/contracts/limits'
import { SHARE_MSG, SHARE_PIN_TRIES } from '../../../src/contracts/shares'
import { TEST_DB } from '../../test/harness'
import { photoDoc, readyReport, signedPath } from '../../test/share-fixtures'
import { startShareTest, tokenOf } from '../../test/share-test-app'
import { VIEW_WINDOW_MS } from './public-share'

/*
 * Public pages nobody can overload (issue 31): the PIN counted per link and address (garbage costs
 * nothing), the public budget (429 while members go on), a view counted once per visitor and window,
 * and a period link's photos not selected again for each photo request.
 */

// Counts each run of the period selection, the heavy part of a period link (the real one still runs).
const selection = vi.hoisted(() => ({ calls: 0 }))
vi.mock('../reports/report-selection', async (importOriginal) => {
  const real = await importOriginal<typeof import('../reports/report-selection')>()
  return {
    ...real,
    selectPhotos: (...args: Parameters<typeof real.selectPhotos>) => {
      selection.calls += 1
      return real.selectPhotos(...args)
    },
  }
})

let s: Awaited<ReturnType<typeof startShareTest>>
const OFF = { perAddressPerMinute: 0, perLinkPerMinute: 0, pinPerLinkPerHour: 0 }
let nextAddress = 10
/** A client address of its own (TRUST_PROXY is on here: the proxy's X-Forwarded-For entry). */
const address = () => `203.0.113.${nextAddress++}`

beforeAll(async () => {
  s = await startShareTest({ trustProxy: true })
})
afterAll(() => s.t.close())
afterEach(() => {
  s.t.deps.config.publicLimits = { ...OFF, pinPerLinkPerHour: 30 }
  vi.useRealTimers()
})

const env = () => ({ db: s.t.db, store: s.t.deps.store })
const data = (token: string, from: string, pin?: string, agent?: string) =>
  s.t.request('GET', `/api/public/share/${token}`, {
    headers: {
      'x-forwarded-for': from,
      ...(pin === undefined ? {} : { 'x-share-pin': pin }),
      ...(agent ? { 'user-agent': agent } : {}),
    },
  })
const post = (token: string, from: string, pin: string) =>
  s.t.request('POST', `/s/${token}`, {
    body: new URLSearchParams({ pin }),
    headers: { 'x-forwarded-for': from },
  })

async function pinned() {
  const report = await readyReport(env(), { projectId: s.project.id, creatorId: s.admin.id, photos: [] })
  const res = await s.create({ report_id: report.id, pin: '482913' })
  expect(res.status, res.text).toBe(201)
  return tokenOf(res.json.data.url)
}

/** Sends `send()` until it answers 429 (at most `max` times); the answers before it. */
async function until429<R extends { status: number }>(send: () => Promise<R>, max: number) {
  const before: number[] = []
  for (let i = 0; i < max; i++) {
    const res = await send()
    if (res.status === 429) return { res, before }
    before.push(res.status)
  }
  throw new Error(`no 429 in ${max} requests: ${before.join(',')}`)
}

describe(`PIN per link and address (${TEST_DB})`, () => {
  it('wrong PINs lock out the address that tried them, not the client at another address', async () => {
    const token = await pinned()
    const guesser = address()
    const first = await data(token, guesser, '000000')
    expect([first.status, first.json.message]).toEqual([
      401,
      `PIN salah. Sisa ${SHARE_PIN_TRIES - 1} percobaan.`,
    ])
    // Fixed 15-minute windows: across a window's edge the count starts again, so allow one more round.
    const { res, before } = await until429(() => data(token, guesser, '000000'), 2 * SHARE_PIN_TRIES + 1)
    expect(before.every((status) => status === 401)).toBe(true)
    expect(res.json.message).toMatch(/^Terlalu banyak percobaan PIN\. Coba lagi dalam \d+ menit\.$/)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Even the right PIN waits at the guesser's address, on the page as in the data call...
    expect((await data(token, guesser, '482913')).status).toBe(429)
    const page = await post(token, guesser, '482913')
    expect(page.status).toBe(429)
    expect(page.text).toContain('Terlalu banyak percobaan PIN')
    // ...while the client, elsewhere, opens the link, and has their own tries.
    const client = address()
    expect((await data(token, client, '482913')).status).toBe(200)
    expect((await post(token, client, '482913')).status).toBe(303)
    const wrong = await data(token, client, '111111')
    expect(wrong.json.message).toBe(`PIN salah. Sisa ${SHARE_PIN_TRIES - 1} percobaan.`)
  })

  it('a PIN that is not 6 digits is a form error (422) that costs no try', async () => {
    const token = await pinned()
    const from = address()
    for (const garbage of ['12345', '1234567', 'abcdef', '12 456', '+12345', 'x'.repeat(200)]) {
      for (let i = 0; i < SHARE_PIN_TRIES; i++) {
        const res = await data(token, from, garbage)
        expect([res.status, res.json.message]).toEqual([422, SHARE_MSG.badPin])
      }
    }
    const form = await post(token, from, 'abc')
    expect(form.status).toBe(422)
    expect(form.text).toContain(SHARE_MSG.badPin)
    expect(form.text).toContain(`<form method="post" action="/s/${token}"`)
    expect((await post(token, from, '')).status).toBe(422)
    // Thirty-odd garbage PINs later the address still has every try.
    const wrong = await data(token, from, '000000')
    expect([wrong.status, wrong.json.message]).toEqual([
      401,
      `PIN salah. Sisa ${SHARE_PIN_TRIES - 1} percobaan.`,
    ])
    expect((await data(token, from, '482913')).status).toBe(200)
  })

  it('guesses from many addresses meet the link’s hourly ceiling, and a refused guess costs its address nothing', async () => {
    const ceiling = 6
    s.t.deps.config.publicLimits = { ...OFF, pinPerLinkPerHour: ceiling }
    const token = await pinned()
    // One wrong PIN per address, each far under its own limit; fixed hourly windows: at most two rounds.
    const { res } = await until429(() => data(token, address(), '000000'), 2 * ceiling + 1)
    expect(res.json.message).toMatch(/^Terlalu banyak percobaan PIN/)
    const late = address()
    expect((await data(token, late, '482913')).status).toBe(429)
    s.t.deps.config.publicLimits = { ...OFF, pinPerLinkPerHour: 0 }
    const wrong = await data(token, late, '000000')
    expect(wrong.json.message).toBe(`PIN salah. Sisa ${SHARE_PIN_TRIES - 1} percobaan.`)
  })
})

describe(`the public budget (${TEST_DB})`, () => {
  it('over an address’s budget: 429 JSON and an Indonesian page with Retry-After; members go on', async () => {
    const link = await s.reportLink(1)
    s.t.deps.config.publicLimits = { ...OFF, perAddressPerMinute: 5 }
    const crowd = address()
    const { res } = await until429(() => data(link.token, crowd), 2 * 5 + 1)
    expect(res.json).toEqual({ success: false, message: LIMIT_MSG.publicBusy })
    const wait = Number(res.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    const page = await s.t.request('GET', `/s/${link.token}`, { headers: { 'x-forwarded-for': crowd } })
    expect(page.status).toBe(429)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(page.text).toContain(LIMIT_MSG.publicBusy)
    const verify = await s.t.request('GET', `/v/${link.report.code}`, {
      headers: { 'x-forwarded-for': crowd },
    })
    expect(verify.status).toBe(429)
    // A member's calls are not public requests: they answer as always.
    const list = await s.t.request('GET', '/api/project/list', { token: s.member.token })
    expect(list.status).toBe(200)
    // Another address still opens the link.
    expect((await data(link.token, address())).status).toBe(200)
  })

  it('a crowd of addresses on one link meets the link’s budget; other links are not touched', async () => {
    const link = await s.reportLink(1)
    const other = await s.reportLink(1)
    s.t.deps.config.publicLimits = { ...OFF, perLinkPerMinute: 8 }
    const { res, before } = await until429(() => data(link.token, address()), 2 * 8 + 1)
    expect(before.every((status) => status === 200)).toBe(true)
    expect(res.json.message).toBe(LIMIT_MSG.publicBusy)
    expect((await data(other.token, address())).status).toBe(200)
  })
})

describe(`views (${TEST_DB})`, () => {
  const views = async (id: number) =>
    Number(
      (await s.t.db.selectFrom('shares').select('view_count').where('id', '=', id).executeTakeFirstOrThrow())
        .view_count,
    )

  it('a visitor is counted once per window, however often the page and its data are loaded', async () => {
    // Only Date is faked: the middle of a view window, so the test never straddles its edge.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime((Math.floor(Date.now() / VIEW_WINDOW_MS) + 0.5) * VIEW_WINDOW_MS)
    const link = await s.reportLink(1)
    const phone = 'Mozilla/5.0 (Linux; Android 14) Chrome/126'
    const client = address()
    const open = (from: string, agent: string) =>
      s.t.request('GET', `/s/${link.token}`, { headers: { 'x-forwarded-for': from, 'user-agent': agent } })
    for (let i = 0; i < 4; i++) expect((await open(client, phone)).status).toBe(200)
    expect((await data(link.token, client, undefined, phone)).status).toBe(200)
    expect(await views(link.id)).toBe(1)
    // Another browser at the same office address, and someone elsewhere: a visitor each.
    await open(client, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Safari/604.1')
    await open(address(), phone)
    expect(await views(link.id)).toBe(3)
    // WhatsApp drawing the preview card and a HEAD are no one's visit.
    await open(address(), 'WhatsApp/2.23.20.0 A')
    await s.t.request('HEAD', `/s/${link.token}`, { headers: { 'x-forwarded-for': address() } })
    expect(await views(link.id)).toBe(3)
    // The next window counts the first visitor again.
    vi.setSystemTime(Date.now() + VIEW_WINDOW_MS)
    await open(client, phone)
    expect(await views(link.id)).toBe(4)
  })
})

describe(`what a period link shows is cached (${TEST_DB})`, () => {
  it('photo requests do not run the period selection again until something is written', async () => {
    const made = []
    for (let i = 0; i < 3; i++)
      made.push(
        await photoDoc(env(), {
          projectId: s.project.id,
          creatorId: s.member.id,
          bytes: Buffer.from(`periode ${i}`),
          description: `Foto periode ${i}`,
          createdAt: '2026-11-03T03:00:00.000Z',
          takenAt: null,
        }),
      )
    const res = await s.create({ from: '2026-11-03', to: '2026-11-03', expires_in_days: 3 })
    expect(res.status, res.text).toBe(201)
    const token = tokenOf(res.json.data.url)
    const opened = await data(token, address())
    const photos = opened.json.data.photos as { id: number; thumb_url: string; full_url: string }[]
    expect(photos.map((p) => p.id).sort()).toEqual(made.map((m) => m.imageId).sort())
    const runs = selection.calls
    for (let round = 0; round < 3; round++)
      for (const p of photos) {
        expect((await s.t.request('GET', p.thumb_url)).status).toBe(200)
        expect((await s.t.request('GET', p.full_url)).status).toBe(200)
      }
    expect((await data(token, address())).status).toBe(200)
    expect(selection.calls).toBe(runs)
    // A photo put in the trash (a write, on any process) leaves the link at once: selected once more.
    const trashed = made[1] ?? made[0]
    const doc = await s.t.db
      .selectFrom('docs')
      .select('uuid')
      .where('id', '=', trashed?.docId ?? 0)
      .executeTakeFirstOrThrow()
    const removed = await s.t.request('DELETE', `/api/doc/${s.project.slug}/remove/${doc.uuid}`, {
      token: s.admin.token,
    })
    expect(removed.status, removed.text).toBe(200)
    for (const p of photos)
      expect((await s.t.request('GET', p.full_url)).status).toBe(p.id === trashed?.imageId ? 404 : 200)
    expect(selection.calls).toBe(runs + 1)
    // A signed URL of a photo that is not the link's stays 404 (the cache holds only the link's).
    const row = await s.t.db
      .selectFrom('shares')
      .select(['sign_key', 'token'])
      .where('token', '=', token)
      .executeTakeFirstOrThrow()
    const outsider = await photoDoc(env(), {
      projectId: s.project.id,
      creatorId: s.member.id,
      bytes: Buffer.from('di luar periode'),
      createdAt: '2026-11-20T03:00:00.000Z',
      takenAt: null,
    })
    const path = signedPath({ token: row.token, signKey: row.sign_key }, String(outsider.imageId), 'full')
    expect((await s.t.request('GET', path)).status).toBe(404)
  })
})
