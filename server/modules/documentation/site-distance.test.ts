import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_MSG, type Doc } from '../../../src/contracts/documentation'
import { distanceM, siteText } from '../../../src/contracts/geo'
import { createTestApp, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { readyReport } from '../../test/share-fixtures'
import { downloadPdf, pdfText } from '../reports/report-fixtures'
import { evidenceNotes } from '../reports/report-render'

/*
 * Issue 34, "The project's contract and site": each photo with a place gets its distance from the
 * project's site, computed when read (photos stored before a site was set get theirs once it is); the list
 * filters 'Di luar lokasi'; each upload records the device's clock against the server's.
 */

type Account = Awaited<ReturnType<TestApp['user']>>

let t: TestApp
let admin: Account
let supervisor: Account

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, supervisor] = await Promise.all([t.user('admin'), t.user('pengawasan')])
})
afterAll(() => t.close())

async function newProject() {
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: `Lokasi ${randomUUID().slice(0, 6)}`, description: 'Jarak dari lokasi' },
  })
  expect(res.status, res.text).toBe(201)
  const p = res.json.data as { id: number; slug: string }
  await t.request('PUT', `/api/project/${p.id}/members`, {
    token: admin.token,
    json: { user_ids: [supervisor.id] },
  })
  return p
}

/** The site: Monas, Jakarta; a 300 m radius. */
const SITE = { lat: -6.175392, lng: 106.827153, radius_m: 300 }
/** 100 m north of it (inside). */
const NEAR = { lat: -6.174493, lng: 106.827153 }
/** Bundaran HI, ~2.2 km south (outside). */
const FAR = { lat: -6.195, lng: 106.823 }

async function upload(
  slug: string,
  place: { lat: number; lng: number } | null,
  extra: Record<string, string> = {},
): Promise<{ status: number; json: { data?: { docs: Doc[] }; errors?: Record<string, string> } }> {
  const f = new FormData()
  f.append('description', `Foto lapangan ${randomUUID().slice(0, 6)}`)
  f.append(
    'meta',
    JSON.stringify([
      { taken_at: null, accuracy_m: 5, source: 'camera', lat: place?.lat ?? null, lng: place?.lng ?? null },
    ]),
  )
  for (const [k, v] of Object.entries(extra)) f.append(k, v)
  f.append('files', new Blob([new Uint8Array(await samplePng())], { type: 'image/png' }), 'foto.png')
  const res = await t.request('POST', `/api/doc/${slug}/upload`, {
    token: supervisor.token,
    body: f,
    headers: { 'Idempotency-Key': randomUUID() },
  })
  return res
}

const list = async (slug: string, query = '') =>
  t.request('GET', `/api/doc/${slug}/list${query}`, { token: supervisor.token })

const setSite = (id: number, site: typeof SITE | null) =>
  t.request('PUT', `/api/project/${id}/contract`, { token: admin.token, json: { site } })

