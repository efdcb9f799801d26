import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MSG } from '../../src/contracts/uploads'
import { AVATAR_TYPE_MESSAGE } from '../../src/contracts/users'
import { scratchDir as stagingDir } from '../base/scratch'
import { AppError } from '../http'
import { beginTx, type Tx } from '../idempotency'
import { newBlobKey } from '../storage/blob-store'
import { createTestApp, formWith, listen, samplePng, type TestApp } from '../test/harness'
import { closeUnreadBody } from './close-unread-body'
import { commitUpload, pendingBlob } from './commit'
import { type UploadOptions, withUpload } from './receive'
import { DOCUMENT_KINDS, IMAGE_KINDS } from './sniff'
import { sweepUploads } from './sweep'

let t: TestApp
let server: Awaited<ReturnType<typeof listen>>
let token: string
let userId: number

beforeAll(async () => {
  t = await createTestApp()
  server = await listen(t.app)
  const u = await t.user('pengawasan')
  token = u.token
  userId = u.id
})
afterAll(async () => {
  await server.close()
  await t.close()
})

const staging = () => stagingDir(t.dataDir)
const stagedFiles = () => (fs.existsSync(staging()) ? fs.readdirSync(staging()) : [])
const publicBlobs = () => fs.readdirSync(path.join(t.dataDir, 'storage', 'public'))

type Answer = {
  status: number
  headers: http.IncomingHttpHeaders
  json: { success: boolean; message: string }
}

/** One request over the shared keep-alive agent, on a real socket. */
function send(
  method: string,
  url: string,
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: url,
        agent: server.agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            json: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          }),
        )
      },
    )
    // A server closing after its answer may reset a body still being written; the answer is what counts.
    req.on('error', (err) => (req.writableFinished ? undefined : reject(err)))
    req.end(body)
  })
}

async function multipart(form: FormData) {
  const r = new Request('http://berkas.test/', { method: 'POST', body: form })
  return { body: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type') as string }
}

const auth = () => ({ authorization: `Bearer ${token}` })

describe('answers sent before the body was read close the connection', () => {
  it('a 400 KB JSON body to the avatar route: 415, and the next request on that agent works', async () => {
    const json = Buffer.from(JSON.stringify({ avatar: 'x'.repeat(400 * 1024) }))
    for (let i = 0; i < 3; i++) {
      const res = await send('PATCH', '/api/user/update-avatar', json, {
        ...auth(),
        'content-type': 'application/json',
      })
      expect(res.status).toBe(415)
      expect(res.headers.connection).toBe('close')
      const me = await send('GET', '/api/user/me', undefined, auth())
      expect(me.status).toBe(200)
    }
  })
  it('an oversized upload gets its 413, and the next request on that agent works', async () => {
    const png = await samplePng()
    const big = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024, 7)])
    const { body, type } = await multipart(
      formWith({ avatar: { data: big, name: 'besar.png', type: 'image/png' } }),
    )
    const res = await send('PATCH', '/api/user/update-avatar', body, { ...auth(), 'content-type': type })
    expect(res.status).toBe(413)
    expect(res.json.message).toMatch(/^Ukuran file besar\.png melebihi batas 5 MB$/)
    expect(res.headers.connection).toBe('close')
    expect((await send('GET', '/api/user/me', undefined, auth())).status).toBe(200)
    await waitFor(() => stagedFiles().length === 0)
  })
  it('a client still sending when the 413 comes reads it (the socket lingers instead of resetting)', async () => {
    // Without the lingering close about half of these clients got EPIPE instead of the answer.
    const png = await samplePng()
    const { body, type } = await multipart(
      formWith({
        avatar: {
          data: Buffer.concat([png, Buffer.alloc(24 * 1024 * 1024, 7)]),
          name: 'a.png',
          type: 'image/png',
        },
      }),
    )
    for (let i = 0; i < 4; i++) {
      const outcome = await new Promise<string>((resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'PATCH',
            path: '/api/user/update-avatar',
            agent: false,
            headers: { ...auth(), 'content-type': type, 'content-length': String(body.length) },
          },
          (res) => {
            res.resume()
            res.on('end', () => resolve(`status ${res.statusCode}`))
          },
        )
        req.on('error', (err) => resolve(`error ${err.message}`))
        // Paced like a real client: 256 KB at a time.
        let offset = 0
        const pump = () => {
          if (req.destroyed) return
          if (offset >= body.length) return void req.end()
          const chunk = body.subarray(offset, offset + 256 * 1024)
          offset += chunk.length
          req.write(chunk, () => setTimeout(pump, 1))
        }
        pump()
      })
      expect(outcome).toBe('status 413')
    }
  })
  it('a JSON body over the API limit gets its 413, and the next request works', async () => {
    const json = Buffer.from(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), phone: '081234567890' }))
    const res = await send('PUT', '/api/user/update', json, { ...auth(), 'content-type': 'application/json' })
    expect(res.status).toBe(413)
    expect(res.headers.connection).toBe('close')
    expect((await send('GET', '/api/user/me', undefined, auth())).status).toBe(200)
  })
  it('a 401 before an upload is read, and the next request works', async () => {
    const { body, type } = await multipart(
      formWith({ avatar: { data: Buffer.alloc(2 * 1024 * 1024, 1), name: 'a.png', type: 'image/png' } }),
    )
    const res = await send('PATCH', '/api/user/update-avatar', body, { 'content-type': type })
    expect(res.status).toBe(401)
    expect(res.headers.connection).toBe('close')
    expect((await send('GET', '/api/user/me', undefined, auth())).status).toBe(200)
  })
  it('keeps the connection when the body was read (a 422 on a read JSON body, a successful upload)', async () => {
    const res = await send('PUT', '/api/user/update', Buffer.from(JSON.stringify({ name: '', phone: '' })), {
      ...auth(),
      'content-type': 'application/json',
    })
    expect(res.status).toBe(422)
    expect(res.headers.connection).toBe('keep-alive')
    const { body, type } = await multipart(
      formWith({ avatar: { data: await samplePng(), name: 'a.png', type: 'image/png' } }),
    )
    const ok = await send('PATCH', '/api/user/update-avatar', body, { ...auth(), 'content-type': type })
    expect(ok.status).toBe(200)
    expect(ok.headers.connection).toBe('keep-alive')
  })
})

