import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILE_MSG } from '../../../src/contracts/files'
import { MAX_PART_BYTES, RESUMABLE_MSG, type ResumableState } from '../../../src/contracts/resumable-uploads'
import { type Cast, cast, privateBlobs, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { sweepExpiredUploads } from './resumable-sweep-job'

let t: TestApp
let c: Cast
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  project = await projectWithMembers(t, c, 'Gedung Arsip Kota')
})
afterAll(() => t.close())

const MB = 1024 * 1024
/** A drawing's worth of bytes (any kind goes into an area), distinct per call. */
const drawing = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)])
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const base = (area = 'pengawasan') => `/api/file/${project.slug}/resumable/${area}`

function partForm(bytes: Buffer) {
  const form = new FormData()
  form.append('part', new Blob([new Uint8Array(bytes)]), 'part')
  return form
}

async function create(token: string, name: string, size: number, opts: { area?: string; key?: string } = {}) {
  return t.request('POST', base(opts.area), {
    token,
    json: { name, size },
    headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
  })
}

const sendPart = (token: string, id: string, offset: number, bytes: Buffer, area?: string) =>
  t.request('PUT', `${base(area)}/${id}/part?offset=${offset}`, { token, body: partForm(bytes) })

const complete = (token: string, id: string, key = randomUUID(), area?: string) =>
  t.request('POST', `${base(area)}/${id}/complete`, { token, headers: { 'Idempotency-Key': key } })

async function started(token: string, name: string, size: number): Promise<ResumableState> {
  const res = await create(token, name, size)
  expect(res.status, res.text).toBe(201)
  return res.json.data as ResumableState
}

const rowsNamed = (name: string) =>
  t.db.selectFrom('files').select(['uuid', 'size_bytes', 'blob_key']).where('name', '=', name).execute()

