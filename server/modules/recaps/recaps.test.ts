import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECAP_MSG, type RecapFile } from '../../../src/contracts/recaps'
import { type Cast, cast, privateBlobs, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { doc, docx, exe, pdf, plainZip, ppt, pptx, xls, xlsx } from '../../test/office-fixtures'
import { BLOB_COLUMNS } from '../../uploads/sweep'

let t: TestApp
let c: Cast
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  project = await projectWithMembers(t, c, 'Jembatan Kali Progo')
})
afterAll(() => t.close())

function recapForm(name: string, data: Buffer, type = 'application/octet-stream') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(data)], { type }), name)
  return form
}

const uploadAs = (token: string, name: string, data: Buffer, opts: { slug?: string; key?: string } = {}) =>
  t.request('POST', `/api/rekap/${opts.slug ?? project.slug}/upload`, {
    token,
    body: recapForm(name, data),
    headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
  })

const list = (token: string, slug = project.slug) => t.request('GET', `/api/rekap/${slug}/list`, { token })

async function downloadAs(
  token: string | undefined,
  id: string | number,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(`/api/rekap/${project.slug}/download/${id}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

async function stored(name: string, data: Buffer): Promise<RecapFile> {
  const res = await uploadAs(c.admin.token, name, data)
  expect(res.status, res.text).toBe(201)
  return res.json.data as RecapFile
}

describe(`recap files (${TEST_DB})`, () => {
  it('an admin uploads a PDF: 201 with SPEC fields, listed newest first for every member', async () => {
    const first = await stored('Rekap Bulan Maret.pdf', pdf('maret'))
    const bytes = pdf('april, sedikit lebih panjang')
    const res = await uploadAs(c.admin.token, 'Rekap Bulan April – revisi ✓.pdf', bytes)
    expect(res.status).toBe(201)
    expect(res.json.message).toBe(RECAP_MSG.uploaded)
    const recap = res.json.data as RecapFile
    expect(recap).toMatchObject({
      name: 'Rekap Bulan April – revisi ✓.pdf',
      size_bytes: bytes.length,
      size_kb: Math.round((bytes.length / 1024) * 100) / 100,
      mime: 'application/pdf',
      creator: { id: c.admin.id, name: 'Admin Utama' },
    })
    expect(recap.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(Number.isNaN(Date.parse(recap.created_at))).toBe(false)

    for (const who of [c.admin, c.planner, c.supervisor]) {
      const listed = await list(who.token)
      expect(listed.status).toBe(200)
      const ids = (listed.json.data as RecapFile[]).map((r) => r.id)
      expect(ids.indexOf(recap.id)).toBeLessThan(ids.indexOf(first.id))
    }
    // The project's counters (triggers of migration 002) count recap files.
    const detail = await t.request('GET', `/api/project/detail/${project.slug}`, { token: c.admin.token })
    expect(detail.json.data.total_recaps).toBe((await list(c.admin.token)).json.data.length)
  })

  it('takes every kind SPEC names, judged by the bytes', async () => {
    const kinds: [string, Buffer, string][] = [
      ['a.docx', await docx(), 'wordprocessingml'],
      ['b.xlsx', await xlsx(), 'spreadsheetml'],
      ['c.pptx', await pptx(), 'presentationml'],
      ['d.doc', doc(), 'application/msword'],
      ['e.xls', xls(), 'application/vnd.ms-excel'],
      ['f.ppt', ppt(), 'application/vnd.ms-powerpoint'],
    ]
    for (const [name, data, mime] of kinds) {
      const res = await uploadAs(c.admin.token, name, data)
      expect(res.status, `${name}: ${res.text}`).toBe(201)
      expect(res.json.data.mime).toContain(mime)
      expect(res.json.data.name).toBe(name)
    }
  })

  it('refuses a renamed .exe, a plain zip, an image and HTML with 415 in Indonesian, storing nothing', async () => {
    const before = privateBlobs(t)
    const count = (await list(c.admin.token)).json.data.length
    const cases: [string, Buffer][] = [
      ['setup.pdf', exe()],
      ['laporan.docx', await plainZip()],
      ['foto.xlsx', await samplePng()],
      ['halaman.pdf', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ]
    for (const [name, data] of cases) {
      const res = await uploadAs(c.admin.token, name, data)
      expect(res.status, name).toBe(415)
      expect(res.json).toMatchObject({ success: false, message: RECAP_MSG.wrongType })
    }
    expect(privateBlobs(t)).toEqual(before)
    expect((await list(c.admin.token)).json.data.length).toBe(count)
  })

  it('answers 422 when no file was chosen, and fixes a name whose extension says another kind', async () => {
    const empty = await t.request('POST', `/api/rekap/${project.slug}/upload`, {
      token: c.admin.token,
      body: new FormData(),
    })
    expect(empty.status).toBe(422)
    expect(empty.json.message).toBe(RECAP_MSG.pickFile)
    expect((await stored('Rekap tanpa ekstensi', pdf())).name).toBe('Rekap tanpa ekstensi.pdf')
    expect((await stored('laporan.pdf', await docx())).name).toBe('laporan.pdf.docx')
    expect((await stored('Laporan.PDF', pdf())).name).toBe('Laporan.PDF')
  })

  it('upload and delete are for admins only (403), asked before the body; outsiders see nothing (404)', async () => {
    const before = privateBlobs(t)
    for (const who of [c.planner, c.supervisor]) {
      expect((await uploadAs(who.token, 'x.pdf', pdf())).status).toBe(403)
    }
    expect((await uploadAs(c.outsider.token, 'x.pdf', pdf())).status).toBe(404)
    expect((await uploadAs(c.superadmin.token, 'x.pdf', pdf())).status).toBe(404)
    expect((await list(c.outsider.token)).status).toBe(404)
    expect((await list(c.superadmin.token)).status).toBe(404)
    expect((await uploadAs(c.admin.token, 'x.pdf', pdf(), { slug: randomUUID() })).status).toBe(404)
    expect(privateBlobs(t)).toEqual(before)

    const recap = await stored('Hapus saya.pdf', pdf())
    for (const who of [c.planner, c.supervisor]) {
      const res = await t.request('DELETE', `/api/rekap/${project.slug}/remove/${recap.id}`, {
        token: who.token,
      })
      expect(res.status).toBe(403)
    }
    const hidden = await t.request('DELETE', `/api/rekap/${project.slug}/remove/${recap.id}`, {
      token: c.outsider.token,
    })
    expect(hidden.status).toBe(404)
    expect((await downloadAs(c.admin.token, recap.id)).status).toBe(200)
  })

  it('everyone with access downloads the exact bytes under the original name, with ranges; others get 404', async () => {
    const bytes = pdf('unduhan rekap untuk semua anggota')
    const recap = await stored('Rekap Akhir – Jembatan.pdf', bytes)
    for (const who of [c.admin, c.planner, c.supervisor]) {
      for (const id of [recap.id, recap.uuid]) {
        const res = await downloadAs(who.token, id)
        expect(res.status).toBe(200)
        expect(res.body.equals(bytes)).toBe(true)
        expect(res.headers.get('content-type')).toBe('application/pdf')
        expect(res.headers.get('content-disposition')).toContain(
          `filename*=UTF-8''${encodeURIComponent('Rekap Akhir – Jembatan.pdf')}`,
        )
      }
    }
    const part = await downloadAs(c.planner.token, recap.id, { range: 'bytes=0-7' })
    expect(part.status).toBe(206)
    expect(part.body.toString()).toBe('%PDF-1.4')
    expect((await downloadAs(c.outsider.token, recap.id)).status).toBe(404)
    expect((await downloadAs(undefined, recap.id)).status).toBe(401)
  })

  it('answers 404 "File tidak ditemukan" for an unknown id, or one of another project', async () => {
    const other = await projectWithMembers(t, c, 'Project Lain')
    const res = await uploadAs(c.admin.token, 'lain.pdf', pdf(), { slug: other.slug })
    const foreign = res.json.data as RecapFile
    for (const id of ['999999', randomUUID(), String(foreign.id), foreign.uuid, '99999999999999']) {
      const got = await downloadAs(c.admin.token, id)
      expect(got.status, id).toBe(404)
      expect(JSON.parse(got.body.toString()).message).toBe(RECAP_MSG.fileNotFound)
      const del = await t.request('DELETE', `/api/rekap/${project.slug}/remove/${id}`, {
        token: c.admin.token,
      })
      expect(del.status, id).toBe(404)
    }
  })

  it('an admin deletes: gone from the list, its blob removed, a second delete 404', async () => {
    const before = privateBlobs(t)
    const recap = await stored('Sementara.xlsx', await xlsx())
    expect(privateBlobs(t).length).toBe(before.length + 1)
    const res = await t.request('DELETE', `/api/rekap/${project.slug}/remove/${recap.uuid}`, {
      token: c.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe(RECAP_MSG.deleted)
    expect((await list(c.planner.token)).json.data.map((r: RecapFile) => r.id)).not.toContain(recap.id)
    expect(privateBlobs(t)).toEqual(before)
    const again = await t.request('DELETE', `/api/rekap/${project.slug}/remove/${recap.id}`, {
      token: c.admin.token,
    })
    expect(again.status).toBe(404)
  })

  it('an upload retried with the same Idempotency-Key lands once', async () => {
    const key = randomUUID()
    const count = (await list(c.admin.token)).json.data.length
    const a = await uploadAs(c.admin.token, 'Sekali saja.pdf', pdf('sekali'), { key })
    const b = await uploadAs(c.admin.token, 'Sekali saja.pdf', pdf('sekali'), { key })
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(b.json.data.id).toBe(a.json.data.id)
    expect((await list(c.admin.token)).json.data.length).toBe(count + 1)
  })

  it('keeps recap blobs out of the orphan sweep (their column is in BLOB_COLUMNS)', () => {
    expect(BLOB_COLUMNS).toContainEqual({ table: 'recap_files', column: 'blob_key' })
  })
})