describe('magic bytes decide the kind', () => {
  it('refuses a .png name with non-image bytes (and a real PDF named .png) with 415', async () => {
    for (const data of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('%PDF-1.7\n%...'),
    ]) {
      const res = await t.request('PATCH', '/api/user/update-avatar', {
        token,
        body: formWith({ avatar: { data, name: 'foto.png', type: 'image/png' } }),
      })
      expect(res.status).toBe(415)
      expect(res.json).toMatchObject({ success: false, message: AVATAR_TYPE_MESSAGE })
    }
    expect(stagedFiles()).toEqual([])
  })
  it('accepts image bytes whatever the name and type claimed', async () => {
    const res = await t.request('PATCH', '/api/user/update-avatar', {
      token,
      body: formWith({ avatar: { data: await samplePng(), name: 'dokumen.pdf', type: 'application/pdf' } }),
    })
    expect(res.status).toBe(200)
    expect(res.json.data.avatar).toMatch(/^\/storage\/[0-9a-f-]{36}\.webp$/)
  })
})

/** The pipeline on its own, behind a bare route, as the area uploads will use it. */
function pipelineApp(options: UploadOptions) {
  const app = new Hono()
  app.use('*', closeUnreadBody())
  app.onError((err, c) =>
    err instanceof AppError
      ? c.json({ success: false, message: err.message, errors: err.errors }, err.status)
      : c.json({ success: false, message: String(err) }, 500),
  )
  app.post('/up', (c) =>
    withUpload(c, { dataDir: t.dataDir, maxUploadBytes: 64 * 1024 }, options, async (u) =>
      c.json({
        fields: u.fields,
        files: u.files.map(({ path: p, ...f }) => ({ ...f, staged: fs.existsSync(p) })),
        rejected: u.rejected,
      }),
    ),
  )
  return app
}