describe(`resumable area uploads (${TEST_DB})`, () => {
  it('takes a file in parts at the confirmed offset, tells where to resume, and stores it once as a normal upload', async () => {
    const file = drawing(3 * MB + 123)
    const up = await started(c.supervisor.token, 'Denah Lantai 2.pdf', file.length)
    expect(up).toMatchObject({ offset: 0, size: file.length, complete: false })

    let res = await sendPart(c.supervisor.token, up.id, 0, file.subarray(0, MB))
    expect(res.status, res.text).toBe(200)
    expect(res.json.data.offset).toBe(MB)
    res = await sendPart(c.supervisor.token, up.id, MB, file.subarray(MB, 2 * MB))
    expect(res.json.data.offset).toBe(2 * MB)

    // The app was closed here: it asks where to go on, and goes on from there, not from 0.
    res = await t.request('GET', `${base()}/${up.id}`, { token: c.supervisor.token })
    expect(res.status).toBe(200)
    expect(res.json.data.offset).toBe(2 * MB)
    res = await sendPart(c.supervisor.token, up.id, 2 * MB, file.subarray(2 * MB))
    expect(res.json.data.offset).toBe(file.length)

    const key = randomUUID()
    res = await complete(c.supervisor.token, up.id, key)
    expect(res.status, res.text).toBe(201)
    expect(res.json.message).toBe(FILE_MSG.uploaded(1))
    expect(res.json.results).toHaveLength(1)
    const entry = res.json.results[0]
    expect(entry).toMatchObject({ name: 'Denah Lantai 2.pdf', status: 'pending' })

    // The same commit as a normal upload: the history and the bytes, whole.
    const history = await t.db
      .selectFrom('history')
      .select('action')
      .where('object_id', '=', entry.uuid)
      .execute()
    expect(history.map((h) => h.action)).toContain('upload')
    const dl = await t.app.request(`/api/file/${project.slug}/download/pengawasan/${entry.uuid}`, {
      headers: { authorization: `Bearer ${c.admin.token}` },
    })
    expect(dl.status).toBe(200)
    expect(sha(Buffer.from(await dl.arrayBuffer()))).toBe(sha(file))

    // The outbox sends the commit again (its answer was lost): the stored answer, one row.
    const again = await complete(c.supervisor.token, up.id, key)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json.results[0].uuid).toBe(entry.uuid)
    expect(await rowsNamed('Denah Lantai 2.pdf')).toHaveLength(1)
    // Another key cannot store it a second time.
    const other = await complete(c.supervisor.token, up.id)
    expect(other.status).toBe(409)
    expect(other.json.message).toBe(RESUMABLE_MSG.alreadyDone)
    expect(await rowsNamed('Denah Lantai 2.pdf')).toHaveLength(1)
    // The parts' blobs are gone: only the file's own blob remains of this upload.
    const parts = await t.db
      .selectFrom('resumable_parts')
      .selectAll()
      .where('upload_id', '=', up.id)
      .execute()
    expect(parts).toHaveLength(0)
  })

  it('refuses a part at any other offset with 409 and the offset it holds; a lost answer is resent harmlessly', async () => {
    const file = drawing(2 * MB)
    const up = await started(c.supervisor.token, 'Potongan A.pdf', file.length)
    let res = await sendPart(c.supervisor.token, up.id, MB, file.subarray(MB))
    expect(res.status).toBe(409)
    expect(res.headers.get('upload-offset')).toBe('0')
    expect(res.json.message).toBe(RESUMABLE_MSG.wrongOffset(0))
    res = await sendPart(c.supervisor.token, up.id, 0, file.subarray(0, MB))
    expect(res.status).toBe(200)
    // The same part again (its answer was lost on the way back): 409 saying 1 MB is there; nothing doubles.
    res = await sendPart(c.supervisor.token, up.id, 0, file.subarray(0, MB))
    expect(res.status).toBe(409)
    expect(res.headers.get('upload-offset')).toBe(String(MB))
    res = await t.request('PUT', `${base()}/${up.id}/part?offset=abc`, {
      token: c.supervisor.token,
      body: partForm(file.subarray(MB)),
    })
    expect(res.status).toBe(400)
    // Completing before the last byte: 409 with where it stands.
    res = await complete(c.supervisor.token, up.id)
    expect(res.status).toBe(409)
    expect(res.headers.get('upload-offset')).toBe(String(MB))
    // Two parts racing for one offset (two tabs, two processes): one wins, the other is told 409.
    const racing = await Promise.all([
      sendPart(c.supervisor.token, up.id, MB, file.subarray(MB)),
      sendPart(c.supervisor.token, up.id, MB, file.subarray(MB)),
    ])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409])
    res = await complete(c.supervisor.token, up.id)
    expect(res.status, res.text).toBe(201)
    const [row] = await rowsNamed('Potongan A.pdf')
    expect(Number(row?.size_bytes)).toBe(file.length)
  })

  it('checks access on create and on every part: an upload made by A cannot be continued by B', async () => {
    // The area rule as the normal upload: a planner may not write into Pengawasan, an outsider sees nothing.
    expect((await create(c.planner.token, 'x.pdf', MB)).status).toBe(403)
    expect((await create(c.outsider.token, 'x.pdf', MB)).status).toBe(404)
    expect((await create(c.admin.token, 'x.pdf', MB)).status).toBe(201)

    const file = drawing(2 * MB)
    const up = await started(c.supervisor.token, 'Milik Pengawas.pdf', file.length)
    await sendPart(c.supervisor.token, up.id, 0, file.subarray(0, MB))
    // The admin may write here but this is not the admin's upload.
    for (const token of [c.admin.token, c.planner.token, c.outsider.token]) {
      const part = await sendPart(token, up.id, MB, file.subarray(MB))
      expect([403, 404]).toContain(part.status)
      expect([403, 404]).toContain((await t.request('GET', `${base()}/${up.id}`, { token })).status)
      expect([403, 404]).toContain((await complete(token, up.id)).status)
    }
    const admin = await sendPart(c.admin.token, up.id, MB, file.subarray(MB))
    expect(admin.json.message).toBe(RESUMABLE_MSG.notFound)
    // Not in another area or project either.
    expect((await sendPart(c.supervisor.token, up.id, MB, file.subarray(MB), 'perencanaan')).status).toBe(403)
    // A member removed from the project loses the upload at the next part.
    await t.request('PUT', `/api/project/${project.id}/members`, {
      token: c.admin.token,
      json: { user_ids: [c.planner.id] },
    })
    try {
      expect((await sendPart(c.supervisor.token, up.id, MB, file.subarray(MB))).status).toBe(404)
    } finally {
      await t.request('PUT', `/api/project/${project.id}/members`, {
        token: c.admin.token,
        json: { user_ids: [c.planner.id, c.supervisor.id] },
      })
    }
    expect((await sendPart(c.supervisor.token, up.id, MB, file.subarray(MB))).status).toBe(200)
  })

  it('holds the limits of a normal upload: size, part size, past the end, a folder that is not there', async () => {
    const big = await create(c.supervisor.token, 'besar.pdf', t.deps.config.maxUploadBytes + 1)
    expect(big.status).toBe(413)
    expect((await create(c.supervisor.token, 'kosong.pdf', 0)).status).toBe(422)
    expect((await create(c.supervisor.token, 'a/b.pdf', 10)).status).toBe(422)
    const folder = await t.request('POST', base(), {
      token: c.supervisor.token,
      json: { name: 'x.pdf', size: 10, folder_slug: randomUUID() },
    })
    expect(folder.status).toBe(404)

    const up = await started(c.supervisor.token, 'batas.pdf', MAX_PART_BYTES + 2 * MB)
    const tooBig = await sendPart(c.supervisor.token, up.id, 0, drawing(MAX_PART_BYTES + 1))
    expect(tooBig.status).toBe(413)
    const small = await started(c.supervisor.token, 'kecil.pdf', 100)
    const past = await sendPart(c.supervisor.token, small.id, 0, drawing(101))
    expect(past.status).toBe(422)
    expect(past.json.message).toBe(RESUMABLE_MSG.pastEnd)
  })

  it('removes abandoned uploads with their parts once expired (the sweep job), and the upload is then 404', async () => {
    const file = drawing(2 * MB)
    const up = await started(c.supervisor.token, 'Ditinggal.pdf', file.length)
    const blobsBefore = privateBlobs(t).length
    await sendPart(c.supervisor.token, up.id, 0, file.subarray(0, MB))
    expect(privateBlobs(t).length).toBe(blobsBefore + 1)
    // Not yet expired: nothing goes.
    expect((await sweepExpiredUploads(t.deps)).uploads).toBe(0)
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString()
    const swept = await sweepExpiredUploads(t.deps, later)
    expect(swept.uploads).toBeGreaterThanOrEqual(1)
    expect(swept.parts).toBeGreaterThanOrEqual(1)
    expect(await t.db.selectFrom('resumable_uploads').select('id').where('id', '=', up.id).execute()).toEqual(
      [],
    )
    expect(privateBlobs(t).length).toBeLessThanOrEqual(blobsBefore)
    const res = await sendPart(c.supervisor.token, up.id, MB, file.subarray(MB))
    expect(res.status).toBe(404)
    expect(res.json.message).toBe(RESUMABLE_MSG.notFound)
  })

  it('the sweep job runs from the queue and queues its next run', async () => {
    const { queueResumableSweep, RESUMABLE_SWEEP_KIND } = await import('./resumable-sweep-job')
    await t.db.deleteFrom('jobs').where('kind', '=', RESUMABLE_SWEEP_KIND).execute()
    expect(await queueResumableSweep(t.db, t.deps.dialect)).toBe(true)
    expect(await queueResumableSweep(t.db, t.deps.dialect)).toBe(false)
    await t.runJobs()
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['status', 'run_after'])
      .where('kind', '=', RESUMABLE_SWEEP_KIND)
      .execute()
    expect(jobs.map((j) => j.status).sort()).toEqual(['done', 'queued'])
  })
})

