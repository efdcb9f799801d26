import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_MSG, type Doc, type DocUploadResult } from '../../../src/contracts/documentation'
import { type Cast, cast, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, formWith, TEST_DB, type TestApp } from '../../test/harness'
import { pdfText, review, uploadDoc } from '../reports/report-fixtures'
import { queueDocPrivacy } from './doc-privacy-job'
import { exifCaptureTime, exifPlace } from './exif'

/*
 * A photo's place is private to the project (issue 31): HEIC, AVIF and JPEG trailers lose their GPS in
 * what /storage/ and a share link serve; a photo in Sampah is not public; a shared report prints no
 * coordinates.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
let dir: string

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  project = await projectWithMembers(t, c, 'Gedung Laboratorium')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-privacy-'))
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const EXIF = {
  IFD0: { Make: 'Apple', Model: 'iPhone 15' },
  IFD2: { DateTimeOriginal: '2026:11:24 09:14:00', OffsetTimeOriginal: '+07:00' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '6/1 12/1 3000/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '106/1 49/1 0/1',
  },
}
const PLACE = { lat: -6.2083333, lng: 106.8166667 }

const avif = (background = { r: 90, g: 120, b: 60 }) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .avif({ quality: 50, effort: 0 })
    .withExif(EXIF)
    .toBuffer()

/** The same file as an iPhone names it: brand 'heic' (this sharp build encodes no HEVC; the box layout is one). */
function asHeic(file: Buffer): Buffer {
  const out = Buffer.from(file)
  const ftypEnd = out.readUInt32BE(0)
  for (let at = 8; at + 4 <= ftypEnd; at += 4)
    if (out.toString('latin1', at, at + 4) === 'avif') out.write('heic', at)
  return out
}

async function upload(
  files: { data: Buffer; name: string; type: string }[],
  description = 'Foto lokasi pekerjaan',
) {
  const form = new FormData()
  form.append('description', description)
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name)
  return t.request('POST', `/api/doc/${project.slug}/upload`, { token: c.supervisor.token, body: form })
}

const get = (url: string, method = 'GET') => t.app.request(url, { method })