describe(`site distance and device clock (${TEST_DB})`, () => {
  it('photos stored before a site is set get their distance once it is, from the site as it is now', async () => {
    const p = await newProject()
    for (const place of [NEAR, FAR, null]) expect((await upload(p.slug, place)).status).toBe(201)
    const before = await list(p.slug)
    const images = (before.json.data as Doc[]).map((d) => d.images[0])
    for (const i of images) expect(i).toMatchObject({ site_distance_m: null, on_site: null })

    expect((await setSite(p.id, SITE)).status).toBe(200)
    const after = (await list(p.slug)).json.data as Doc[]
    // Newest first: no place, far, near.
    const [none, far, near] = after.map((d) => d.images[0])
    expect(none).toMatchObject({ site_distance_m: null, on_site: null, lat: null })
    expect(near.on_site).toBe(true)
    expect(near.site_distance_m).toBe(Math.round(distanceM(NEAR, SITE)))
    expect(near.site_distance_m).toBeGreaterThan(90)
    expect(near.site_distance_m).toBeLessThan(110)
    expect(far.on_site).toBe(false)
    expect(far.site_distance_m).toBe(Math.round(distanceM(FAR, SITE)))
    expect(siteText({ has_place: true, ...far })).toBe('Di luar lokasi: 2,2 km dari proyek')
    expect(siteText({ has_place: true, ...near })).toBe('Di lokasi')
    expect(siteText({ has_place: false, ...none })).toBe('Tanpa lokasi')

    // The site moves: the same photos are measured against the new one.
    expect((await setSite(p.id, { ...SITE, radius_m: 5000 })).status).toBe(200)
    const wider = ((await list(p.slug)).json.data as Doc[]).map((d) => d.images[0])
    expect(wider[1].on_site).toBe(true)
    // The single item answer says the same.
    const one = await t.request('GET', `/api/doc/${p.slug}/item/${after[1].uuid}`, {
      token: supervisor.token,
    })
    expect(one.json.data.images[0]).toMatchObject({ on_site: true, site_distance_m: far.site_distance_m })
  })

  it("'Di luar lokasi' lists only items with a photo outside the radius; without a site, none", async () => {
    const p = await newProject()
    await upload(p.slug, NEAR)
    const far = await upload(p.slug, FAR)
    await upload(p.slug, null)
    const noSite = await list(p.slug, '?site=outside')
    expect(noSite.status).toBe(200)
    expect(noSite.json.data).toEqual([])
    await setSite(p.id, SITE)
    const outside = await list(p.slug, '?site=outside')
    expect(outside.status).toBe(200)
    expect((outside.json.data as Doc[]).map((d) => d.uuid)).toEqual([far.json.data?.docs[0].uuid])
    expect(outside.json.next_cursor).toBeNull()
    // With the other filters.
    expect((await list(p.slug, '?site=outside&status=approved')).json.data).toEqual([])
    // Right at the edge: the filter and the card agree (the same haversine term).
    const d = Math.round(distanceM(FAR, SITE))
    await setSite(p.id, { ...SITE, radius_m: d + 1 })
    expect((await list(p.slug, '?site=outside')).json.data).toEqual([])
    await setSite(p.id, { ...SITE, radius_m: d - 1 })
    expect((await list(p.slug, '?site=outside')).json.data).toHaveLength(1)
    const bad = await list(p.slug, '?site=luar')
    expect(bad.status).toBe(422)
    expect(bad.json.errors.site).toBe(DOC_MSG.badSiteFilter)
  })

  it('the upload records the device clock against the server clock; none sent stays null', async () => {
    const p = await newProject()
    const twoHoursAhead = new Date(Date.now() + 2 * 3600_000).toISOString()
    const ahead = await upload(p.slug, NEAR, { device_time: twoHoursAhead })
    expect(ahead.status).toBe(201)
    const skew = ahead.json.data?.docs[0].images[0].clock_skew_s as number
    expect(Math.abs(skew - 7200)).toBeLessThanOrEqual(5)
    const behind = await upload(p.slug, NEAR, { device_time: new Date(Date.now() - 600_000).toISOString() })
    expect(Math.abs((behind.json.data?.docs[0].images[0].clock_skew_s as number) + 600)).toBeLessThanOrEqual(
      5,
    )
    const none = await upload(p.slug, NEAR)
    expect(none.json.data?.docs[0].images[0].clock_skew_s).toBeNull()
    // Stored, and answered by the list too.
    const rows = await t.db
      .selectFrom('doc_images')
      .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
      .select('doc_images.clock_skew_s')
      .where('docs.project_id', '=', p.id)
      .orderBy('docs.id')
      .execute()
    expect(
      rows.map((r) => (r.clock_skew_s === null ? null : Math.round(Number(r.clock_skew_s) / 60))),
    ).toEqual([120, -10, null])
    const listed = (await list(p.slug)).json.data as Doc[]
    expect(Math.round((listed[2].images[0].clock_skew_s as number) / 60)).toBe(120)
    // A phone whose clock was reset to 1970 is recorded (bounded), not refused.
    const reset = await upload(p.slug, NEAR, { device_time: '1970-01-01T00:00:00.000Z' })
    expect(reset.status).toBe(201)
    expect(reset.json.data?.docs[0].images[0].clock_skew_s).toBe(-10 * 365 * 86_400)
    for (const bad of ['kemarin', '2026-03-01', '2026-13-45T99:00:00Z', '2026-03-01T07:30:00']) {
      const res = await upload(p.slug, NEAR, { device_time: bad })
      expect(res.status, bad).toBe(422)
      expect(res.json.errors?.device_time).toBe(DOC_MSG.deviceTime)
    }
  })

  it('a retry of the same upload with a later device clock is the same upload (not part of its fingerprint)', async () => {
    const p = await newProject()
    const key = randomUUID()
    const send = async (deviceTime: string) => {
      const f = new FormData()
      f.append('description', 'Foto lapangan dikirim ulang')
      f.append('device_time', deviceTime)
      f.append('files', new Blob([new Uint8Array(await samplePng())], { type: 'image/png' }), 'foto.png')
      return t.request('POST', `/api/doc/${p.slug}/upload`, {
        token: supervisor.token,
        body: f,
        headers: { 'Idempotency-Key': key },
      })
    }
    const first = await send(new Date().toISOString())
    const again = await send(new Date(Date.now() + 3_600_000).toISOString())
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.json.data.docs[0].uuid).toBe(first.json.data.docs[0].uuid)
    expect(again.json.data.docs[0].images[0].clock_skew_s).toBe(
      first.json.data.docs[0].images[0].clock_skew_s,
    )
  })

  it('the report caption and the public verification page say it in words, never coordinates', async () => {
    const p = await newProject()
    await setSite(p.id, SITE)
    const skewed = new Date(Date.now() - 2 * 3600_000).toISOString()
    const up = [
      await upload(p.slug, FAR, { device_time: skewed }),
      await upload(p.slug, NEAR),
      await upload(p.slug, null),
    ]
    const photos = []
    for (const u of up) {
      const row = await t.db
        .selectFrom('docs')
        .innerJoin('doc_images', 'doc_images.doc_id', 'docs.id')
        .select(['docs.id as docId', 'doc_images.id as imageId', 'doc_images.sha256'])
        .where('docs.uuid', '=', u.json.data?.docs[0].uuid as string)
        .executeTakeFirstOrThrow()
      photos.push({ docId: row.docId, imageId: row.imageId, sha: row.sha256 as string })
    }
    const report = await readyReport(t.deps, { projectId: p.id, creatorId: admin.id, photos })
    const data = await t.request('GET', `/api/public/verify/${report.code}`)
    expect(data.status).toBe(200)
    expect(
      data.json.data.photos.map((x: { site: string | null; clock: string | null }) => [x.site, x.clock]),
    ).toEqual([
      ['Di luar lokasi: 2,2 km dari proyek', 'Jam perangkat selisih 2 jam'],
      ['Di lokasi', null],
      ['Tanpa lokasi', null],
    ])
    const page = await t.request('GET', `/v/${report.code}`)
    expect(page.text).toContain('Di luar lokasi: 2,2 km dari proyek · Jam perangkat selisih 2 jam')
    expect(page.text).toContain('Tanpa lokasi')
    for (const coordinate of [String(FAR.lat), String(FAR.lng), String(SITE.lat), String(SITE.lng)])
      expect(page.text).not.toContain(coordinate)
    // The PDF caption's words (report-render.ts captionOf).
    const site = { site_lat: SITE.lat, site_lng: SITE.lng, site_radius_m: SITE.radius_m }
    expect(evidenceNotes({ ...FAR, clock_skew_s: -7200, ...site })).toEqual({
      site: 'Di luar lokasi: 2,2 km dari proyek',
      clock: 'Jam perangkat selisih 2 jam',
    })
    expect(evidenceNotes({ ...NEAR, clock_skew_s: 120, ...site })).toEqual({ site: 'Di lokasi', clock: null })
    expect(
      evidenceNotes({ ...NEAR, clock_skew_s: null, site_lat: null, site_lng: null, site_radius_m: null }),
    ).toEqual({ site: null, clock: null })
  })

  it("the report PDF's captions say where each photo was against the site and the phone clock", async () => {
    const p = await newProject()
    await upload(p.slug, FAR, { device_time: new Date(Date.now() + 3 * 3600_000).toISOString() })
    await upload(p.slug, NEAR)
    await setSite(p.id, SITE)
    await t.runJobs()
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date())
    const made = await t.request('POST', `/api/report/${p.slug}/create`, {
      token: admin.token,
      json: { from: today, to: today, include: 'all', title: 'Laporan Uji Lokasi' },
    })
    expect(made.status, made.text).toBe(202)
    await t.runJobs()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pdf-'))
    try {
      const { file } = await downloadPdf(t, admin.token, p.slug, made.json.data.id, dir)
      // SITE_PDF_DIR keeps the PDF to look at (pdftoppm).
      if (process.env.SITE_PDF_DIR)
        fs.copyFileSync(file, path.join(process.env.SITE_PDF_DIR, 'site-report.pdf'))
      const text = pdfText(file).replace(/\s+/g, ' ')
      expect(text).toContain('Di luar lokasi: 2,2 km dari proyek')
      expect(text).toContain('Di lokasi')
      expect(text).toContain('Jam perangkat selisih 3 jam')
      for (const coordinate of ['-6.195', '106.823', '-6.175', '106.827'])
        expect(text).not.toContain(coordinate)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