describe('withUpload', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
  it('streams files to staging with size, sha256 and kind; fields come along; nothing stays staged', async () => {
    const app = pipelineApp({ fileFields: ['files'], maxFiles: 5, accept: DOCUMENT_KINDS })
    const form = formWith({ folder_slug: 'gambar-kerja' })
    form.append('files', new Blob([new Uint8Array(pdf)]), 'laporan akhir.PDF')
    form.append('files', new Blob([new Uint8Array(pdf)]), 'salinan.pdf')
    const res = await app.request('/up', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const body = await res.json()
    const sha256 = createHash('sha256').update(pdf).digest('hex')
    expect(body.fields).toEqual({ folder_slug: ['gambar-kerja'] })
    expect(body.files).toEqual([
      {
        field: 'files',
        name: 'laporan akhir.PDF',
        kind: 'pdf',
        ext: 'pdf',
        mime: 'application/pdf',
        size: pdf.length,
        sha256,
        staged: true,
      },
      expect.objectContaining({ name: 'salinan.pdf', sha256 }),
    ])
    expect(stagedFiles()).toEqual([])
  })
  it("with failure 'file', a too large or wrong file is listed and the others go on", async () => {
    const app = pipelineApp({ fileFields: ['files'], maxFiles: 10, accept: DOCUMENT_KINDS, failure: 'file' })
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(pdf)]), 'a.pdf')
    form.append(
      'files',
      new Blob([new Uint8Array(Buffer.concat([pdf, Buffer.alloc(100 * 1024)]))]),
      'besar.pdf',
    )
    form.append('files', new Blob([new Uint8Array(await samplePng())]), 'foto.pdf')
    form.append('files', new Blob([]), 'kosong.pdf')
    form.append('files', new Blob([]), '')
    form.append('files', new Blob([new Uint8Array(pdf)]), 'b.pdf')
    const res = await app.request('/up', { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(['a.pdf', 'b.pdf'])
    expect(body.rejected).toEqual([
      {
        field: 'files',
        name: 'besar.pdf',
        status: 413,
        message: 'Ukuran file besar.pdf melebihi batas 0.1 MB',
      },
      { field: 'files', name: 'foto.pdf', status: 415, message: 'Jenis file tidak didukung' },
      { field: 'files', name: 'kosong.pdf', status: 422, message: 'File kosong.pdf kosong' },
    ])
    expect(stagedFiles()).toEqual([])
  })
  it('refuses control characters in field values and file names (a NUL would be a PostgreSQL error)', async () => {
    const app = pipelineApp({ fileFields: ['files'], maxFiles: 5, accept: DOCUMENT_KINDS, failure: 'file' })
    const nul = formWith({ description: 'Pondasi\u0000 timur' })
    const refused = await app.request('/up', { method: 'POST', body: nul })
    expect(refused.status).toBe(422)
    expect((await refused.json()).message).toBe('Teks berisi karakter yang tidak diperbolehkan')
    // Line breaks are text, not control: a description may have them.
    const multiline = await app.request('/up', {
      method: 'POST',
      body: formWith({ description: 'Baris satu\nBaris dua' }),
    })
    expect(multiline.status).toBe(200)
    const names = new FormData()
    names.append('files', new Blob([new Uint8Array(pdf)]), 'baik.pdf')
    names.append('files', new Blob([new Uint8Array(pdf)]), `${'a'.repeat(300)}.pdf`)
    const res = await app.request('/up', { method: 'POST', body: names })
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(['baik.pdf'])
    expect(body.rejected).toEqual([expect.objectContaining({ status: 422, message: UPLOAD_MSG.badName })])
    // A control character in the part header itself is a malformed body, refused before anything is kept.
    const bell = new FormData()
    bell.append('files', new Blob([new Uint8Array(pdf)]), 'jahat\u0007.pdf')
    expect([400, 422]).toContain((await app.request('/up', { method: 'POST', body: bell })).status)
    expect(stagedFiles()).toEqual([])
  })
  it('refuses the whole request by default, and non-multipart bodies and too many files', async () => {
    const app = pipelineApp({ fileFields: ['file'], maxFiles: 1, accept: IMAGE_KINDS })
    const wrong = await app.request('/up', {
      method: 'POST',
      body: formWith({ file: { data: pdf, name: 'x.jpg', type: 'image/jpeg' } }),
    })
    expect(wrong.status).toBe(415)
    expect(wrong.headers.get('connection')).toBe('close')
    const json = await app.request('/up', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(json.status).toBe(415)
    expect((await json.json()).message).toBe('Data harus dikirim sebagai multipart/form-data')
    const two = new FormData()
    two.append('file', new Blob([new Uint8Array(await samplePng())]), 'a.png')
    two.append('file', new Blob([new Uint8Array(await samplePng())]), 'b.png')
    const many = await app.request('/up', { method: 'POST', body: two })
    expect(many.status).toBe(413)
    const cut = await app.request('/up', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(cut.status).toBe(400)
    expect(stagedFiles()).toEqual([])
  })
})

describe('a killed upload leaves nothing behind', () => {
  it('a client that aborts mid-body leaves no staged file', async () => {
    const png = await samplePng()
    const { body, type } = await multipart(
      formWith({
        avatar: {
          data: Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]),
          name: 'a.png',
          type: 'image/png',
        },
      }),
    )
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'PATCH',
      path: '/api/user/update-avatar',
      headers: { ...auth(), 'content-type': type, 'content-length': String(body.length) },
    })
    req.on('error', () => {})
    req.write(body.subarray(0, 1024 * 1024))
    await waitFor(() => stagedFiles().length === 1)
    req.destroy()
    await waitFor(() => stagedFiles().length === 0)
  })
  it("the next start's sweep removes a dead process's staged file, but not a live upload's", async () => {
    fs.mkdirSync(staging(), { recursive: true })
    const dead = path.join(staging(), 'dead.part')
    const live = path.join(staging(), 'live.part')
    fs.writeFileSync(dead, 'half an upload')
    fs.writeFileSync(live, 'an upload in flight on another process')
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    fs.utimesSync(dead, twoHoursAgo, twoHoursAgo)
    const partial = path.join(t.dataDir, 'storage', 'tmp', 'half-put.part')
    fs.writeFileSync(partial, 'half a put')
    fs.utimesSync(partial, twoHoursAgo, twoHoursAgo)
    const result = await sweepUploads(t.deps)
    expect(result).toMatchObject({ staged: 1, incomplete: 1 })
    expect(stagedFiles()).toEqual(['live.part'])
    expect(fs.existsSync(partial)).toBe(false)
    fs.rmSync(live)
  })
})

