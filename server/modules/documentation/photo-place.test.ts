import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_MSG, type Doc, type DocUploadResult } from '../../../src/contracts/documentation'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { selectPhotos } from '../reports/report-selection'
import { exifPlace } from './exif'

/*
 * Issue 30, "Where and when, from the photo itself": a photo's place is its own EXIF GPS (or the device's
 * only when it was taken in the app's camera at that moment), with its source recorded; the list filters
 * by the day a photo was taken in the firm's time zone, as the report selects; the same bytes uploaded
 * twice in a project are flagged.
 */

type Account = Awaited<ReturnType<TestApp['user']>>

let t: TestApp
let admin: Account
let supervisor: Account
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, supervisor] = await Promise.all([t.user('admin'), t.user('pengawasan')])
  project = await newProject()
})
afterAll(() => t.close())

async function newProject() {
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: `Tempat ${randomUUID().slice(0, 6)}`, description: 'Tempat dan hari foto' },
  })
  expect(res.status, res.text).toBe(201)
  const p = res.json.data as { id: number; slug: string }
  await t.request('PUT', `/api/project/${p.id}/members`, {
    token: admin.token,
    json: { user_ids: [supervisor.id] },
  })
  return p
}

/** The site office in Bandung (6°54'53.18" S, 107°36'35.30" E), where a phone camera stood, ±12 m. */
const SITE_GPS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '6/1 54/1 5318/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '107/1 36/1 3530/100',
  GPSHPositioningError: '12/1',
}
const SITE = { lat: -6.9147722, lng: 107.6098056 }
/** Where the phone was when it uploaded (85 m away, the next day). */
const OFFICE = { lat: -6.914, lng: 107.6105, accuracy_m: 8 }

/** A JPEG as a phone camera writes it: optional GPS, optional capture time (with or without its offset). */
async function photo(opts: { gps?: boolean; takenAt?: string; offset?: string; color?: number } = {}) {
  const exif: Record<string, Record<string, string>> = { IFD0: { Make: 'Uji', Model: 'Kamera' } }
  if (opts.takenAt)
    exif.IFD2 = {
      DateTimeOriginal: opts.takenAt,
      ...(opts.offset ? { OffsetTimeOriginal: opts.offset } : {}),
    }
  if (opts.gps) exif.IFD3 = SITE_GPS
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: opts.color ?? 90, g: 120, b: 60 } },
  })
    .jpeg()
    .withExif(exif)
    .toBuffer()
}

async function upload(
  files: Buffer[],
  meta?: unknown[],
  opts: { slug?: string; description?: string } = {},
): Promise<{ status: number; docs: Doc[]; message: string }> {
  const f = new FormData()
  f.append('description', opts.description ?? 'Foto lapangan untuk bukti tempat')
  if (meta) f.append('meta', JSON.stringify(meta))
  for (const [i, b] of files.entries())
    f.append('files', new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), `f${i}.jpg`)
  const res = await t.request('POST', `/api/doc/${opts.slug ?? project.slug}/upload`, {
    token: supervisor.token,
    body: f,
  })
  return {
    status: res.status,
    docs: (res.json.data as DocUploadResult | undefined)?.docs ?? [],
    message: res.json.message,
  }
}

async function listed(query: string, slug = project.slug) {
  const res = await t.request('GET', `/api/doc/${slug}/list${query}`, { token: admin.token })
  expect(res.status, res.text).toBe(200)
  return res.json.data as Doc[]
}

/** Whether the photo's EXIF holds a place (a GPS directory with coordinates). */
const hasGps = async (bytes: Buffer) => exifPlace((await sharp(bytes).metadata()).exif) !== undefined

/** Whether the bytes /storage/ serves hold one. */
async function publicHasGps(url: string) {
  const res = await t.app.request(url)
  expect(res.status).toBe(200)
  return hasGps(Buffer.from(await res.arrayBuffer()))
}

