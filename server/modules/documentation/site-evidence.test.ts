import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_MSG, type Doc, type DocUploadResult } from '../../../src/contracts/documentation'
import { WORK_ITEM_MSG } from '../../../src/contracts/work-items'
import type { DomainEvent } from '../../events'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { docPrivacyJob, queueDocPrivacy } from './doc-privacy-job'
import { exifCaptureTime } from './exif'

/* Issue 23 "Site evidence", server side: when and where each photo was taken, what each item shows, the review loop. */

type Account = Awaited<ReturnType<TestApp['user']>>

let t: TestApp
let admin: Account
let supervisor: Account
let colleague: Account
let outsider: Account
let project: { id: number; slug: string }
const events: DomainEvent[] = []

beforeAll(async () => {
  t = await createTestApp({ whatsappDriver: 'simulated', whatsappLeaseMs: 60_000 })
  ;[admin, supervisor, colleague, outsider] = await Promise.all([
    t.user('admin', { phone: '081200000001' }),
    t.user('pengawasan', { phone: '081200000002' }),
    t.user('pengawasan'),
    t.user('pengawasan'),
  ])
  project = await newProject([supervisor.id, colleague.id])
  t.deps.events.subscribe((e) => {
    events.push(e)
  })
})
afterAll(() => t.close())

async function newProject(members: number[] = []) {
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: `Proyek ${randomUUID().slice(0, 6)}`, description: 'Bukti lapangan' },
  })
  expect(res.status, res.text).toBe(201)
  const p = res.json.data as { id: number; slug: string }
  if (members.length > 0) {
    const m = await t.request('PUT', `/api/project/${p.id}/members`, {
      token: admin.token,
      json: { user_ids: members },
    })
    expect(m.status).toBe(200)
  }
  return p
}

const GPS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '6/1 12/1 3000/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '106/1 49/1 0/1',
}

/** A photo as a phone writes it: capture time, orientation and (unless told not to) GPS in its EXIF. */
async function photo(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  opts: { gps?: boolean; takenAt?: string; color?: number } = {},
) {
  const exif: Record<string, Record<string, string>> = { IFD0: { Make: 'Uji' } }
  if (opts.takenAt) exif.IFD2 = { DateTimeOriginal: opts.takenAt, OffsetTimeOriginal: '+07:00' }
  if (opts.gps !== false) exif.IFD3 = GPS
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: opts.color ?? 120, g: 110, b: 90 } },
  })
    [format]()
    .withExif(exif)
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** The tags of IFD0 of an EXIF block (as sharp's metadata().exif gives it). */
function ifd0Tags(exif: Buffer | undefined): number[] {
  if (!exif) return []
  const base = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0
  const little = exif.toString('latin1', base, base + 2) === 'II'
  const u16 = (at: number) => (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at))
  const u32 = (at: number) => (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at))
  const ifd = base + u32(base + 4)
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12))
}
const GPS_IFD = 0x8825

/** What a reader of the bytes learns: whether a GPS directory is there, the capture time, the orientation. */
async function readBack(bytes: Buffer) {
  const meta = await sharp(bytes).metadata()
  return {
    gps: ifd0Tags(meta.exif).includes(GPS_IFD),
    takenAt: exifCaptureTime(meta.exif) ?? null,
    orientation: meta.orientation ?? null,
  }
}

type Part = { data: Buffer; name: string; type?: string }

function form(fields: Record<string, string>, files: Part[]) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  for (const p of files)
    f.append('files', new Blob([new Uint8Array(p.data)], { type: p.type ?? 'image/jpeg' }), p.name)
  return f
}

async function upload(
  who: Account,
  fields: Record<string, string>,
  files: Part[],
  opts: { slug?: string; key?: string } = {},
) {
  return t.request('POST', `/api/doc/${opts.slug ?? project.slug}/upload`, {
    token: who.token,
    body: form(fields, files),
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  })
}

async function revise(
  who: Account,
  uuid: string,
  fields: Record<string, string>,
  files: Part[],
  key?: string,
) {
  return t.request('POST', `/api/doc/${project.slug}/revise/${uuid}`, {
    token: who.token,
    body: form(fields, files),
    headers: key ? { 'idempotency-key': key } : {},
  })
}