describe('row and blob commit together', () => {
  /** What the create runner does around a store step: commit, or roll back on a throw. */
  async function inTx<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = await beginTx(t.deps)
    try {
      const result = await work(tx)
      await tx.commit()
      return result
    } catch (err) {
      await tx.rollback()
      throw err
    }
  }
  async function stagedPng() {
    fs.mkdirSync(staging(), { recursive: true })
    const file = path.join(staging(), `${newBlobKey('png')}`)
    fs.writeFileSync(file, await samplePng())
    return { path: file, ext: 'png' }
  }
  it('a database failure after the blob was put leaves no blob and no row change', async () => {
    const before = publicBlobs()
    const blob = pendingBlob(await stagedPng(), 'public')
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    let sawBlob = false
    await expect(
      inTx((tx) =>
        commitUpload(tx, t.deps, [blob], async (trx) => {
          sawBlob = (await t.deps.store.head(blob.key, 'public')) !== undefined
          await trx
            .updateTable('users')
            .set({ avatar: `/storage/${blob.key}` })
            .where('id', '=', userId)
            .execute()
          // A real constraint violation from the database: the email is taken.
          await trx
            .insertInto('users')
            .values({ ...row, id: undefined, created_by: null })
            .execute()
        }),
      ),
    ).rejects.toThrow()
    expect(sawBlob).toBe(true)
    expect(await t.deps.store.head(blob.key, 'public')).toBeUndefined()
    expect(publicBlobs()).toEqual(before)
    const after = await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(after.avatar).toBe(row.avatar)
  })
  it('a committed upload keeps its blob', async () => {
    const blob = pendingBlob(await stagedPng(), 'public')
    const n = await inTx((tx) =>
      commitUpload(tx, t.deps, [blob], async (trx) => {
        await trx
          .updateTable('users')
          .set({ avatar: `/storage/${blob.key}` })
          .where('id', '=', userId)
          .execute()
        return 1
      }),
    )
    expect(n).toBe(1)
    expect(await t.deps.store.head(blob.key, 'public')).toMatchObject({ size: expect.any(Number) })
  })
  it('a failure after the write, before the commit, rolls the row back and deletes the blob', async () => {
    const before = publicBlobs()
    const blob = pendingBlob(await stagedPng(), 'public')
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    await expect(
      inTx(async (tx) => {
        await commitUpload(tx, t.deps, [blob], (trx) =>
          trx
            .updateTable('users')
            .set({ avatar: `/storage/${blob.key}` })
            .where('id', '=', userId)
            .execute(),
        )
        throw new Error('the answer could not be made')
      }),
    ).rejects.toThrow('the answer could not be made')
    expect(await t.deps.store.head(blob.key, 'public')).toBeUndefined()
    expect(publicBlobs()).toEqual(before)
    const after = await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(after.avatar).toBe(row.avatar)
  })
})

