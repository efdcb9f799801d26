import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import { FILE_MSG } from '../../../src/contracts/files'
import { UPLOAD_MSG } from '../../../src/contracts/uploads'
import { scratchDir as stagingDir } from '../../base/scratch'
import type { DomainEvent } from '../../events'
import {
  type Cast,
  cast,
  filesUnder,
  folder,
  pdfBytes,
  privateBlobs,
  projectWithMembers,
  upload,
  uploadForm,
} from '../../test/area-fixtures'
import { createTestApp, listen, samplePng, TEST_DB, type TestApp } from '../../test/harness'

const MAX_MB = 1

let t: TestApp
let c: Cast
const events: DomainEvent[] = []

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: MAX_MB * 1024 * 1024 })
  c = await cast(t)
  t.deps.events.subscribe((e) => {
    events.push(e)
  })
})
afterAll(() => t.close())

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const staged = () => filesUnder(stagingDir(t.dataDir))

type Entry = {
  uuid: string
  name: string
  size_kb: number
  size_bytes: number
  mime: string
  status: string
  creator: { name: string }
  reviewer: { name: string } | null
}

async function download(
  token: string,
  slug: string,
  area: string,
  uuid: string,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(`/api/file/${slug}/download/${area}/${uuid}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

async function zipOf(names: string[]): Promise<Buffer> {
  const z = new ZipFile()
  for (const name of names) z.addBuffer(Buffer.from(`<x>${name}</x>`), name)
  z.end()
  const chunks: Buffer[] = []
  for await (const chunk of z.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe(`file upload (${TEST_DB})`, () => {
  it('stores many files at once; one too large and one without a name are refused alone, SPEC answer shape', async () => {
    const p = await projectWithMembers(t, c)
    const before = privateBlobs(t).length
    const random = randomBytes(300 * 1024)
    const parts = [
      { name: 'denah lantai 1.pdf', data: pdfBytes('denah') },
      { name: 'potongan.dwg', data: Buffer.concat([Buffer.from('AC1032'), randomBytes(2000)]) },
      { name: 'terlalu-besar.pdf', data: Buffer.concat([pdfBytes(), Buffer.alloc(MAX_MB * 1024 * 1024)]) },
      { name: '', data: pdfBytes('tanpa nama') },
      { name: 'foto lokasi.png', data: await samplePng() },
      { name: 'acak.bin', data: random },
      { name: 'RAB.xlsx', data: await zipOf(['[Content_Types].xml', 'xl/workbook.xml']) },
      { name: 'arsip.zip', data: await zipOf(['a.txt', 'b.txt']) },
    ]
    const res = await upload(t, c.planner.token, p.slug, 'perencanaan', parts)
    expect(res.status, res.text).toBe(201)
    expect(res.json).toMatchObject({ success: true, message: '6 file berhasil diunggah, 2 file gagal' })
    const results = res.json.results as Entry[]
    expect(results.map((r) => r.name)).toEqual([
      'denah lantai 1.pdf',
      'potongan.dwg',
      'foto lokasi.png',
      'acak.bin',
      'RAB.xlsx',
      'arsip.zip',
    ])
    expect(results.map((r) => r.mime)).toEqual([
      'application/pdf',
      'application/octet-stream',
      'image/png',
      'application/octet-stream',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/octet-stream',
    ])
    expect(results[3]).toMatchObject({
      size_bytes: random.length,
      size_kb: 300,
      status: 'pending',
      creator: { name: 'Perencana Satu' },
      reviewer: null,
    })
    expect(res.json.errors).toEqual([
      { name: 'terlalu-besar.pdf', message: `Ukuran file terlalu-besar.pdf melebihi batas ${MAX_MB} MB` },
      { name: '(tanpa nama)', message: FILE_MSG.fileNameMissing },
    ])
    // The envelope of every create keeps the same outcome under data.
    expect(res.json.data).toEqual({ results: res.json.results, errors: res.json.errors })
    expect(privateBlobs(t).length).toBe(before + 6)
    expect(staged()).toEqual([])
    const uploaded = events.find((e) => e.type === 'file_uploaded' && e.projectId === p.id) as Extract<
      DomainEvent,
      { type: 'file_uploaded' }
    >
    expect(uploaded).toMatchObject({ actorId: c.planner.id, area: 'perencanaan' })
    expect(uploaded.fileIds).toHaveLength(6)
    const detail = await t.request('GET', `/api/project/detail/${p.slug}`, { token: c.admin.token })
    expect(detail.json.data.area_counts.perencanaan).toEqual({
      total: 6,
      pending: 6,
      approved: 0,
      rejected: 0,
    })
    expect(detail.json.data.file_pending).toBe(6)
  })

  it('answers a total failure with the server message and the list, and no file chosen with the SPEC text', async () => {
    const p = await projectWithMembers(t, c)
    const before = privateBlobs(t).length
    const tooBig = Buffer.alloc(MAX_MB * 1024 * 1024 + 1, 1)
    const allBig = await upload(t, c.supervisor.token, p.slug, 'pengawasan', [
      { name: 'a.bin', data: tooBig },
      { name: 'b.bin', data: tooBig },
    ])
    expect(allBig.status).toBe(413)
    expect(allBig.json).toEqual({
      success: false,
      message: FILE_MSG.partial(0, 2),
      results: [],
      errors: [
        { name: 'a.bin', message: `Ukuran file a.bin melebihi batas ${MAX_MB} MB` },
        { name: 'b.bin', message: `Ukuran file b.bin melebihi batas ${MAX_MB} MB` },
      ],
    })
    const one = await upload(t, c.supervisor.token, p.slug, 'pengawasan', [
      { name: 'kosong.pdf', data: Buffer.alloc(0) },
    ])
    expect(one.status).toBe(422)
    expect(one.json.message).toBe('File kosong.pdf kosong')
    const none = await t.request('POST', `/api/file/${p.slug}/upload/pengawasan`, {
      token: c.supervisor.token,
      body: uploadForm([]),
    })
    expect(none.status).toBe(422)
    expect(none.json).toMatchObject({
      success: false,
      message: 'Silakan pilih file untuk diunggah',
      errors: [],
    })
    // An empty file input sends a nameless empty part: nothing chosen, the same answer.
    const emptyInput = await upload(t, c.supervisor.token, p.slug, 'pengawasan', [
      { name: '', data: Buffer.alloc(0) },
    ])
    expect(emptyInput.json.message).toBe('Silakan pilih file untuk diunggah')
    expect(privateBlobs(t).length).toBe(before)
    expect(staged()).toEqual([])
  })

  it('uploads into a folder; a folder of another area or an absent one answers 404 and keeps nothing', async () => {
    const p = await projectWithMembers(t, c)
    const inPlan = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Gambar')
    const inWatch = await folder(t, c.admin.token, p.slug, 'pengawasan', 'Laporan')
    const ok = await upload(
      t,
      c.admin.token,
      p.slug,
      'pengawasan',
      [{ name: 'harian.pdf', data: pdfBytes() }],
      {
        folder: inWatch,
      },
    )
    expect(ok.status).toBe(201)
    const listed = await t.request('GET', `/api/folder/${p.slug}/explore/pengawasan?parent_slug=${inWatch}`, {
      token: c.supervisor.token,
    })
    expect(listed.json.data.files.map((f: Entry) => f.name)).toEqual(['harian.pdf'])
    const before = privateBlobs(t).length
    for (const target of [inPlan, randomUUID()]) {
      const res = await upload(
        t,
        c.admin.token,
        p.slug,
        'pengawasan',
        [{ name: 'x.pdf', data: pdfBytes() }],
        {
          folder: target,
        },
      )
      expect(res.status).toBe(404)
      expect(res.json.message).toBe(FILE_MSG.folderNotFound)
    }
    expect(privateBlobs(t).length).toBe(before)
    expect(staged()).toEqual([])
  })

  it('an upload into a folder deleted while the bytes stream in answers 404 and keeps no blob', async () => {
    const p = await projectWithMembers(t, c)
    const target = await folder(t, c.admin.token, p.slug, 'pengawasan', 'Akan Dihapus')
    const before = privateBlobs(t).length
    // Another request's delete, mid-way: the project row locked (as removeFolder does) and the folder gone,
    // not yet committed. On PostgreSQL the upload still finds the folder, then its insert waits on the lock
    // and fails its foreign key once the delete commits; on SQLite it waits for the one connection.
    const trx = await t.db.startTransaction().execute()
    if (TEST_DB === 'postgres')
      await trx.selectFrom('projects').select('id').where('id', '=', p.id).forUpdate().execute()
    await trx.deleteFrom('folders').where('uuid', '=', target).execute()
    const sending = upload(
      t,
      c.admin.token,
      p.slug,
      'pengawasan',
      [{ name: 'telat.pdf', data: pdfBytes() }],
      {
        folder: target,
      },
    )
    await new Promise((r) => setTimeout(r, 400))
    await trx.commit().execute()
    const res = await sending
    expect(res.status, res.text).toBe(404)
    expect(res.json.message).toBe(FILE_MSG.folderNotFound)
    expect(privateBlobs(t).length).toBe(before)
    expect(await countFiles(p.id)).toBe(0)
    expect(staged()).toEqual([])
  })

  it("refuses path names ('../x', absolute, drive paths) and control characters per file, writing nothing outside the store", async () => {
    const p = await projectWithMembers(t, c)
    const passwdTime = fs.statSync('/etc/passwd').mtimeMs
    const beforeData = filesUnder(t.dataDir)
    const names = [
      '../x',
      '../../../../../../tmp/berkas-jahat',
      '/etc/passwd',
      'C:\\Windows\\win.ini',
      'sub/dir/y.pdf',
      '..',
      '.',
      'baik.pdf',
    ]
    const res = await upload(
      t,
      c.admin.token,
      p.slug,
      'perencanaan',
      names.map((name) => ({ name, data: pdfBytes(name) })),
    )
    expect(res.status, res.text).toBe(201)
    expect((res.json.results as Entry[]).map((r) => r.name)).toEqual(['baik.pdf'])
    const refused = res.json.errors as { name: string; message: string }[]
    expect(refused).toHaveLength(names.length - 1)
    for (const e of refused)
      expect(e.message).toMatch(/^(Nama file tidak boleh berisi \/ atau \\|Nama file kosong)$/)
    // Control characters in a name: refused whether the part header carries them raw (a malformed body,
    // nothing kept) or percent-encoded in filename* (that file refused).
    // A right-to-left override hides the real extension: '\u202etxt.exe' shows as 'exe.txt'.
    const bidi = await upload(t, c.admin.token, p.slug, 'perencanaan', [
      { name: 'laporan\u202efdp.exe', data: pdfBytes() },
    ])
    expect(bidi.status).toBe(422)
    expect(bidi.json.errors).toEqual([{ name: 'laporan\u202efdp.exe', message: UPLOAD_MSG.badName }])
    for (const raw of ['nul\u0000byte.pdf', 'bel\u0007.pdf']) {
      const bad = await upload(t, c.admin.token, p.slug, 'perencanaan', [{ name: raw, data: pdfBytes() }])
      expect([400, 422], JSON.stringify(raw)).toContain(bad.status)
    }
    const encoded = await rawUpload(p.slug, `filename*=UTF-8''nul%00byte.pdf`)
    expect(encoded.status).toBe(422)
    expect(encoded.json.errors).toEqual([{ name: 'nul\u0000byte.pdf', message: UPLOAD_MSG.badName }])
    const added = filesUnder(t.dataDir).filter((f) => !beforeData.includes(f))
    expect(added).toHaveLength(1)
    expect(added[0]).toMatch(/^storage\/private\/[0-9a-f-]{36}\.pdf$/)
    // Wherever a name taken as a path would have led from the store, the staging dir or the data dir.
    for (const base of [path.join(t.dataDir, 'storage', 'private'), stagingDir(t.dataDir), t.dataDir])
      for (const name of names.filter((n) => !['.', '..', '/etc/passwd', 'baik.pdf'].includes(n)))
        expect(fs.existsSync(path.resolve(base, name)), `${base} + ${name}`).toBe(false)
    expect(fs.statSync('/etc/passwd').mtimeMs).toBe(passwdTime)
    expect(fs.existsSync('/tmp/berkas-jahat')).toBe(false)
    const rows = await t.db.selectFrom('files').select('name').where('project_id', '=', p.id).execute()
    expect(rows.map((r) => r.name)).toEqual(['baik.pdf'])
  })

  it('a cut connection leaves no row, no blob and no staged file', async () => {
    const p = await projectWithMembers(t, c)
    const server = await listen(t.app)
    try {
      const before = { blobs: privateBlobs(t).length, rows: await countFiles(p.id) }
      const form = uploadForm([
        { name: 'utuh.pdf', data: pdfBytes() },
        { name: 'besar.bin', data: randomBytes(800 * 1024) },
      ])
      const request = new Request('http://x/', { method: 'POST', body: form })
      const body = Buffer.from(await request.arrayBuffer())
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: `/api/file/${p.slug}/upload/perencanaan`,
          agent: false,
          headers: {
            authorization: `Bearer ${c.planner.token}`,
            'content-type': request.headers.get('content-type') as string,
            'content-length': String(body.length),
          },
        })
        req.on('error', () => resolve())
        req.on('response', () => resolve())
        // Most of the body, then the phone loses its signal.
        req.write(body.subarray(0, Math.floor(body.length * 0.7)), () => setTimeout(() => req.destroy(), 200))
        req.on('close', () => resolve())
      })
      await waitFor(async () => staged().length === 0)
      // Give the server a moment: nothing may appear late either.
      await new Promise((r) => setTimeout(r, 300))
      expect(privateBlobs(t).length).toBe(before.blobs)
      expect(await countFiles(p.id)).toBe(before.rows)
      expect(staged()).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('an Idempotency-Key makes a retried upload land once and replays its answer', async () => {
    const p = await projectWithMembers(t, c)
    const key = randomUUID()
    const files = [{ name: 'sekali.pdf', data: pdfBytes('sekali') }]
    const headers = { 'idempotency-key': key }
    const first = await upload(t, c.supervisor.token, p.slug, 'pengawasan', files, { headers })
    const again = await upload(t, c.supervisor.token, p.slug, 'pengawasan', files, { headers })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    expect(await countFiles(p.id)).toBe(1)
    // The same key with other bytes is another request: refused, nothing stored.
    const other = await upload(
      t,
      c.supervisor.token,
      p.slug,
      'pengawasan',
      [{ name: 'sekali.pdf', data: pdfBytes('lain') }],
      {
        headers,
      },
    )
    expect(other.status).toBe(422)
    expect(await countFiles(p.id)).toBe(1)
  })
})

describe(`file download (${TEST_DB})`, () => {
  it('gives back exactly the uploaded bytes, with length, type, ranges and the original name', async () => {
    const p = await projectWithMembers(t, c)
    const data = randomBytes(700 * 1024)
    const name = "Laporan Mingguan – Jembatan №2 'final' (revisi) 100% 日本.bin"
    const res = await upload(t, c.supervisor.token, p.slug, 'pengawasan', [{ name, data }])
    expect(res.status, res.text).toBe(201)
    const uuid = (res.json.results as Entry[])[0]?.uuid as string
    for (const who of [c.admin, c.supervisor, c.planner]) {
      const got = await download(who.token, p.slug, 'pengawasan', uuid)
      expect(got.status).toBe(200)
      expect(sha(got.body)).toBe(sha(data))
      expect(got.headers.get('content-length')).toBe(String(data.length))
      expect(got.headers.get('content-type')).toBe('application/octet-stream')
      expect(got.headers.get('x-content-type-options')).toBe('nosniff')
      expect(got.headers.get('accept-ranges')).toBe('bytes')
      const disposition = got.headers.get('content-disposition') as string
      expect(disposition).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%!#$&+.^_`|~-]+$/,
      )
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] as string)).toBe(name)
    }
    const part = await download(c.admin.token, p.slug, 'pengawasan', uuid, { range: 'bytes=1000-1999' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`)
    expect(part.body.equals(data.subarray(1000, 2000))).toBe(true)
    const tail = await download(c.admin.token, p.slug, 'pengawasan', uuid, { range: 'bytes=-100' })
    expect(tail.body.equals(data.subarray(data.length - 100))).toBe(true)
    const resume = await download(c.admin.token, p.slug, 'pengawasan', uuid, {
      range: 'bytes=500000-',
      'if-range': tail.headers.get('etag') as string,
    })
    expect(resume.status).toBe(206)
    expect(resume.body.equals(data.subarray(500000))).toBe(true)
    const changed = await download(c.admin.token, p.slug, 'pengawasan', uuid, {
      range: 'bytes=500000-',
      'if-range': '"versi-lain"',
    })
    expect(changed.status).toBe(200)
    expect(changed.body.length).toBe(data.length)
    const beyond = await download(c.admin.token, p.slug, 'pengawasan', uuid, {
      range: `bytes=${data.length}-`,
    })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${data.length}`)
    const head = await t.app.request(`/api/file/${p.slug}/download/pengawasan/${uuid}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${c.admin.token}` },
    })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(data.length))
  })

  it('is a file of the path: another area, another project, an outsider or no token: 404 or 401', async () => {
    const p = await projectWithMembers(t, c)
    const res = await upload(t, c.planner.token, p.slug, 'perencanaan', [
      { name: 'rahasia.pdf', data: pdfBytes() },
    ])
    const uuid = (res.json.results as Entry[])[0]?.uuid as string
    expect((await download(c.planner.token, p.slug, 'pengawasan', uuid)).status).toBe(404)
    const q = await projectWithMembers(t, c, 'Lain')
    expect((await download(c.admin.token, q.slug, 'perencanaan', uuid)).status).toBe(404)
    expect((await download(c.outsider.token, p.slug, 'perencanaan', uuid)).status).toBe(404)
    expect((await download(c.superadmin.token, p.slug, 'perencanaan', uuid)).status).toBe(404)
    expect((await t.app.request(`/api/file/${p.slug}/download/perencanaan/${uuid}`)).status).toBe(401)
    expect((await download(c.admin.token, p.slug, 'dokumentasi', uuid)).status).toBe(404)
  })
})