async function list(who: Account, query = '', slug = project.slug) {
  const res = await t.request('GET', `/api/doc/${slug}/list${query}`, { token: who.token })
  expect(res.status, res.text).toBe(200)
  return res.json as { data: Doc[]; next_cursor: string | null }
}

async function listed(uuid: string): Promise<Doc> {
  const page = await list(admin, '?limit=60')
  const doc = page.data.find((d) => d.uuid === uuid)
  if (!doc) throw new Error(`${uuid} is not listed`)
  return doc
}

async function newItem(who: Account = supervisor, fields: Record<string, string> = {}) {
  const res = await upload(who, { description: 'Pemasangan bekisting lantai dua', ...fields }, [
    { data: await photo(), name: 'a.jpg' },
  ])
  expect(res.status, res.text).toBe(201)
  return (res.json.data as DocUploadResult).docs[0]
}

async function workItem(name: string, projectId = project.id) {
  const res = await t.request('POST', `/api/project/${projectId}/work-items`, {
    token: admin.token,
    json: { name },
  })
  expect(res.status, res.text).toBe(201)
  return res.json.data as { id: number; name: string }
}

async function historyOf(uuid: string) {
  const rows = await t.db
    .selectFrom('history')
    .selectAll()
    .where('object_kind', '=', 'doc')
    .where('object_id', '=', uuid)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor_id,
    detail: r.detail ? JSON.parse(r.detail) : null,
  }))
}

