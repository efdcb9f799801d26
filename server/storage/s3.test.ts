import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cast, filesUnder, folder, pdfBytes, projectWithMembers, upload } from '../test/area-fixtures'
import { createTestApp, samplePng, type TestApp } from '../test/harness'
import { docx, xls } from '../test/office-fixtures'
import { sweepUploads } from '../uploads/sweep'
import { type BlobStore, newBlobKey, RangeNotSatisfiable } from './blob-store'
import { createS3Store, parseS3Url, s3Client } from './s3'
import { startTestS3 } from './s3-test-server'

/**
 * The S3 driver against a real S3-compatible server (s3rver started here on port 4340, or the store in
 * S3_TEST_URL: see README "Scaling"), first as a BlobStore, then as the store of a whole app.
 */
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const read = async (s: Readable) => {
  const chunks: Buffer[] = []
  for await (const c of s) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

let s3: Awaited<ReturnType<typeof startTestS3>>
let store: BlobStore

beforeAll(async () => {
  s3 = await startTestS3(4340)
  store = createS3Store(parseS3Url(s3.url))
})
afterAll(async () => {
  await s3?.stop()
})

describe('STORAGE_URL', () => {
  it('reads bucket, prefix, endpoint, region and path style; refuses anything else', () => {
    expect(
      parseS3Url(
        's3://berkas/firma-a/blobs?endpoint=http://minio:9000&region=ap-southeast-3&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'berkas',
      prefix: 'firma-a/blobs/',
      endpoint: 'http://minio:9000',
      region: 'ap-southeast-3',
      forcePathStyle: true,
    })
    expect(parseS3Url('s3://berkas?region=eu-west-1')).toMatchObject({
      bucket: 'berkas',
      prefix: '',
      forcePathStyle: false,
    })
    expect(() => parseS3Url('https://berkas/x')).toThrow(/s3:\/\/bucket/)
    expect(() => parseS3Url('bukan url')).toThrow(/STORAGE_URL tidak valid/)
  })
})

describe('S3 blob store', () => {
  it('puts a stream and gets it back whole, with size and time; head and list agree', async () => {
    const data = randomBytes(300 * 1024)
    const key = newBlobKey('pdf')
    await store.put(key, 'private', Readable.from([data.subarray(0, 1000), data.subarray(1000)]))
    const got = await store.get(key, 'private')
    expect(got).toMatchObject({ size: data.length, total: data.length, start: 0, end: data.length - 1 })
    expect(got?.lastModified).toBeInstanceOf(Date)
    expect(sha(await read(got?.stream as Readable))).toBe(sha(data))
    expect(await store.head(key, 'private')).toMatchObject({ size: data.length })
    // Visibility is part of where a blob lives: the public side does not have it.
    expect(await store.head(key, 'public')).toBeUndefined()
    const listed: string[] = []
    for await (const b of store.list('private')) listed.push(b.key)
    expect(listed).toContain(key)
    const publicListed: string[] = []
    for await (const b of store.list('public')) publicListed.push(b.key)
    expect(publicListed).not.toContain(key)
  })

  it('serves ranges (a-b, a-, -n) from the store and refuses ranges with no byte', async () => {
    const data = randomBytes(64 * 1024)
    const key = newBlobKey('bin')
    await store.put(key, 'private', Readable.from([data]))
    const mid = await store.get(key, 'private', { start: 1000, end: 1999 })
    expect(mid).toMatchObject({ start: 1000, end: 1999, size: 1000, total: data.length })
    expect((await read(mid?.stream as Readable)).equals(data.subarray(1000, 2000))).toBe(true)
    const from = await store.get(key, 'private', { start: 60_000 })
    expect((await read(from?.stream as Readable)).equals(data.subarray(60_000))).toBe(true)
    const past = await store.get(key, 'private', { start: 60_000, end: 10_000_000 })
    expect(past).toMatchObject({ end: data.length - 1, total: data.length })
    await read(past?.stream as Readable)
    const tail = await store.get(key, 'private', { suffix: 100 })
    expect(tail).toMatchObject({ start: data.length - 100, end: data.length - 1 })
    expect((await read(tail?.stream as Readable)).equals(data.subarray(data.length - 100))).toBe(true)
    await expect(store.get(key, 'private', { start: data.length })).rejects.toBeInstanceOf(
      RangeNotSatisfiable,
    )
    await expect(store.get(key, 'private', { suffix: 0 })).rejects.toMatchObject({ total: data.length })
  })

  it('absent blobs: get and head answer undefined, delete is no error; a deleted blob is gone', async () => {
    const key = newBlobKey('png')
    expect(await store.get(key, 'public')).toBeUndefined()
    expect(await store.get(key, 'public', { start: 5 })).toBeUndefined()
    expect(await store.head(key, 'public')).toBeUndefined()
    await store.delete(key, 'public')
    await store.put(key, 'public', Readable.from([Buffer.from('x')]))
    expect(await store.head(key, 'public')).toMatchObject({ size: 1 })
    await store.delete(key, 'public')
    expect(await store.head(key, 'public')).toBeUndefined()
  })

  it('a put whose stream fails leaves nothing under the key (multi-part upload aborted too)', async () => {
    const key = newBlobKey('bin')
    async function* failing() {
      yield randomBytes(9 * 1024 * 1024) // more than one part, so a multipart upload was under way
      throw new Error('sambungan putus')
    }
    await expect(store.put(key, 'private', Readable.from(failing()))).rejects.toThrow()
    expect(await store.head(key, 'private')).toBeUndefined()
    // s3rver cannot list open multipart uploads; the call must still succeed (it reports what it did).
    expect(await store.removeIncomplete(new Date())).toBeGreaterThanOrEqual(0)
  })

  it('a staged write: readable by ranges, moved under its key by put, or swept when a dead process left it', async () => {
    const data = randomBytes(6 * 1024 * 1024)
    const staged = store.stage?.()
    if (!staged) throw new Error('the S3 store stages writes')
    staged.sink.end(data)
    await staged.done
    expect(staged.size).toBe(data.length)
    expect((await staged.read(data.length - 10, 100)).equals(data.subarray(data.length - 10))).toBe(true)
    expect((await staged.read(data.length, 10)).length).toBe(0)
    const key = newBlobKey('bin')
    await store.put(key, 'private', { staged })
    const got = await store.get(key, 'private')
    expect(sha(await read(got?.stream as Readable))).toBe(sha(data))

    const left = store.stage?.()
    left?.sink.end(Buffer.from('ditinggal proses yang mati'))
    await left?.done
    expect(await store.removeIncomplete(new Date(Date.now() - 60_000))).toBe(0)
    expect(await store.removeIncomplete(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1)
    // Nothing stays under staging/: the put moved its object, the sweep took the other.
    const listed: string[] = []
    for await (const b of store.list('private')) listed.push(b.key)
    expect(listed).toContain(key)
    expect(await stagingObjects()).toEqual([])
  })

  it('refuses a key that is not {uuid}.{ext}, so nothing can be written outside its prefix', async () => {
    await expect(store.put('../lain.txt', 'public', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /invalid blob key/,
    )
    await expect(store.get('a/b.png', 'public')).rejects.toThrow(/invalid blob key/)
  })
})

describe('an app whose STORAGE_URL is the object store', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ storageUrl: s3.url })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('uploads a file into the bucket (no blob on local disk), downloads it whole and by range, deletes it', async () => {
    const c = await cast(t)
    const p = await projectWithMembers(t, c)
    const data = Buffer.concat([pdfBytes('s3'), randomBytes(2 * 1024 * 1024)])
    const res = await upload(t, c.admin.token, p.slug, 'perencanaan', [{ name: 'gambar kerja.pdf', data }])
    expect(res.status, res.text).toBe(201)
    const uuid = res.json.results[0].uuid as string
    const row = await t.db
      .selectFrom('files')
      .select('blob_key')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow()
    expect(await store.head(row.blob_key, 'private')).toMatchObject({ size: data.length })
    // Nothing stays behind on this machine: no blob and no staged copy.
    expect(filesUnder(t.dataDir).filter((f) => !f.endsWith('.sqlite') && !f.includes('.sqlite-'))).toEqual([])

    const url = `/api/file/${p.slug}/download/perencanaan/${uuid}`
    const whole = await t.app.request(url, { headers: { authorization: `Bearer ${c.admin.token}` } })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe(String(data.length))
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(data))
    const part = await t.app.request(url, {
      headers: { authorization: `Bearer ${c.admin.token}`, range: 'bytes=1000000-1000999' },
    })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000000-1000999/${data.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1_000_000, 1_001_000))).toBe(true)
    const beyond = await t.app.request(url, {
      headers: { authorization: `Bearer ${c.admin.token}`, range: `bytes=${data.length}-` },
    })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${data.length}`)

    // A delete moves the file to the trash with its bytes; deleting it for good there removes the object.
    const trashed = await t.request('DELETE', `/api/file/${p.slug}/remove/${uuid}`, { token: c.admin.token })
    expect(trashed.status).toBe(200)
    expect(await store.head(row.blob_key, 'private')).toBeDefined()
    const gone = await t.request('DELETE', `/api/project/${p.id}/trash/file/${uuid}`, {
      token: c.admin.token,
    })
    expect(gone.status).toBe(200)
    expect(await store.head(row.blob_key, 'private')).toBeUndefined()
  })

  it('streams uploads straight into the bucket: no staged file on local disk, Office kinds told by ranged reads, no staging object left', async () => {
    const c = await cast(t)
    const p = await projectWithMembers(t, c, 'Langsung ke Bucket')
    const staging = path.join(t.dataDir, 'upload-staging')
    // Watch the staging folder while the bytes stream in: nothing may appear there.
    const seen = new Set<string>()
    fs.mkdirSync(staging, { recursive: true })
    const watcher = fs.watch(staging, (_event, name) => {
      if (name) seen.add(String(name))
    })
    let res: Awaited<ReturnType<typeof upload>>
    try {
      res = await upload(t, c.admin.token, p.slug, 'perencanaan', [
        { name: 'laporan.docx', data: await docx('isi laporan') },
        { name: 'lembar.xls', data: xls() },
        { name: 'besar.bin', data: randomBytes(12 * 1024 * 1024) },
      ])
    } finally {
      watcher.close()
    }
    expect(res.status, res.text).toBe(201)
    expect([...seen]).toEqual([])
    const rows = await t.db
      .selectFrom('files')
      .select(['name', 'mime'])
      .where('project_id', '=', p.id)
      .orderBy('name')
      .execute()
    expect(rows).toEqual([
      { name: 'besar.bin', mime: 'application/octet-stream' },
      {
        name: 'laporan.docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { name: 'lembar.xls', mime: 'application/vnd.ms-excel' },
    ])
    // Every staged object was moved under its key or dropped.
    expect(await stagingObjects()).toEqual([])
  })

  it('recap uploads stream into the bucket too: no staged file on local disk, the docx told by ranged reads', async () => {
    const c = await cast(t)
    const p = await projectWithMembers(t, c, 'Rekap di Bucket')
    const staging = path.join(t.dataDir, 'upload-staging')
    const seen = new Set<string>()
    fs.mkdirSync(staging, { recursive: true })
    const watcher = fs.watch(staging, (_event, name) => {
      if (name) seen.add(String(name))
    })
    const data = await docx('rekap bulanan')
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(data)]), 'rekap bulanan.docx')
    let res: Awaited<ReturnType<TestApp['request']>>
    try {
      res = await t.request('POST', `/api/rekap/${p.slug}/upload`, { token: c.admin.token, body: form })
    } finally {
      watcher.close()
    }
    expect(res.status, res.text).toBe(201)
    expect([...seen]).toEqual([])
    const back = await t.app.request(`/api/rekap/${p.slug}/download/${res.json.data.id}`, {
      headers: { authorization: `Bearer ${c.planner.token}` },
    })
    expect(back.status).toBe(200)
    expect(sha(Buffer.from(await back.arrayBuffer()))).toBe(sha(data))
    expect(await stagingObjects()).toEqual([])
  })

  it('a cut connection mid-upload leaves no row, no blob and no staging object in the bucket', async () => {
    const c = await cast(t)
    const p = await projectWithMembers(t, c, 'Putus di Tengah')
    const before = new Set<string>()
    for await (const o of store.list('private')) before.add(o.key)
    const boundary = 'batasputus'
    const controller = new AbortController()
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="putus.bin"\r\n\r\n`,
          ),
        )
      },
      pull(ctrl) {
        sent += 1
        // 10 MB (more than one multipart part) arrives, then the connection drops.
        if (sent > 10) return ctrl.error(new Error('sinyal hilang'))
        ctrl.enqueue(randomBytes(1024 * 1024))
      },
    })
    const res = await Promise.resolve(
      t.app.request(`/api/file/${p.slug}/upload/perencanaan`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${c.admin.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
        signal: controller.signal,
        duplex: 'half',
      } as RequestInit),
    ).catch(() => undefined)
    if (res) expect(res.status).toBeGreaterThanOrEqual(400)
    // The pipeline drops its staged write before it answers; give the abort a moment to reach the store.
    for (let i = 0; i < 100 && (await stagingObjects()).length > 0; i++)
      await new Promise((r) => setTimeout(r, 50))
    expect(await stagingObjects()).toEqual([])
    expect(await t.db.selectFrom('files').select('id').where('project_id', '=', p.id).execute()).toEqual([])
    const after: string[] = []
    for await (const o of store.list('private')) if (!before.has(o.key)) after.push(o.key)
    expect(after).toEqual([])
  })

  it('serves public images (avatars) at /storage with the same cache headers, ranges and HEAD', async () => {
    const u = await t.user('pengawasan')
    const form = new FormData()
    form.append(
      'avatar',
      new Blob([new Uint8Array(await samplePng(64, 64))], { type: 'image/png' }),
      'saya.png',
    )
    const res = await t.request('PATCH', '/api/user/update-avatar', { token: u.token, body: form })
    expect(res.status, res.text).toBe(200)
    const avatar = res.json.data.avatar as string
    expect(avatar).toMatch(/^\/storage\//)
    const got = await t.app.request(avatar)
    expect(got.status).toBe(200)
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(got.headers.get('content-type')).toBe('image/webp')
    const body = Buffer.from(await got.arrayBuffer())
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP')
    const head = await t.app.request(avatar, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe(String(body.length))
    const part = await t.app.request(avatar, { headers: { range: 'bytes=0-3' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('RIFF')
  })

  it('exports a project stored in the bucket as a zip, reading one object at a time', async () => {
    const c = await cast(t)
    const p = await projectWithMembers(t, c, 'Arsip di Bucket')
    const inner = await folder(t, c.admin.token, p.slug, 'pengawasan', 'Laporan Mingguan')
    const expected = new Map<string, Buffer>()
    for (const [area, name, data, into] of [
      ['perencanaan', 'denah.dwg', randomBytes(9 * 1024 * 1024), undefined],
      ['pengawasan', 'minggu-1.pdf', pdfBytes('minggu satu'), inner],
      ['pengawasan', 'foto.bin', randomBytes(300_000), undefined],
    ] as const) {
      const res = await upload(t, c.admin.token, p.slug, area, [{ name, data }], { folder: into })
      expect(res.status, res.text).toBe(201)
      const label = area === 'perencanaan' ? 'Perencanaan' : 'Pengawasan'
      expected.set(`${label}/${into ? 'Laporan Mingguan/' : ''}${name}`, data)
    }
    // Count the objects open at once while the archive streams.
    const get = t.deps.store.get
    let open = 0
    let most = 0
    t.deps.store.get = async (...args) => {
      const read = await get(...args)
      if (read) {
        open += 1
        most = Math.max(most, open)
        read.stream.once('close', () => {
          open -= 1
        })
      }
      return read
    }
    let body: Buffer
    try {
      const res = await t.app.request(`/api/project/download/${p.id}`, {
        headers: { authorization: `Bearer ${c.admin.token}` },
      })
      expect(res.status).toBe(200)
      body = Buffer.from(await res.arrayBuffer())
      expect(Number(res.headers.get('content-length'))).toBe(body.length)
    } finally {
      t.deps.store.get = get
    }
    expect(most).toBe(1)
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-s3-zip-'))
    try {
      const zip = path.join(work, 'proyek.zip')
      fs.writeFileSync(zip, body)
      expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected')
      execFileSync('unzip', ['-q', zip, '-d', path.join(work, 'out')])
      for (const [name, data] of expected)
        expect(fs.readFileSync(path.join(work, 'out', name)).equals(data), name).toBe(true)
    } finally {
      fs.rmSync(work, { recursive: true, force: true })
    }
  })

  it('the orphan sweep lists the bucket and removes old blobs no row names, keeping named and young ones', async () => {
    const c = await cast(t)
    const p = await projectWithMembers(t, c, 'Sapuan')
    const res = await upload(t, c.admin.token, p.slug, 'perencanaan', [
      { name: 'tetap.pdf', data: pdfBytes('tetap') },
    ])
    expect(res.status, res.text).toBe(201)
    const kept = (
      await t.db
        .selectFrom('files')
        .select('blob_key')
        .where('uuid', '=', res.json.results[0].uuid)
        .executeTakeFirstOrThrow()
    ).blob_key
    const orphan = newBlobKey('pdf')
    await store.put(orphan, 'private', Readable.from([pdfBytes('yatim')]))
    const young = await sweepUploads(t.deps)
    expect(young.orphans).toBe(0)
    expect(await store.head(orphan, 'private')).toBeDefined()
    // As if two hours had passed: the orphan is old now, the named blob stays whatever its age.
    const later = await sweepUploads(t.deps, { now: new Date(Date.now() + 2 * 60 * 60 * 1000) })
    expect(later.orphans).toBeGreaterThanOrEqual(1)
    expect(await store.head(orphan, 'private')).toBeUndefined()
    expect(await store.head(kept, 'private')).toBeDefined()
  })
})

/** Objects under the store's staging/ prefix (uploads in flight, or left behind). */
async function stagingObjects(): Promise<string[]> {
  const loc = parseS3Url(s3.url)
  const client = s3Client(loc)
  try {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: loc.bucket, Prefix: `${loc.prefix}staging/` }),
    )
    return (page.Contents ?? []).map((o) => o.Key as string)
  } finally {
    client.destroy()
  }
}