describe(`a photo's place is where it was taken (${TEST_DB})`, () => {
  it("a gallery photo with EXIF GPS keeps its own place ('exif'); one without gets none; the public bytes carry no GPS", async () => {
    // What a build of issue 30 sends for gallery photos: a capture time, no device place.
    const original = await photo({ gps: true, takenAt: '2026:11:24 09:14:00', offset: '+07:00' })
    expect(await hasGps(original)).toBe(true)
    const res = await upload(
      [original, await photo({ color: 10 })],
      [{ taken_at: '2026-11-24T02:14:00.000Z' }, { taken_at: '2026-11-24T03:00:00.000Z' }],
    )
    expect(res.status).toBe(201)
    const [own, none] = res.docs[0].images
    expect(own).toMatchObject({ ...SITE, accuracy_m: 12, location_source: 'exif' })
    expect(none).toMatchObject({ lat: null, lng: null, accuracy_m: null, location_source: null })
    expect(await publicHasGps(own.url)).toBe(false)
    const row = await t.db
      .selectFrom('doc_images')
      .select(['location_source', 'lat'])
      .where('uuid', '=', own.uuid)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ location_source: 'exif', lat: SITE.lat })
  })

  it("the photo's own GPS wins over any place the phone sends; the phone's is kept only with its source", async () => {
    const res = await upload(
      [
        await photo({ gps: true, color: 1 }),
        await photo({ color: 2 }),
        await photo({ color: 3 }),
        await photo({ color: 4 }),
      ],
      [
        { ...OFFICE, source: 'camera' },
        // Taken in the app's camera at that moment: the device's position is where it was taken.
        { ...OFFICE, source: 'camera' },
        // A HEIC's GPS the phone read before compression lost it.
        { lat: -6.9, lng: 107.6, accuracy_m: 5, source: 'exif' },
        // An outbox item of a build before issue 30: the position at upload time, marked as such.
        { ...OFFICE },
      ],
    )
    expect(res.status).toBe(201)
    expect(res.docs[0].images.map((i) => [i.location_source, i.lat, i.accuracy_m])).toEqual([
      ['exif', SITE.lat, 12],
      ['camera', OFFICE.lat, 8],
      ['exif', -6.9, 5],
      ['upload', OFFICE.lat, 8],
    ])
    const bad = await upload([await photo()], [{ ...OFFICE, source: 'upload' }])
    expect(bad.status).toBe(422)
    expect(bad.message).toBe(DOC_MSG.metaSource)
  })

  it('a revision follows the same rule', async () => {
    const [doc] = (await upload([await photo({ color: 40 })])).docs
    await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      json: { note: 'Ambil dari dekat' },
    })
    const f = new FormData()
    f.append('meta', JSON.stringify([{ ...OFFICE }, { ...OFFICE, source: 'camera' }]))
    for (const b of [await photo({ gps: true, color: 41 }), await photo({ color: 42 })])
      f.append('files', new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), 'r.jpg')
    const res = await t.request('POST', `/api/doc/${project.slug}/revise/${doc.uuid}`, {
      token: supervisor.token,
      body: f,
    })
    expect(res.status, res.text).toBe(201)
    const revised = (res.json.data as DocUploadResult).docs[0]
    expect(revised.images.map((i) => i.location_source)).toEqual(['exif', 'camera'])
  })
})