const publicBytes = async (url: string) => {
  const res = await t.app.request(url)
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

describe(`each photo: when and where (${TEST_DB})`, () => {
  it('an upload with GPS EXIF: the public bytes carry no GPS, keep the capture time and orientation; the place, times and sha256 are listed', async () => {
    const structure = await workItem(`Struktur ${randomUUID().slice(0, 4)}`)
    const original = await photo('jpeg', { takenAt: '2026:11:24 09:14:00' })
    expect((await readBack(original)).gps).toBe(true)
    const before = Date.now()
    const res = await upload(
      supervisor,
      {
        description: 'Pengecoran kolom K1 lantai dua',
        work_item_id: String(structure.id),
        location: 'Lantai 2 zona B',
        progress: '50',
        meta: JSON.stringify([
          { taken_at: '2026-11-24T01:00:00.000Z', lat: -6.2083, lng: 106.8167, accuracy_m: 12.5 },
          { taken_at: '2026-11-24T02:30:00.000Z' },
        ]),
      },
      [
        { data: original, name: 'kolom.jpg' },
        { data: await photo('jpeg', { gps: false, color: 30 }), name: 'tanpa-exif-waktu.jpg' },
      ],
    )
    expect(res.status, res.text).toBe(201)
    const doc = (res.json.data as DocUploadResult).docs[0]
    expect(doc).toMatchObject({
      work_item: { id: structure.id, name: structure.name },
      location: 'Lantai 2 zona B',
      progress: 50,
      review_note: null,
      version: 1,
    })
    const [withExif, withoutExif] = doc.images
    // EXIF DateTimeOriginal wins over the device's moment; without it the device's moment is kept.
    expect(withExif.taken_at).toBe('2026-11-24T02:14:00.000Z')
    expect(withoutExif.taken_at).toBe('2026-11-24T02:30:00.000Z')
    // The place is the photo's own EXIF GPS (6°12'30" S, 106°49' E), not the phone's sent in meta.
    expect(withExif).toMatchObject({
      lat: -6.2083333,
      lng: 106.8166667,
      accuracy_m: null,
      location_source: 'exif',
    })
    expect(withoutExif).toMatchObject({ lat: null, lng: null, accuracy_m: null, location_source: null })
    for (const i of doc.images) {
      expect(Date.parse(i.received_at as string)).toBeGreaterThanOrEqual(before - 1000)
      const bytes = await publicBytes(i.url)
      expect(i.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
      expect(i.size).toBe(bytes.length)
    }
    const stored = await readBack(await publicBytes(withExif.url))
    expect(stored).toEqual({ gps: false, takenAt: '2026-11-24T02:14:00.000Z', orientation: 6 })
    // The thumbnails carry no metadata at all.
    await t.runJobs()
    const after = await listed(doc.uuid)
    expect((await readBack(await publicBytes(after.images[0].thumb as string))).gps).toBe(false)
  })

  it('PNG and WebP photos lose their EXIF GPS too', async () => {
    for (const format of ['png', 'webp'] as const) {
      const bytes = await photo(format, { takenAt: '2026:11:20 08:00:00' })
      expect((await readBack(bytes)).gps).toBe(true)
      const res = await upload(supervisor, { description: `Foto ${format} dengan lokasi` }, [
        { data: bytes, name: `a.${format}`, type: `image/${format}` },
      ])
      expect(res.status, res.text).toBe(201)
      const image = (res.json.data as DocUploadResult).docs[0].images[0]
      const back = await readBack(await publicBytes(image.url))
      expect(back.gps, format).toBe(false)
      expect(back.takenAt, format).toBe('2026-11-20T01:00:00.000Z')
    }
  })

  it('the site fields and meta are checked: clear Indonesian 422s, nothing stored', async () => {
    const other = await newProject()
    const foreign = await workItem(`Asing ${randomUUID().slice(0, 4)}`, other.id)
    const one = [{ data: await photo(), name: 'a.jpg' }]
    const cases: [Record<string, string>, string][] = [
      [{ work_item_id: String(foreign.id) }, DOC_MSG.workItemInvalid],
      [{ work_item_id: '999999' }, DOC_MSG.workItemInvalid],
      [{ work_item_id: 'struktur' }, DOC_MSG.workItemInvalid],
      [{ location: 'x'.repeat(101) }, DOC_MSG.locationLong],
      [{ location: 'Lantai 2\nzona B' }, DOC_MSG.locationLine],
      [{ progress: '101' }, DOC_MSG.progressInvalid],
      [{ progress: '12.5' }, DOC_MSG.progressInvalid],
      [{ progress: '-1' }, DOC_MSG.progressInvalid],
      [{ meta: 'bukan json' }, DOC_MSG.metaInvalid],
      [{ meta: '{"lat":1}' }, DOC_MSG.metaInvalid],
      [{ meta: '[]' }, DOC_MSG.metaCount],
      [{ meta: '[{},{}]' }, DOC_MSG.metaCount],
      [{ meta: '[5]' }, DOC_MSG.metaInvalid],
      [{ meta: '[{"altitude":3}]' }, DOC_MSG.metaInvalid],
      [{ meta: '[{"lat":91,"lng":0}]' }, DOC_MSG.metaLat],
      [{ meta: '[{"lat":0,"lng":-181}]' }, DOC_MSG.metaLng],
      [{ meta: '[{"lat":"1","lng":2}]' }, DOC_MSG.metaLat],
      [{ meta: '[{"lat":1}]' }, DOC_MSG.metaLng],
      [{ meta: '[{"lat":1,"lng":2,"accuracy_m":-3}]' }, DOC_MSG.metaAccuracy],
      [{ meta: '[{"taken_at":"kemarin"}]' }, DOC_MSG.metaTakenAt],
      [{ meta: '[{"taken_at":"1999-01-01T00:00:00Z"}]' }, DOC_MSG.metaTakenAt],
    ]
    const count = async () => (await t.db.selectFrom('docs').select('id').execute()).length
    const docsBefore = await count()
    for (const [fields, message] of cases) {
      const res = await upload(supervisor, { description: 'Validasi kolom lapangan', ...fields }, one)
      expect(res.status, JSON.stringify(fields)).toBe(422)
      expect(res.json.message, JSON.stringify(fields)).toBe(message)
    }
    expect(await count()).toBe(docsBefore)
    // Empty optional fields are no fields.
    const empty = await upload(
      supervisor,
      { description: 'Kolom kosong tidak apa', work_item_id: '', location: ' ', progress: '' },
      one,
    )
    expect(empty.status, empty.text).toBe(201)
    expect((empty.json.data as DocUploadResult).docs[0]).toMatchObject({
      work_item: null,
      location: null,
      progress: null,
    })
  })

  it('photos stored with GPS before lose it, and get their sha256, through one queued walk', async () => {
    const doc = await newItem()
    // A photo as it was stored before issue 23: GPS in the public bytes, no hash.
    const key = `${randomUUID()}.jpg`
    const old = await photo('jpeg', { takenAt: '2025:01:02 03:04:05' })
    fs.writeFileSync(path.join(t.dataDir, 'storage', 'public', key), old)
    const row = await t.db
      .selectFrom('docs')
      .select('id')
      .where('uuid', '=', doc.uuid)
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('doc_images')
      .values({
        uuid: key.slice(0, -4),
        doc_id: row.id,
        name: 'lama.jpg',
        ext: 'jpg',
        blob_key: key,
        size_bytes: old.length,
        position: 1,
        thumb_state: 'failed',
        sha256: null,
      })
      .execute()
    expect((await readBack(await publicBytes(`/storage/${key}`))).gps).toBe(true)

    // Processes starting at once never leave two walks waiting or running. (This process's runner, started
    // by an earlier test, may take the job at once and hand its next batch to a new one in the same
    // commit, so the rows are counted by state: at most one unfinished, and at least one made.)
    await Promise.all([queueDocPrivacy(t.deps), queueDocPrivacy(t.deps)])
    await queueDocPrivacy(t.deps)
    const walks = () =>
      t.db.selectFrom('jobs').select('status').where('kind', '=', docPrivacyJob.kind).execute()
    const made = await walks()
    expect(made.length).toBeGreaterThanOrEqual(1)
    expect(made.filter((j) => j.status === 'queued' || j.status === 'running').length).toBeLessThanOrEqual(1)
    // The walk may hand its next batch to a new job (and a runner started by an earlier test may hold it
    // for a moment): run the queue until this photo's row is done.
    await expect
      .poll(
        async () => {
          await t.runJobs()
          const done = await t.db
            .selectFrom('doc_images')
            .select('sha256')
            .where('blob_key', '=', key)
            .executeTakeFirstOrThrow()
          return done.sha256 !== null
        },
        { timeout: 15_000 },
      )
      .toBe(true)

    const bytes = await publicBytes(`/storage/${key}`)
    expect(await readBack(bytes)).toEqual({ gps: false, takenAt: '2025-01-01T20:04:05.000Z', orientation: 6 })
    const after = await t.db
      .selectFrom('doc_images')
      .selectAll()
      .where('blob_key', '=', key)
      .executeTakeFirstOrThrow()
    expect(after.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(await t.db.selectFrom('doc_images').select('id').where('sha256', 'is', null).execute()).toEqual([])
    // Nothing left: starting again queues nothing.
    await queueDocPrivacy(t.deps)
    const again = await t.db.selectFrom('jobs').select('id').where('kind', '=', docPrivacyJob.kind).execute()
    expect(again).toHaveLength(1)
  })
})

describe(`the list's filters (${TEST_DB})`, () => {
  it('from/to (firm days), work item, uploader and status filter; paging keeps the filter; bad values are 422', async () => {
    const p = await newProject([supervisor.id, colleague.id])
    const mep = await workItem('MEP', p.id)
    const opts = { slug: p.slug }
    const docs: Doc[] = []
    for (let i = 0; i < 5; i++) {
      const res = await upload(
        i % 2 ? colleague : supervisor,
        { description: `Foto untuk filter ${i}`, ...(i < 3 ? { work_item_id: String(mep.id) } : {}) },
        [{ data: await photo(), name: 'f.jpg' }],
        opts,
      )
      expect(res.status, res.text).toBe(201)
      docs.push((res.json.data as DocUploadResult).docs[0])
    }
    // Created times across a Jakarta midnight: 2026-01-09 23:30 WIB is 16:30 UTC; 00:30 WIB the next day.
    const at = [
      '2026-01-09T16:30:00.000Z',
      '2026-01-09T17:30:00.000Z',
      '2026-01-10T10:00:00.000Z',
      '2026-02-01T03:00:00.000Z',
      '2026-02-01T04:00:00.000Z',
    ]
    // (Photos without a capture time: each item counts as taken when it was uploaded.)
    for (const [i, when] of at.entries())
      await t.db
        .updateTable('docs')
        .set({ created_at: when, taken_at: when })
        .where('uuid', '=', docs[i].uuid)
        .execute()
    await t.db.updateTable('docs').set({ status: 'approved' }).where('uuid', '=', docs[4].uuid).execute()

    const uuids = async (query: string) => (await list(admin, query, p.slug)).data.map((d) => d.uuid)
    expect(await uuids('?from=2026-01-09&to=2026-01-09')).toEqual([docs[0].uuid])
    expect(await uuids('?from=2026-01-10&to=2026-01-10')).toEqual([docs[2].uuid, docs[1].uuid])
    expect(await uuids('?to=2026-01-10')).toEqual([docs[2].uuid, docs[1].uuid, docs[0].uuid])
    expect(await uuids(`?work_item=${mep.id}`)).toEqual([docs[2].uuid, docs[1].uuid, docs[0].uuid])
    expect(await uuids(`?uploader=${colleague.id}`)).toEqual([docs[3].uuid, docs[1].uuid])
    expect(await uuids('?status=approved')).toEqual([docs[4].uuid])
    expect(await uuids(`?status=pending&uploader=${supervisor.id}&work_item=${mep.id}`)).toEqual([
      docs[2].uuid,
      docs[0].uuid,
    ])
    // Paging through a filter: each once, in order.
    const first = await list(admin, `?work_item=${mep.id}&limit=2`, p.slug)
    expect(first.data.map((d) => d.uuid)).toEqual([docs[2].uuid, docs[1].uuid])
    const second = await list(admin, `?work_item=${mep.id}&limit=2&cursor=${first.next_cursor}`, p.slug)
    expect(second.data.map((d) => d.uuid)).toEqual([docs[0].uuid])
    expect(second.next_cursor).toBeNull()

    for (const [query, message] of [
      ['?from=2026-13-01', DOC_MSG.badDate],
      ['?to=24-11-2026', DOC_MSG.badDate],
      ['?from=2026-02-30', DOC_MSG.badDate],
      ['?from=2026-11-25&to=2026-11-24', DOC_MSG.badRange],
      ['?work_item=abc', DOC_MSG.badFilter],
      ['?uploader=-1', DOC_MSG.badFilter],
      ['?status=deleted', DOC_MSG.badStatus],
    ]) {
      const res = await t.request('GET', `/api/doc/${p.slug}/list${query}`, { token: admin.token })
      expect(res.status, query).toBe(422)
      expect(res.json.message, query).toBe(message)
    }
  })
})

describe(`the review loop (${TEST_DB})`, () => {
  it("'Revisi' with a note: stored, on the card, in the uploader's notification and WhatsApp message, in the history", async () => {
    const doc = await newItem()
    const short = await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      json: { note: 'ok' },
    })
    expect(short.status).toBe(422)
    expect(short.json.message).toBe(DOC_MSG.noteShort)
    const long = await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      json: { note: 'x'.repeat(501) },
    })
    expect(long.status).toBe(422)
    expect(long.json.message).toBe(DOC_MSG.noteLong)
    const broken = await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      body: '{note',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)

    const note = 'Foto kurang jelas, ambil ulang dari sisi timur'
    const res = await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      json: { note: `  ${note} ` },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.data).toMatchObject({ status: 'rejected', review_note: note })
    expect((await listed(doc.uuid)).review_note).toBe(note)
    await new Promise((r) => setTimeout(r, 50))
    const row = await t.db
      .selectFrom('docs')
      .select('id')
      .where('uuid', '=', doc.uuid)
      .executeTakeFirstOrThrow()
    expect(events).toContainEqual({
      type: 'doc_revision',
      actorId: admin.id,
      projectId: project.id,
      docId: row.id,
      note,
    })
    const told = await t.db
      .selectFrom('notifications')
      .select(['message', 'id'])
      .where('user_id', '=', supervisor.id)
      .where('type', '=', 'file_revision')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    // The reason first (issue 30): the bell's two lines and WhatsApp's preview show it.
    expect(told.message.startsWith(`Catatan revisi: "${note}"`)).toBe(true)
    const wa = await t.db
      .selectFrom('whatsapp_outbox')
      .select('text')
      .where('notification_id', '=', told.id)
      .executeTakeFirstOrThrow()
    expect(wa.text).toContain(note)
    expect((await historyOf(doc.uuid)).map((h) => h.action)).toEqual(['upload', 'reject'])
    expect((await historyOf(doc.uuid))[1].detail).toEqual({ version: 1, note })

    // Approve takes no body; a rejection without a note still works (the app requires one).
    const other = await newItem()
    const bare = await t.request('PATCH', `/api/doc/${project.slug}/status/${other.uuid}/rejected`, {
      token: admin.token,
    })
    expect(bare.status, bare.text).toBe(200)
    expect(bare.json.data.review_note).toBeNull()
  })

  it("'Unggah Revisi': same uuid, version 2, pending again with the new photos only; the earlier ones stay stored; history", async () => {
    const doc = await newItem(supervisor, { location: 'Zona A', progress: '0' })
    const note = 'Tambahkan foto tulangan sebelum dicor'
    await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, {
      token: admin.token,
      json: { note },
    })
    // Someone else who works in the project may not answer it.
    const stranger = await revise(colleague, doc.uuid, {}, [{ data: await photo(), name: 'b.jpg' }])
    expect(stranger.status).toBe(403)
    expect(stranger.json.message).toBe(DOC_MSG.reviseForbidden)
    const hidden = await revise(outsider, doc.uuid, {}, [{ data: await photo(), name: 'b.jpg' }])
    expect(hidden.status).toBe(404)
    const none = await revise(supervisor, doc.uuid, { description: 'Revisi tanpa foto sama sekali' }, [])
    expect(none.status).toBe(422)
    const badMeta = await revise(supervisor, doc.uuid, { meta: '[{},{}]' }, [
      { data: await photo(), name: 'b.jpg' },
    ])
    expect(badMeta.status).toBe(422)

    const key = randomUUID()
    const fields = {
      description: 'Tulangan kolom K1 sebelum pengecoran',
      progress: '50',
      meta: JSON.stringify([{ lat: -6.2, lng: 106.8, accuracy_m: 5 }, {}]),
    }
    const files = [
      { data: await photo('jpeg', { color: 10 }), name: 'r1.jpg' },
      { data: await photo('jpeg', { color: 20, gps: false }), name: 'r2.jpg' },
    ]
    const res = await revise(supervisor, doc.uuid, fields, files, key)
    expect(res.status, res.text).toBe(201)
    expect(res.json.message).toBe(DOC_MSG.revised)
    const revised = (res.json.data as DocUploadResult).docs[0]
    expect(revised).toMatchObject({
      uuid: doc.uuid,
      version: 2,
      status: 'pending',
      description: fields.description,
      location: 'Zona A',
      progress: 50,
      // The reason judged version 1: the new version waits for its own review (issue 30).
      review_note: null,
    })
    expect(revised.images.map((i) => i.name)).toEqual(['r1.jpg', 'r2.jpg'])
    // A revision follows the upload's rule: the photo's own EXIF GPS wins over a place sent in meta.
    expect(revised.images[0]).toMatchObject({ lat: -6.2083333, lng: 106.8166667, location_source: 'exif' })
    expect((await readBack(await publicBytes(revised.images[0].url))).gps).toBe(false)
    // The same request again (the outbox's retry) changes nothing and answers the same.
    const repeat = await revise(supervisor, doc.uuid, fields, files, key)
    expect(repeat.status).toBe(201)
    expect((repeat.json.data as DocUploadResult).docs[0].version).toBe(2)

    const row = await t.db
      .selectFrom('docs')
      .selectAll()
      .where('uuid', '=', doc.uuid)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ version: 2, status: 'pending', reviewed_by: null, reviewed_at: null })
    const images = await t.db
      .selectFrom('doc_images')
      .select(['version', 'blob_key'])
      .where('doc_id', '=', row.id)
      .execute()
    expect(images.map((i) => i.version).sort()).toEqual([1, 2, 2])
    // Version 1's photo is still stored (the history shows it), though no longer listed.
    const v1 = images.find((i) => i.version === 1)
    expect((await t.app.request(`/storage/${v1?.blob_key}`)).status).toBe(200)
    expect((await listed(doc.uuid)).images.map((i) => i.name)).toEqual(['r1.jpg', 'r2.jpg'])

    const history = await historyOf(doc.uuid)
    expect(history.map((h) => h.action)).toEqual(['upload', 'reject', 'revise'])
    expect(history[2].detail).toMatchObject({ version: 2, photos: 2 })
    await new Promise((r) => setTimeout(r, 50))
    expect(events).toContainEqual({
      type: 'doc_revised',
      actorId: supervisor.id,
      projectId: project.id,
      docId: row.id,
      version: 2,
    })
    const told = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', admin.id)
      .where('title', '=', 'Revisi dokumentasi diunggah')
      .execute()
    expect(told.length).toBe(1)

    // An admin may answer too; then it can be approved.
    const byAdmin = await revise(admin, doc.uuid, {}, [{ data: await photo(), name: 'r3.jpg' }])
    expect(byAdmin.status, byAdmin.text).toBe(201)
    expect((byAdmin.json.data as DocUploadResult).docs[0]).toMatchObject({
      version: 3,
      description: fields.description,
    })
    const approve = await t.request('PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/approved`, {
      token: admin.token,
    })
    expect(approve.status).toBe(200)
    expect((await historyOf(doc.uuid)).map((h) => h.action)).toEqual([
      'upload',
      'reject',
      'revise',
      'revise',
      'approve',
    ])

    // An approval stands: a revision of an approved item is refused and stores nothing.
    const late = await revise(supervisor, doc.uuid, {}, [{ data: await photo(), name: 'r4.jpg' }])
    expect(late.status, late.text).toBe(409)
    expect(late.json.message).toBe(DOC_MSG.reviseApproved)
    const after = await t.db
      .selectFrom('docs')
      .select(['version', 'status'])
      .where('uuid', '=', doc.uuid)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({ version: 3, status: 'approved' })
  })

  it('a trashed item is 404 to revise, review, comment, like and list', async () => {
    const doc = await newItem()
    await t.db
      .updateTable('docs')
      .set({ deleted_at: new Date().toISOString(), deleted_by: admin.id })
      .where('uuid', '=', doc.uuid)
      .execute()
    const res = await revise(supervisor, doc.uuid, {}, [{ data: await photo(), name: 'b.jpg' }])
    expect(res.status).toBe(404)
    for (const [method, url, json] of [
      ['PATCH', `/api/doc/${project.slug}/status/${doc.uuid}/rejected`, { note: 'Tidak bisa lagi' }],
      ['POST', `/api/doc/${project.slug}/comment/${doc.uuid}/submit`, { comment: 'Halo' }],
      ['GET', `/api/doc/${project.slug}/comment/${doc.uuid}/list`, undefined],
      ['PATCH', `/api/doc/${project.slug}/like/${doc.uuid}/true`, undefined],
    ] as const) {
      const r = await t.request(method, url, { token: admin.token, json })
      expect(r.status, url).toBe(404)
    }
    const page = await list(admin, '?limit=60')
    expect(page.data.map((d) => d.uuid)).not.toContain(doc.uuid)
  })

  it('a comment is in the item history', async () => {
    const doc = await newItem()
    const res = await t.request('POST', `/api/doc/${project.slug}/comment/${doc.uuid}/submit`, {
      token: colleague.token,
      json: { comment: 'Sudah dicek di lapangan' },
    })
    expect(res.status).toBe(201)
    const history = await historyOf(doc.uuid)
    expect(history.map((h) => [h.action, h.actor])).toEqual([
      ['upload', supervisor.id],
      ['comment', colleague.id],
    ])
    const entry = await t.db
      .selectFrom('history')
      .selectAll()
      .where('object_id', '=', doc.uuid)
      .where('action', '=', 'upload')
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({
      project_id: project.id,
      object_kind: 'doc',
      object_name: 'Pemasangan bekisting lantai dua',
      actor_name: supervisor.name,
      actor_role: 'pengawasan',
    })
  })
})