describe(`file review (${TEST_DB})`, () => {
  it('admins approve or reject pending files only; events file_approved and file_revision; counts follow', async () => {
    const p = await projectWithMembers(t, c)
    const res = await upload(t, c.supervisor.token, p.slug, 'pengawasan', [
      { name: 'satu.pdf', data: pdfBytes('1') },
      { name: 'dua.pdf', data: pdfBytes('2') },
      { name: 'tiga.pdf', data: pdfBytes('3') },
    ])
    const [one, two, three] = (res.json.results as Entry[]).map((r) => r.uuid)
    const review = (token: string, uuid: string | undefined, decision: string) =>
      t.request('PATCH', `/api/file/${p.slug}/status/${uuid}/${decision}`, { token })

    for (const who of [c.supervisor, c.planner])
      expect((await review(who.token, one, 'approved')).status).toBe(403)
    for (const who of [c.outsider, c.superadmin])
      expect((await review(who.token, one, 'approved')).status).toBe(404)

    const approved = await review(c.admin.token, one, 'approved')
    expect(approved.status).toBe(200)
    expect(approved.json).toMatchObject({ success: true, message: FILE_MSG.fileApproved })
    expect(approved.json.data).toMatchObject({
      uuid: one,
      status: 'approved',
      reviewer: { name: 'Admin Utama' },
    })
    const rejected = await review(c.admin.token, two, 'rejected')
    expect(rejected.json).toMatchObject({ message: FILE_MSG.fileRejected, data: { status: 'rejected' } })

    // Only from pending: a reviewed file stays as it was decided.
    const again = await review(c.admin.token, one, 'rejected')
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(FILE_MSG.alreadyReviewed)
    expect((await review(c.admin.token, two, 'approved')).status).toBe(409)
    for (const bad of ['pending', 'revision', 'APPROVED', 'x'])
      expect((await review(c.admin.token, three, bad)).status, bad).toBe(404)
    expect((await review(c.admin.token, randomUUID(), 'approved')).status).toBe(404)

    const mine = events.filter((e) => e.type.startsWith('file_') && 'projectId' in e && e.projectId === p.id)
    expect(mine.map((e) => e.type)).toEqual(['file_uploaded', 'file_approved', 'file_revision'])
    expect(mine[1]).toMatchObject({ actorId: c.admin.id, area: 'pengawasan' })
    const detail = await t.request('GET', `/api/project/detail/${p.slug}`, { token: c.admin.token })
    expect(detail.json.data.area_counts.pengawasan).toEqual({
      total: 3,
      pending: 1,
      approved: 1,
      rejected: 1,
    })
  })

  it('two admins deciding one file at once: one wins, the other gets 409', async () => {
    const p = await projectWithMembers(t, c)
    const second = await t.user('admin')
    const res = await upload(t, c.admin.token, p.slug, 'perencanaan', [
      { name: 'rebut.pdf', data: pdfBytes() },
    ])
    const uuid = (res.json.results as Entry[])[0]?.uuid
    const answers = await Promise.all([
      t.request('PATCH', `/api/file/${p.slug}/status/${uuid}/approved`, { token: c.admin.token }),
      t.request('PATCH', `/api/file/${p.slug}/status/${uuid}/rejected`, { token: second.token }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})

describe(`file delete (${TEST_DB})`, () => {
  it('the file goes to the trash (row and blob kept, out of lists, counts and downloads); a second delete is 404', async () => {
    const p = await projectWithMembers(t, c)
    const res = await upload(t, c.planner.token, p.slug, 'perencanaan', [
      { name: 'hapus.pdf', data: pdfBytes() },
    ])
    const uuid = (res.json.results as Entry[])[0]?.uuid
    const before = privateBlobs(t).length
    const gone = await t.request('DELETE', `/api/file/${p.slug}/remove/${uuid}`, { token: c.planner.token })
    expect(gone.status).toBe(200)
    expect(gone.json).toEqual({ success: true, message: 'File deleted successfully' })
    // In the trash: the blob and the row stay, marked; nothing lists, counts or serves it.
    expect(privateBlobs(t).length).toBe(before)
    expect(await countFiles(p.id)).toBe(1)
    const row = await t.db
      .selectFrom('files')
      .selectAll()
      .where('uuid', '=', uuid as string)
      .executeTakeFirst()
    expect(row?.deleted_at).not.toBeNull()
    expect(row?.deleted_by).toBe(c.planner.id)
    const explore = await t.request('GET', `/api/folder/${p.slug}/explore/perencanaan`, {
      token: c.admin.token,
    })
    expect(explore.json.data.files).toEqual([])
    expect(explore.json.data.total.files).toBe(0)
    expect(
      (await t.request('GET', `/api/file/${p.slug}/download/perencanaan/${uuid}`, { token: c.admin.token }))
        .status,
    ).toBe(404)
    const detail = await t.request('GET', `/api/project/detail/${p.slug}`, { token: c.admin.token })
    expect(detail.json.data.area_counts.perencanaan.total).toBe(0)
    expect(
      (await t.request('DELETE', `/api/file/${p.slug}/remove/${uuid}`, { token: c.admin.token })).status,
    ).toBe(404)
  })
})

describe(`area rules on files (${TEST_DB})`, () => {
  it('upload and delete: admin everywhere, perencanaan in perencanaan, pengawasan in pengawasan, others 404', async () => {
    const p = await projectWithMembers(t, c)
    const uploads: [keyof Cast, string, number][] = [
      ['admin', 'perencanaan', 201],
      ['admin', 'pengawasan', 201],
      ['planner', 'perencanaan', 201],
      ['planner', 'pengawasan', 403],
      ['supervisor', 'perencanaan', 403],
      ['supervisor', 'pengawasan', 201],
      ['outsider', 'pengawasan', 404],
      ['superadmin', 'perencanaan', 404],
    ]
    const before = privateBlobs(t).length
    for (const [who, area, status] of uploads) {
      const res = await upload(t, c[who].token, p.slug, area, [{ name: `${who}.pdf`, data: pdfBytes(who) }])
      expect(res.status, `${who} upload to ${area}`).toBe(status)
    }
    // Refused callers' bytes were never kept.
    expect(privateBlobs(t).length).toBe(before + 4)
    expect(staged()).toEqual([])

    const place = async (area: string) => {
      const r = await upload(t, c.admin.token, p.slug, area, [
        { name: 'x.pdf', data: pdfBytes(randomUUID()) },
      ])
      return (r.json.results as Entry[])[0]?.uuid as string
    }
    const deletes: [keyof Cast, string, number][] = [
      ['planner', 'pengawasan', 403],
      ['supervisor', 'perencanaan', 403],
      ['outsider', 'perencanaan', 404],
      ['superadmin', 'pengawasan', 404],
      ['planner', 'perencanaan', 200],
      ['supervisor', 'pengawasan', 200],
      ['admin', 'perencanaan', 200],
      ['admin', 'pengawasan', 200],
    ]
    for (const [who, area, status] of deletes) {
      const uuid = await place(area)
      const res = await t.request('DELETE', `/api/file/${p.slug}/remove/${uuid}`, { token: c[who].token })
      expect(res.status, `${who} delete in ${area}`).toBe(status)
    }
  })
})

/** One file part with a hand-written Content-Disposition parameter (what a browser never sends). */
async function rawUpload(slug: string, filenameParam: string) {
  const boundary = 'batasberkas'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; ${filenameParam}\r\n`),
    Buffer.from('Content-Type: application/pdf\r\n\r\n'),
    pdfBytes(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return t.request('POST', `/api/file/${slug}/upload/perencanaan`, {
    token: c.admin.token,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

async function countFiles(projectId: number) {
  const rows = await t.db.selectFrom('files').select('id').where('project_id', '=', projectId).execute()
  return rows.length
}

async function waitFor(check: () => Promise<boolean> | boolean, ms = 5000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('condition not met in time')
}