async function served(url: string) {
  const res = await get(url)
  expect(res.status, url).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

/** What a reader of the served bytes learns of the place. */
async function placeIn(bytes: Buffer) {
  const meta = await sharp(bytes).metadata()
  return { place: exifPlace(meta.exif) ?? null, takenAt: exifCaptureTime(meta.exif) ?? null }
}

async function listed(uuid: string): Promise<Doc> {
  const res = await t.request('GET', `/api/doc/${project.slug}/list?limit=60`, { token: c.admin.token })
  const doc = (res.json.data as Doc[]).find((d) => d.uuid === uuid)
  if (!doc) throw new Error(`${uuid} is not listed`)
  return doc
}

describe(`a photo's place stays in the project (${TEST_DB})`, () => {
  it('AVIF and HEIC with GPS: the place is read from them, /storage/ and the share link serve them without it', async () => {
    const heic = asHeic(await avif({ r: 10, g: 20, b: 200 }))
    const res = await upload([
      { data: await avif(), name: 'kolom.avif', type: 'image/avif' },
      { data: heic, name: 'IMG_0001.HEIC', type: 'image/heic' },
    ])
    expect(res.status, res.text).toBe(201)
    const doc = (res.json.data as DocUploadResult).docs[0]
    expect(doc.images.map((i) => i.url.slice(-5))).toEqual(['.avif', '.heic'])
    for (const image of doc.images) {
      expect(image).toMatchObject({ ...PLACE, location_source: 'exif', taken_at: '2026-11-24T02:14:00.000Z' })
      expect(await placeIn(await served(image.url))).toEqual({
        place: null,
        takenAt: '2026-11-24T02:14:00.000Z',
      })
    }
    // The client's link to the day's approved photos serves the same stored bytes.
    await review(t, c.admin, project.slug, doc.uuid, 'approved')
    const share = await t.request('POST', `/api/share/${project.slug}/create`, {
      token: c.admin.token,
      json: { from: '2026-11-24', to: '2026-11-24' },
    })
    expect(share.status, share.text).toBe(201)
    const token = (share.json.data.url as string).split('/s/')[1]
    const page = await t.request('GET', `/api/public/share/${token}`)
    expect(page.status, page.text).toBe(200)
    const photos = page.json.data.photos as { full_url: string }[]
    expect(photos).toHaveLength(2)
    for (const p of photos) expect((await placeIn(await served(p.full_url))).place).toBeNull()
  })

  it('a HEIC or AVIF whose metadata cannot be read for certain is refused with its reason, and not stored', async () => {
    // The picture's bytes in a box no still image is made of (readers take them by offset alone): that
    // box cannot be emptied, so nothing about the file is certain.
    const odd = await avif()
    odd.write('xxxx', odd.indexOf('mdat', 0, 'latin1'), 'latin1')
    expect((await sharp(odd).metadata()).exif).toBeDefined()
    const res = await upload([{ data: odd, name: 'urutan.avif', type: 'image/avif' }])
    expect(res.status, res.text).toBe(415)
    expect(res.json.message).toBe(DOC_MSG.placeKept('urutan.avif'))
    const stored = await t.db
      .selectFrom('doc_images')
      .select('id')
      .where('name', '=', 'urutan.avif')
      .execute()
    expect(stored).toEqual([])
  })

  it("a JPEG's motion-photo trailer and Extended XMP are not served", async () => {
    const main = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'olive' } })
      .jpeg()
      .withExif(EXIF)
      .toBuffer()
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,12.5S"/></rdf:RDF></x:xmpmeta>'
    const body = Buffer.from(
      `http://ns.adobe.com/xmp/extension/\0${'0'.repeat(32)}\0\0\0\0\0\0\0\0${xmp}`,
      'latin1',
    )
    const extended = Buffer.concat([
      Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255]),
      body,
    ])
    const video = Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0\xa9xyz-06.2083+106.8167/', 'latin1')
    const input = Buffer.concat([main.subarray(0, 2), extended, main.subarray(2), video])
    const res = await upload([{ data: input, name: 'motion.jpg', type: 'image/jpeg' }])
    expect(res.status, res.text).toBe(201)
    const bytes = await served((res.json.data as DocUploadResult).docs[0].images[0].url)
    expect(bytes.length).toBe(main.length)
    expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
    for (const text of ['xmp/extension', 'GPSLatitude', 'ftypmp42', '106.8167'])
      expect(bytes.includes(text)).toBe(false)
    expect((await placeIn(bytes)).place).toBeNull()
  })

  it('HEIC, AVIF and a JPEG with a trailer stored before lose their place through the walk migration 018 queues', async () => {
    const res = await upload(
      [{ data: await avif(), name: 'baru.avif', type: 'image/avif' }],
      'Pemasangan kusen',
    )
    expect(res.status, res.text).toBe(201)
    const doc = await t.db
      .selectFrom('docs')
      .select('id')
      .where('uuid', '=', (res.json.data as DocUploadResult).docs[0].uuid)
      .executeTakeFirstOrThrow()
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: 'tan' } })
      .jpeg()
      .withExif(EXIF)
      .toBuffer()
    const trailer = Buffer.from('\0\0\0\x18ftypmp42 -06.2083+106.8167/', 'latin1')
    // As they were stored before issue 31 (GPS in the public bytes), their hash emptied by migration 018.
    const stored = [
      { ext: 'avif', bytes: await avif({ r: 1, g: 2, b: 3 }) },
      { ext: 'heic', bytes: asHeic(await avif({ r: 4, g: 5, b: 6 })) },
      { ext: 'jpg', bytes: Buffer.concat([jpeg, trailer]) },
    ].map((s, position) => ({ ...s, key: `${randomUUID()}.${s.ext}`, position: position + 1 }))
    for (const s of stored) {
      fs.writeFileSync(path.join(t.dataDir, 'storage', 'public', s.key), s.bytes)
      await t.db
        .insertInto('doc_images')
        .values({
          uuid: s.key.slice(0, s.key.indexOf('.')),
          doc_id: doc.id,
          name: `lama.${s.ext}`,
          ext: s.ext,
          blob_key: s.key,
          size_bytes: s.bytes.length,
          position: s.position,
          thumb_state: 'failed',
          sha256: null,
        })
        .execute()
      expect((await placeIn(await served(`/storage/${s.key}`))).place).toEqual({ ...PLACE, accuracy_m: null })
    }
    await queueDocPrivacy(t.deps)
    const keys = stored.map((s) => s.key)
    await expect
      .poll(
        async () => {
          await t.runJobs()
          const rows = await t.db
            .selectFrom('doc_images')
            .select('sha256')
            .where('blob_key', 'in', keys)
            .execute()
          return rows.every((r) => r.sha256 !== null)
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    for (const s of stored) {
      const bytes = await served(`/storage/${s.key}`)
      expect(await placeIn(bytes), s.ext).toEqual({ place: null, takenAt: '2026-11-24T02:14:00.000Z' })
      expect(bytes.includes('ftypmp42'), s.ext).toBe(false)
    }
  })

  it('a photo in Sampah is not public (the photo, an earlier version, the thumbnail); restored, it is served again', async () => {
    const first = await upload(
      [{ data: await avif(), name: 'v1.avif', type: 'image/avif' }],
      'Bekisting balok',
    )
    expect(first.status, first.text).toBe(201)
    const uuid = (first.json.data as DocUploadResult).docs[0].uuid
    const form = new FormData()
    const v2 = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'navy' } })
      .jpeg()
      .toBuffer()
    form.append('files', new Blob([new Uint8Array(v2)], { type: 'image/jpeg' }), 'v2.jpg')
    const revised = await t.request('POST', `/api/doc/${project.slug}/revise/${uuid}`, {
      token: c.supervisor.token,
      body: form,
    })
    expect(revised.status, revised.text).toBe(201)
    await t.runJobs()
    const now = await listed(uuid)
    const old = await t.db
      .selectFrom('doc_images')
      .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
      .select('doc_images.blob_key')
      .where('docs.uuid', '=', uuid)
      .where('doc_images.version', '=', 1)
      .executeTakeFirstOrThrow()
    const urls = [now.images[0].url, now.images[0].thumb as string, `/storage/${old.blob_key}`]
    expect(urls[1]).toMatch(/^\/storage\/.+\.webp$/)
    const statuses = async (method = 'GET') =>
      Promise.all(urls.map(async (u) => (await get(u, method)).status))
    expect(await statuses()).toEqual([200, 200, 200])

    const removed = await t.request('DELETE', `/api/doc/${project.slug}/remove/${uuid}`, {
      token: c.admin.token,
    })
    expect(removed.status, removed.text).toBe(200)
    expect(await statuses()).toEqual([404, 404, 404])
    expect(await statuses('HEAD')).toEqual([404, 404, 404])
    const refused = await get(urls[0])
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect((await refused.json()).success).toBe(false)

    const restored = await t.request('POST', `/api/project/${project.id}/trash/doc/${uuid}/restore`, {
      token: c.admin.token,
    })
    expect(restored.status, restored.text).toBe(200)
    expect(await statuses()).toEqual([200, 200, 200])

    // The state is the database's: a delete another process commits counts at the next request here.
    const stamp = (at: string | null) =>
      t.db
        .updateTable('docs')
        .set({ deleted_at: at, deleted_by: at ? c.admin.id : null })
        .where('uuid', '=', uuid)
        .execute()
    await stamp(new Date().toISOString())
    expect(await statuses()).toEqual([404, 404, 404])
    await stamp(null)
    expect(await statuses()).toEqual([200, 200, 200])
  })

  it('the other public images, an avatar and the firm logo, are re-encoded without any place', async () => {
    const withPlace = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'sienna' } })
      .jpeg()
      .withExif(EXIF)
      .toBuffer()
    expect((await placeIn(withPlace)).place).not.toBeNull()
    const file = { data: withPlace, name: 'foto.jpg', type: 'image/jpeg' }
    const avatar = await t.request('PATCH', '/api/user/update-avatar', {
      token: c.supervisor.token,
      body: formWith({ avatar: file }),
    })
    expect(avatar.status, avatar.text).toBe(200)
    const logo = await t.request('PUT', '/api/settings/firm/logo', {
      token: c.admin.token,
      body: formWith({ logo: file }),
    })
    expect(logo.status, logo.text).toBe(200)
    for (const url of [avatar.json.data.avatar as string, logo.json.data.logo_url as string]) {
      const meta = await sharp(await served(url)).metadata()
      expect(exifPlace(meta.exif), url).toBeUndefined()
      expect(meta.xmp, url).toBeUndefined()
    }
  })

  it('a shared report prints no coordinates: the place as text and where the point came from', async () => {
    const other = await projectWithMembers(t, c, 'Gedung Arsip')
    const uuid = await uploadDoc(t, c.supervisor, other.slug, {
      description: 'Pengecoran pelat lantai tiga',
      takenAt: '2025-06-03T02:00:00.000Z',
      location: 'Lantai 3 As B-2',
      lat: -6.208312,
      lng: 106.816712,
      accuracy: 7,
    })
    await review(t, c.admin, other.slug, uuid, 'approved')
    const made = await t.request('POST', `/api/report/${other.slug}/create`, {
      token: c.admin.token,
      json: { from: '2025-06-02', to: '2025-06-08' },
    })
    expect(made.status, made.text).toBe(202)
    await t.runJobs()
    const share = await t.request('POST', `/api/share/${other.slug}/create`, {
      token: c.admin.token,
      json: { report_id: made.json.data.id },
    })
    expect(share.status, share.text).toBe(201)
    const token = (share.json.data.url as string).split('/s/')[1]
    const page = await t.request('GET', `/api/public/share/${token}`)
    expect(page.status, page.text).toBe(200)
    const pdf = await get(page.json.data.report.download_url)
    expect(pdf.status).toBe(200)
    const file = path.join(dir, 'shared.pdf')
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()))
    const text = pdfText(file)
    expect(text).toContain('Pengecoran pelat lantai tiga')
    expect(text).toContain('Lokasi: Lantai 3 As B-2')
    for (const coordinate of ['6.2083', '106.8167', '-6.2', '106.8', '6°', '106°'])
      expect(text).not.toContain(coordinate)
    // No number with four decimals or more anywhere (5 decimals were printed before issue 30).
    expect(text).not.toMatch(/\d+[.,]\d{4,}/)
  })
})