describe(`work items (${TEST_DB})`, () => {
  it('admins add, rename and delete; members read; names are unique per project whatever their case', async () => {
    const p = await newProject([supervisor.id])
    const base = `/api/project/${p.id}/work-items`
    const add = (name: string, who = admin) => t.request('POST', base, { token: who.token, json: { name } })
    expect((await add('Struktur')).status).toBe(201)
    expect((await add('Arsitektur')).status).toBe(201)
    const dup = await add('  struktur ')
    expect(dup.status).toBe(409)
    expect(dup.json.message).toBe(WORK_ITEM_MSG.duplicate)
    expect((await add('')).json.message).toBe(WORK_ITEM_MSG.nameRequired)
    expect((await add('x'.repeat(101))).status).toBe(422)
    expect((await add('Baris\nbaru')).status).toBe(422)
    expect((await add('MEP', supervisor)).status).toBe(403)
    expect((await add('MEP', outsider)).status).toBe(404)
    // The same name in another project is another item.
    const other = await newProject()
    expect(
      (
        await t.request('POST', `/api/project/${other.id}/work-items`, {
          token: admin.token,
          json: { name: 'Struktur' },
        })
      ).status,
    ).toBe(201)

    const read = await t.request('GET', base, { token: supervisor.token })
    expect(read.status).toBe(200)
    expect(read.json.message).toBe(WORK_ITEM_MSG.listed)
    const items = read.json.data as { id: number; name: string }[]
    // In the order admins give them (issue 30), new ones last: as added until reordered.
    expect(items.map((i) => i.name)).toEqual(['Struktur', 'Arsitektur'])
    const [struktur, arsitektur] = items
    expect((await t.request('GET', base, { token: outsider.token })).status).toBe(404)

    const rename = await t.request('PUT', `${base}/${arsitektur.id}`, {
      token: admin.token,
      json: { name: 'Pekerjaan Arsitektur' },
    })
    expect(rename.status).toBe(200)
    expect(rename.json.data).toEqual({ id: arsitektur.id, name: 'Pekerjaan Arsitektur', code: null })
    const clash = await t.request('PUT', `${base}/${arsitektur.id}`, {
      token: admin.token,
      json: { name: 'STRUKTUR' },
    })
    expect(clash.status).toBe(409)
    // Only its own case changes: not a clash with itself.
    expect(
      (await t.request('PUT', `${base}/${struktur.id}`, { token: admin.token, json: { name: 'STRUKTUR' } }))
        .status,
    ).toBe(200)
    expect(
      (await t.request('PUT', `${base}/${struktur.id}`, { token: supervisor.token, json: { name: 'X Y' } }))
        .status,
    ).toBe(403)
    expect(
      (await t.request('PUT', `${base}/999999`, { token: admin.token, json: { name: 'X Y' } })).status,
    ).toBe(404)
    // Another project's item is not found through this one.
    const foreign = (await t.request('GET', `/api/project/${other.id}/work-items`, { token: admin.token }))
      .json.data[0]
    expect((await t.request('DELETE', `${base}/${foreign.id}`, { token: admin.token })).status).toBe(404)

    // Deleting it leaves its documentation without a work item.
    const up = await upload(
      supervisor,
      { description: 'Foto item yang akan dihapus', work_item_id: String(struktur.id) },
      [{ data: await photo(), name: 'a.jpg' }],
      { slug: p.slug },
    )
    expect(up.status, up.text).toBe(201)
    const uuid = (up.json.data as DocUploadResult).docs[0].uuid
    expect((await t.request('DELETE', `${base}/${struktur.id}`, { token: supervisor.token })).status).toBe(
      403,
    )
    const del = await t.request('DELETE', `${base}/${struktur.id}`, { token: admin.token })
    expect(del.status).toBe(200)
    expect(del.json.message).toBe(WORK_ITEM_MSG.deleted)
    const after = (await list(admin, '', p.slug)).data.find((d) => d.uuid === uuid)
    expect(after?.work_item).toBeNull()
    expect((await t.request('DELETE', `${base}/${struktur.id}`, { token: admin.token })).status).toBe(404)

    const history = await t.db
      .selectFrom('history')
      .select(['action', 'object_id', 'object_name', 'detail'])
      .where('project_id', '=', p.id)
      .where('object_kind', '=', 'work_item')
      .orderBy('id')
      .execute()
    expect(history.map((h) => [h.action, h.object_name])).toEqual([
      ['create', 'Struktur'],
      ['create', 'Arsitektur'],
      ['rename', 'Pekerjaan Arsitektur'],
      ['rename', 'STRUKTUR'],
      ['delete', 'STRUKTUR'],
    ])
    expect(history[0].object_id).toBe(String(struktur.id))
    expect(JSON.parse(history[2].detail as string)).toEqual({
      before: { name: 'Arsitektur' },
      after: { name: 'Pekerjaan Arsitektur' },
    })
  })

  it('two admins adding the same name at once: one item, one 409', async () => {
    const p = await newProject()
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        t.request('POST', `/api/project/${p.id}/work-items`, {
          token: admin.token,
          json: { name: 'Persiapan' },
        }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
  })
})