describe(`the day taken, in the firm's time zone (${TEST_DB})`, () => {
  it('a photo taken 26 Nov 23.30 WIB and uploaded 27 Nov 00.30 WIB is filtered and grouped on the 26th, as the report selects it', async () => {
    const p = await newProject()
    // Zoned (+07:00), zoneless (the camera's clock, read as the firm's), and no EXIF time at all (the
    // phone's moment of capture, 27 Nov 00.10 WIB).
    const late = await upload(
      [await photo({ takenAt: '2026:11:26 23:30:00', offset: '+07:00' })],
      undefined,
      {
        slug: p.slug,
      },
    )
    const zoneless = await upload([await photo({ takenAt: '2026:11:26 23:30:00', color: 5 })], undefined, {
      slug: p.slug,
    })
    const after = await upload([await photo({ color: 6 })], [{ taken_at: '2026-11-26T17:10:00.000Z' }], {
      slug: p.slug,
    })
    const uuids = [late, zoneless, after].map((r) => r.docs[0].uuid)
    // All three uploaded 27 Nov 00.30 WIB.
    await t.db
      .updateTable('docs')
      .set({ created_at: '2026-11-26T17:30:00.000Z' })
      .where('uuid', 'in', uuids)
      .execute()

    expect(late.docs[0].taken_at).toBe('2026-11-26T16:30:00.000Z')
    expect(zoneless.docs[0].taken_at).toBe('2026-11-26T16:30:00.000Z')
    expect(after.docs[0].taken_at).toBe('2026-11-26T17:10:00.000Z')
    const day = async (d: string) => (await listed(`?from=${d}&to=${d}`, p.slug)).map((x) => x.uuid)
    expect(await day('2026-11-26')).toEqual([uuids[1], uuids[0]])
    expect(await day('2026-11-27')).toEqual([uuids[2]])
    expect(await listed('?to=2026-11-25', p.slug)).toEqual([])

    // The report takes the same photos for the 26th (server/base/firm-clock.ts's one rule).
    const report = await selectPhotos(t.db, {
      projectId: p.id,
      from: '2026-11-26',
      to: '2026-11-26',
      workItemIds: null,
      include: 'all',
      timeZone: 'Asia/Jakarta',
    })
    const ids = await t.db.selectFrom('docs').select(['id', 'uuid']).where('uuid', 'in', uuids).execute()
    const idOf = new Map(ids.map((r) => [r.uuid, Number(r.id)]))
    expect(report.map((r) => r.docId).sort()).toEqual([idOf.get(uuids[0]), idOf.get(uuids[1])].sort())
  })

  it("an item's day is its earliest photo's, and moves with a revision's photos", async () => {
    const p = await newProject()
    const res = await upload(
      [
        await photo({ takenAt: '2026:11:20 08:00:00', offset: '+07:00', color: 7 }),
        await photo({ takenAt: '2026:11:19 16:00:00', offset: '+07:00', color: 8 }),
      ],
      undefined,
      { slug: p.slug },
    )
    const doc = res.docs[0]
    expect(doc.taken_at).toBe('2026-11-19T09:00:00.000Z')
    expect((await listed('?from=2026-11-19&to=2026-11-19', p.slug)).map((d) => d.uuid)).toEqual([doc.uuid])
    await t.request('PATCH', `/api/doc/${p.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      json: { note: 'Ulangi fotonya' },
    })
    const f = new FormData()
    const b = await photo({ takenAt: '2026:11:22 10:00:00', offset: '+07:00', color: 9 })
    f.append('files', new Blob([new Uint8Array(b)], { type: 'image/jpeg' }), 'v2.jpg')
    const revised = await t.request('POST', `/api/doc/${p.slug}/revise/${doc.uuid}`, {
      token: supervisor.token,
      body: f,
    })
    expect(revised.status, revised.text).toBe(201)
    expect((revised.json.data as DocUploadResult).docs[0].taken_at).toBe('2026-11-22T03:00:00.000Z')
    expect(await listed('?from=2026-11-19&to=2026-11-19', p.slug)).toEqual([])
    expect((await listed('?from=2026-11-22&to=2026-11-22', p.slug)).map((d) => d.uuid)).toEqual([doc.uuid])
  })
})

describe(`the same photo uploaded twice (${TEST_DB})`, () => {
  it('is flagged with the earlier live item of the project, in the upload answer and the list; not across projects, not for a trashed original', async () => {
    const p = await newProject()
    const other = await newProject()
    const bytes = await photo({ gps: true, takenAt: '2026:11:25 10:00:00', offset: '+07:00', color: 77 })
    const first = (await upload([bytes], undefined, { slug: p.slug })).docs[0]
    expect(first.duplicate_of).toBeNull()
    // Another photo beside it does not hide the copy.
    const second = (await upload([await photo({ color: 160 }), bytes], undefined, { slug: p.slug })).docs[0]
    expect(second).toMatchObject({ duplicate_of: first.uuid, duplicate_at: first.created_at })
    const third = (await upload([bytes], undefined, { slug: p.slug })).docs[0]
    expect(third.duplicate_of).toBe(first.uuid)
    const elsewhere = (await upload([bytes], undefined, { slug: other.slug })).docs[0]
    expect(elsewhere.duplicate_of).toBeNull()
    const unrelated = (await upload([await photo({ color: 250 })], undefined, { slug: p.slug })).docs[0]
    expect(unrelated.duplicate_of).toBeNull()

    const byUuid = async () => new Map((await listed('', p.slug)).map((d) => [d.uuid, d.duplicate_of]))
    expect(await byUuid()).toEqual(
      new Map([
        [unrelated.uuid, null],
        [third.uuid, first.uuid],
        [second.uuid, first.uuid],
        [first.uuid, null],
      ]),
    )
    // The original goes to the trash: the next copy is the earliest live one.
    const del = await t.request('DELETE', `/api/doc/${p.slug}/remove/${first.uuid}`, { token: admin.token })
    expect(del.status, del.text).toBe(200)
    const now = await byUuid()
    expect(now.get(second.uuid)).toBeNull()
    expect(now.get(third.uuid)).toBe(second.uuid)
  })
})