describe('the sweep removes blobs without a row', () => {
  it('old orphans go; young orphans and every named blob stay', async () => {
    const admin = await t.user('admin')
    const project = (
      await t.request('POST', '/api/project/create', {
        token: admin.token,
        json: { name: 'Proyek Sapuan', description: 'Proyek untuk menguji sapuan blob' },
      })
    ).json.data as { id: number }
    const now = new Date().toISOString()
    const put = async (visibility: 'public' | 'private', ext = 'bin') => {
      const key = newBlobKey(ext)
      await t.deps.store.put(key, visibility, Readable.from([Buffer.from(key)]))
      return key
    }
    const named = {
      file: await put('private', 'pdf'),
      recap: await put('private', 'xlsx'),
      image: await put('public', 'jpg'),
      avatar: await put('public', 'webp'),
    }
    await t.db
      .insertInto('files')
      .values({
        uuid: crypto.randomUUID(),
        project_id: project.id,
        area: 'perencanaan',
        folder_id: null,
        name: 'a.pdf',
        size_bytes: 1,
        mime: 'application/pdf',
        blob_key: named.file,
        status: 'pending',
        creator_id: admin.id,
        created_at: now,
      })
      .execute()
    await t.db
      .insertInto('recap_files')
      .values({
        uuid: crypto.randomUUID(),
        project_id: project.id,
        name: 'rekap.xlsx',
        size_bytes: 1,
        mime: 'application/octet-stream',
        blob_key: named.recap,
        creator_id: admin.id,
        created_at: now,
      })
      .execute()
    const doc = await t.db
      .insertInto('docs')
      .values({
        uuid: crypto.randomUUID(),
        project_id: project.id,
        description: 'Foto pengecoran lantai dua',
        status: 'pending',
        creator_id: admin.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('doc_images')
      .values({
        uuid: crypto.randomUUID(),
        doc_id: doc.id,
        name: 'a.jpg',
        ext: 'jpg',
        blob_key: named.image,
        size_bytes: 1,
        width: null,
        height: null,
        position: 0,
      })
      .execute()
    await t.db
      .updateTable('users')
      .set({ avatar: `/storage/${named.avatar}` })
      .where('id', '=', admin.id)
      .execute()
    const oldOrphan = { public: await put('public'), private: await put('private') }
    const youngOrphan = await put('private')
    const all = [
      ...[named.file, named.recap, oldOrphan.private].map((key) => ({ key, visibility: 'private' as const })),
      ...[named.image, named.avatar, oldOrphan.public].map((key) => ({ key, visibility: 'public' as const })),
    ]
    // Every blob but the young orphan was put two hours ago.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    for (const b of all)
      fs.utimesSync(path.join(t.dataDir, 'storage', b.visibility, b.key), twoHoursAgo, twoHoursAgo)

    const result = await sweepUploads(t.deps)
    expect(result.orphans).toBe(2)
    for (const b of all) {
      const gone = b.key === oldOrphan.private || b.key === oldOrphan.public
      expect(await t.deps.store.head(b.key, b.visibility), b.key).toEqual(
        gone ? undefined : expect.anything(),
      )
    }
    expect(await t.deps.store.head(youngOrphan, 'private')).toBeDefined()
  })
  it('with a short grace (as in a test), young orphans go too', async () => {
    const key = newBlobKey('bin')
    await t.deps.store.put(key, 'private', Readable.from([Buffer.from('x')]))
    await sweepUploads(t.deps, { graceMs: 0, now: new Date(Date.now() + 1000) })
    expect(await t.deps.store.head(key, 'private')).toBeUndefined()
  })
})

async function waitFor(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}