describe(`resumable recap uploads (${TEST_DB})`, () => {
  const rbase = () => `/api/rekap/${project.slug}/resumable`

  it('admins only; sniffs the first part and the whole file as the recap upload does; stores one recap', async () => {
    expect(
      (await t.request('POST', rbase(), { token: c.supervisor.token, json: { name: 'r.pdf', size: 10 } }))
        .status,
    ).toBe(403)
    const folder = await t.request('POST', rbase(), {
      token: c.admin.token,
      json: { name: 'r.pdf', size: 10, folder_slug: 'x' },
    })
    expect(folder.status).toBe(422)

    // Not a document by its bytes: refused at the first part.
    let res = await t.request('POST', rbase(), {
      token: c.admin.token,
      json: { name: 'rekap.pdf', size: 2 * MB },
    })
    const wrong = res.json.data as ResumableState
    res = await t.request('PUT', `${rbase()}/${wrong.id}/part?offset=0`, {
      token: c.admin.token,
      body: partForm(randomBytes(MB)),
    })
    expect(res.status).toBe(415)

    const file = Buffer.concat([drawing(2 * MB), Buffer.from('\n%%EOF\n')])
    res = await t.request('POST', rbase(), {
      token: c.admin.token,
      json: { name: 'Rekap Mei', size: file.length },
    })
    const up = res.json.data as ResumableState
    for (const [from, to] of [
      [0, MB],
      [MB, file.length],
    ] as const) {
      res = await t.request('PUT', `${rbase()}/${up.id}/part?offset=${from}`, {
        token: c.admin.token,
        body: partForm(file.subarray(from, to)),
      })
      expect(res.status, res.text).toBe(200)
    }
    res = await t.request('POST', `${rbase()}/${up.id}/complete`, {
      token: c.admin.token,
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(res.status, res.text).toBe(201)
    expect(res.json.data).toMatchObject({ name: 'Rekap Mei.pdf', size_bytes: file.length })
    const rows = await t.db
      .selectFrom('recap_files')
      .select('id')
      .where('name', '=', 'Rekap Mei.pdf')
      .execute()
    expect(rows).toHaveLength(1)
  })
})

describe(`resumable uploads and the daily quota (${TEST_DB})`, () => {
  it('refuses a file that does not fit in what is left today before its first byte, and counts the parts', async () => {
    const q = await createTestApp({
      limits: { ...t.deps.config.limits, uploadBytesPerDay: 3 * MB },
    })
    try {
      const qc = await cast(q)
      const p = await projectWithMembers(q, qc, 'Kuota')
      const url = `/api/file/${p.slug}/resumable/pengawasan`
      const tooMuch = await q.request('POST', url, {
        token: qc.supervisor.token,
        json: { name: 'a.pdf', size: 4 * MB },
      })
      expect(tooMuch.status).toBe(429)
      expect(tooMuch.headers.get('retry-after')).toBeTruthy()
      const ok = await q.request('POST', url, {
        token: qc.supervisor.token,
        json: { name: 'b.pdf', size: 2 * MB },
      })
      expect(ok.status).toBe(201)
      const part = await q.request('PUT', `${url}/${ok.json.data.id}/part?offset=0`, {
        token: qc.supervisor.token,
        body: partForm(drawing(2 * MB)),
      })
      expect(part.status).toBe(200)
      // 2 MB of the 3 counted: another 2 MB file no longer fits.
      const next = await q.request('POST', url, {
        token: qc.supervisor.token,
        json: { name: 'c.pdf', size: 2 * MB },
      })
      expect(next.status).toBe(429)
    } finally {
      await q.close()
    }
  })
})
