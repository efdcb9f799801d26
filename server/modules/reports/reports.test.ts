import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_MSG, type Report } from '../../../src/contracts/reports'
import { type Cast, cast, privateBlobs, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { downloadPdf, pdfPages, pdfText, review, uploadDoc, workItem } from './report-fixtures'

/*
 * Laporan Dokumentasi, server side (issue 24): which photos a report holds, the PDF's words and pages
 * as poppler reads them, the answers of every endpoint, on SQLite and PostgreSQL alike.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
let dir: string
let struktur: number
let arsitektur: number
/** Descriptions of what the week's approved report must show, and of what it must not. */
const IN_WEEK: string[] = []
const NOT_IN_WEEK: string[] = []
const PENDING = 'Pemasangan bekisting balok menunggu'
const REJECTED = 'Pembesian kolom ditolak konsultan'

// Project week 2 of a project created on Monday 24 February 2025 (Asia/Jakarta): 3-9 March 2025.
const WEEK = { from: '2025-03-03', to: '2025-03-09' }

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-report-'))
  project = await projectWithMembers(t, c, 'Gedung Kantor Bupati')
  await t.db
    .updateTable('projects')
    .set({ created_at: '2025-02-23T17:00:00.000Z' })
    .where('id', '=', project.id)
    .execute()
  struktur = await workItem(t, c.admin, project.id, 'Struktur')
  arsitektur = await workItem(t, c.admin, project.id, 'Arsitektur')
  const slug = project.slug
  const sup = c.supervisor
  const approved = async (spec: Parameters<typeof uploadDoc>[3]) => {
    const uuid = await uploadDoc(t, sup, slug, spec)
    await review(t, c.admin, slug, uuid, 'approved')
    return uuid
  }
  // In the week (firm days): Monday morning, Wednesday night, Sunday 23.30 WIB (16.30 UTC).
  IN_WEEK.push(
    'Pengecoran kolom lantai 1',
    'Pemasangan tulangan plat',
    'Plesteran dinding tangga',
    'Galian pondasi',
  )
  await approved({
    description: IN_WEEK[0],
    takenAt: '2025-03-03T02:00:00.000Z',
    workItemId: struktur,
    location: 'Lantai 1 As C-4',
    progress: 40,
    lat: -6.2,
    lng: 106.816666,
    accuracy: 8,
    photos: 2,
  })
  await approved({
    description: IN_WEEK[1],
    takenAt: '2025-03-05T16:30:00.000Z',
    workItemId: struktur,
    orientation: 6,
  })
  await approved({
    description: IN_WEEK[2],
    takenAt: '2025-03-09T16:30:00.000Z',
    workItemId: arsitektur,
    progress: 75,
  })
  await approved({ description: IN_WEEK[3], takenAt: '2025-03-04T03:00:00.000Z' })
  // Not in it: Monday 00.30 WIB of the next week (still the 9th in UTC), the week before, trashed.
  NOT_IN_WEEK.push('Bongkar bekisting minggu depan', 'Pembersihan lahan minggu lalu', 'Foto salah dihapus')
  await approved({ description: NOT_IN_WEEK[0], takenAt: '2025-03-09T17:30:00.000Z', workItemId: struktur })
  await approved({ description: NOT_IN_WEEK[1], takenAt: '2025-03-02T16:59:00.000Z', workItemId: struktur })
  const trashed = await approved({ description: NOT_IN_WEEK[2], takenAt: '2025-03-05T03:00:00.000Z' })
  const del = await t.request('DELETE', `/api/doc/${slug}/remove/${trashed}`, { token: c.admin.token })
  expect(del.status, del.text).toBe(200)
  await uploadDoc(t, sup, slug, {
    description: PENDING,
    takenAt: '2025-03-06T03:00:00.000Z',
    workItemId: struktur,
  })
  const rejected = await uploadDoc(t, sup, slug, {
    description: REJECTED,
    takenAt: '2025-03-07T03:00:00.000Z',
  })
  await review(t, c.admin, slug, rejected, 'rejected', 'Sudut foto kurang jelas')
  await t.runJobs()
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const create = (body: unknown, token = c.admin.token, slug = project.slug) =>
  t.request('POST', `/api/report/${slug}/create`, { token, json: body })

async function made(body: Record<string, unknown>): Promise<Report> {
  const res = await create(body)
  expect(res.status, res.text).toBe(202)
  await t.runJobs()
  const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
  return (list.json.data as Report[]).find((r) => r.id === res.json.data.id) as Report
}

describe(`Laporan Dokumentasi (${TEST_DB})`, () => {
  it('a week of approved photos: exactly those, every caption in the PDF, its pages as planned', async () => {
    const res = await create(WEEK)
    expect(res.status, res.text).toBe(202)
    expect(res.json.message).toBe(REPORT_MSG.created)
    const queued = res.json.data as Report
    expect(queued).toMatchObject({
      status: 'queued',
      progress: 0,
      photo_count: 5,
      per_page: 4,
      include: 'approved',
      title: 'Laporan Dokumentasi Mingguan - Gedung Kantor Bupati - Minggu ke-2',
      created_by: { id: c.admin.id, name: 'Admin Utama' },
    })
    expect(queued.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
    const early = await t.request('GET', `/api/report/${project.slug}/download/${queued.id}`, {
      token: c.admin.token,
    })
    expect(early.status).toBe(409)
    expect(early.json.message).toBe(REPORT_MSG.notReady)

    await t.runJobs()
    const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
    const ready = (list.json.data as Report[]).find((r) => r.id === queued.id) as Report
    expect(ready).toMatchObject({ status: 'ready', progress: 100, error: null })
    // Any member downloads it; the name is the title's.
    const { file, headers } = await downloadPdf(t, c.planner.token, project.slug, queued.id, dir)
    expect(headers.get('content-disposition')).toContain('Minggu%20ke-2.pdf')
    expect(Number(headers.get('content-length'))).toBe(ready.size_bytes)
    const text = pdfText(file)
    for (const d of IN_WEEK) expect(text).toContain(d)
    for (const d of [...NOT_IN_WEEK, PENDING, REJECTED]) expect(text).not.toContain(d)
    expect(text).toContain('3–9 Maret 2025')
    expect(text).toContain('Konsultan Pengawas')
    expect(text).toContain('Disusun oleh')
    expect(text).toContain('Diambil 3 Maret 2025 09.00 WIB')
    expect(text).toContain('Diambil 9 Maret 2025 23.30 WIB')
    // The place as a reader can use it: its description and where the point came from; no coordinates.
    expect(text).toContain('Lokasi: Lantai 1 As C-4 - titik dari kamera aplikasi saat memotret (±8 m)')
    expect(text).not.toContain('106.8')
    expect(text).toContain('Oleh Pengawas Satu · Progres 40 %')
    expect(text).toContain('Tanpa item pekerjaan')
    expect(text).not.toContain('Status:')
    // Cover + the photos flowing two rows a page: Arsitektur (1 row), Struktur (3 photos on 2 days: 2
    // rows), no work item (1 row).
    expect(pdfPages(file)).toBe(3)
    expect(ready.pages).toBe(3)
    for (let n = 1; n <= 3; n++) expect(text).toContain(`Halaman ${n} dari 3`)
    expect(text.split(`Kode verifikasi: ${ready.code}`).length - 1).toBeGreaterThanOrEqual(3)
    // The photos it holds, as they were: in report order, with their hashes.
    const held = await t.db
      .selectFrom('report_photos')
      .innerJoin('doc_images', 'doc_images.id', 'report_photos.doc_image_id')
      .select(['report_photos.position', 'report_photos.sha256', 'doc_images.sha256 as now'])
      .where('report_photos.report_id', '=', queued.id)
      .orderBy('report_photos.position')
      .execute()
    expect(held.map((h) => h.position)).toEqual([1, 2, 3, 4, 5])
    for (const h of held) expect(h.sha256).toBe(h.now)
  })

  it("include 'all' shows the pending and rejected items with their status and the review note", async () => {
    const report = await made({ ...WEEK, include: 'all', per_page: 6, title: 'Semua foto minggu ini' })
    expect(report).toMatchObject({ status: 'ready', photo_count: 7, title: 'Semua foto minggu ini' })
    const { file } = await downloadPdf(t, c.admin.token, project.slug, report.id, dir)
    const text = pdfText(file)
    for (const d of [...IN_WEEK, PENDING, REJECTED]) expect(text).toContain(d)
    expect(text).toContain('Status: Menunggu')
    expect(text).toContain('Status: Ditolak · Catatan: Sudut foto kurang jelas')
    expect(text).toContain('Status: Disetujui')
  })

  it('per_page 2 and 6 give the pages the layout plans', async () => {
    // 2: Arsitektur 1 row, Struktur 3 rows, no work item 1 row, two rows a page: cover + 3.
    // 6: the same 4 rows of up to 2, three rows a page: cover + 2.
    const two = await made({ ...WEEK, per_page: 2 })
    const six = await made({ ...WEEK, per_page: 6 })
    const twoFile = (await downloadPdf(t, c.admin.token, project.slug, two.id, dir)).file
    const sixFile = (await downloadPdf(t, c.admin.token, project.slug, six.id, dir)).file
    expect([pdfPages(twoFile), two.pages]).toEqual([4, 4])
    expect([pdfPages(sixFile), six.pages]).toEqual([3, 3])
    expect(pdfText(twoFile)).toContain('Struktur (lanjutan)')
  })

  it('only the chosen work items; one of another project is refused in Indonesian', async () => {
    const report = await made({ ...WEEK, work_item_ids: [arsitektur] })
    expect(report).toMatchObject({ photo_count: 1, work_item_ids: [arsitektur] })
    const other = await projectWithMembers(t, c, 'Proyek Lain')
    const foreign = await workItem(t, c.admin, other.id, 'Struktur')
    const res = await create({ ...WEEK, work_item_ids: [struktur, foreign] })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe(REPORT_MSG.workItemNotFound)
    expect(res.json.errors.work_item_ids).toBe(REPORT_MSG.workItemNotFound)
  })

  it("'Minggu ke-n' counts from the project's start day (the contract's) once an admin sets it", async () => {
    const setStart = (start_day: string | null) =>
      t.request('PUT', `/api/project/update/${project.id}`, {
        token: c.admin.token,
        json: { name: 'Gedung Kantor Bupati', description: 'Pembangunan gedung serbaguna', start_day },
      })
    // The contract began a week before the project was made in Berkas: 3-9 March is its third week.
    expect((await setStart('2025-02-17')).status).toBe(200)
    try {
      const res = await create({ ...WEEK, per_page: 6 })
      expect(res.status, res.text).toBe(202)
      expect(res.json.data.title).toBe('Laporan Dokumentasi Mingguan - Gedung Kantor Bupati - Minggu ke-3')
    } finally {
      expect((await setStart(null)).status).toBe(200)
    }
    expect((await create({ ...WEEK, per_page: 6 })).json.data.title).toMatch(/- Minggu ke-2$/)
    await t.runJobs()
  })

  it('an empty period: 422 before anything is written or queued', async () => {
    const before = await counts()
    const res = await create({ from: '2025-01-01', to: '2025-01-07' })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe(REPORT_MSG.empty)
    expect(await counts()).toEqual(before)
  })

  it('bad input gets 422 in Indonesian, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ from: '2025-3-3', to: '2025-03-09' }, REPORT_MSG.badDate],
      [{ from: '2025-02-30', to: '2025-03-09' }, REPORT_MSG.badDate],
      [{ from: '2025-03-09', to: '2025-03-03' }, REPORT_MSG.badRange],
      [{ from: '2025-01-01', to: '2025-12-31' }, REPORT_MSG.tooLong],
      [{ ...WEEK, include: 'some' }, REPORT_MSG.badInclude],
      [{ ...WEEK, per_page: 3 }, REPORT_MSG.badPerPage],
      [{ ...WEEK, work_item_ids: ['x'] }, REPORT_MSG.badWorkItems],
      [{ ...WEEK, title: 'x'.repeat(201) }, REPORT_MSG.titleLong],
    ]
    for (const [body, message] of cases) {
      const res = await create(body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(Object.values(res.json.errors ?? {})).toContain(message)
    }
    const notJson = await t.request('POST', `/api/report/${project.slug}/create`, {
      token: c.admin.token,
      body: 'from=2025-03-03',
      headers: { 'content-type': 'text/plain' },
    })
    expect(notJson.status).toBe(415)
    // Odd ids and bodies are a 4xx on both databases, never a 500.
    for (const id of ['abc', '99999999999', '2147483648', '-1', '1.5'])
      for (const [method, action] of [
        ['GET', 'download'],
        ['POST', 'to-rekap'],
        ['DELETE', 'remove'],
      ] as const) {
        const res = await t.request(method, `/api/report/${project.slug}/${action}/${id}`, {
          token: c.admin.token,
        })
        expect(res.status, `${method} ${action}/${id}`).toBe(404)
        expect(res.json.message).toBe(REPORT_MSG.notFound)
      }
    for (const body of [
      [],
      'teks',
      null,
      { ...WEEK, title: 'Judul\u0000' },
      { ...WEEK, title: 'dua\nbaris' },
    ]) {
      const res = await create(body)
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
    }
  })

  it('two admins at once: two reports, two codes, both made', async () => {
    const second = await t.user('admin', { name: 'Admin Kedua' })
    const [a, b] = await Promise.all([create({ ...WEEK, per_page: 6 }), create(WEEK, second.token)])
    expect([a.status, b.status]).toEqual([202, 202])
    expect(a.json.data.code).not.toBe(b.json.data.code)
    await t.runJobs()
    const list = (await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })).json
      .data as Report[]
    for (const id of [a.json.data.id, b.json.data.id])
      expect(list.find((r) => r.id === id)).toMatchObject({ status: 'ready', photo_count: 5 })
    expect(list.find((r) => r.id === b.json.data.id)?.created_by.name).toBe('Admin Kedua')
  })

  it('Simpan ke Rekap: a recap file with the same bytes, once; removal keeps the copy and the code', async () => {
    const report = await made({ ...WEEK, title: 'Laporan untuk rekap' })
    const saved = await t.request('POST', `/api/report/${project.slug}/to-rekap/${report.id}`, {
      token: c.admin.token,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json.message).toBe(REPORT_MSG.savedToRecap)
    let recapId = saved.json.data.recap_id as number
    const recaps = await t.request('GET', `/api/rekap/${project.slug}/list`, { token: c.supervisor.token })
    const recap = recaps.json.data.find((r: { id: number }) => r.id === recapId)
    expect(recap).toMatchObject({
      name: 'Laporan untuk rekap.pdf',
      mime: 'application/pdf',
      size_bytes: report.size_bytes,
    })
    const again = await t.request('POST', `/api/report/${project.slug}/to-rekap/${report.id}`, {
      token: c.admin.token,
    })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(REPORT_MSG.alreadyInRecap)
    // Its Rekap copy deleted, the report is not in Rekap any more and may be saved again.
    const dropped = await t.request('DELETE', `/api/rekap/${project.slug}/remove/${recapId}`, {
      token: c.admin.token,
    })
    expect(dropped.status).toBe(200)
    const listed = (await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })).json
      .data as Report[]
    expect(listed.find((r) => r.id === report.id)?.recap_id).toBeNull()
    const resaved = await t.request('POST', `/api/report/${project.slug}/to-rekap/${report.id}`, {
      token: c.admin.token,
    })
    expect(resaved.status, resaved.text).toBe(200)
    recapId = resaved.json.data.recap_id as number
    const history = await t.request('GET', `/api/project/${project.id}/history`, { token: c.admin.token })
    const kinds = (history.json.data as { action: string; object: { kind: string; name: string } }[]).map(
      (e) => `${e.action} ${e.object.kind} ${e.object.name}`,
    )
    expect(kinds).toContain('upload recap Laporan untuk rekap.pdf')
    expect(kinds).toContain('create report Laporan untuk rekap')

    const blobsBefore = privateBlobs(t).length
    const removed = await t.request('DELETE', `/api/report/${project.slug}/remove/${report.id}`, {
      token: c.admin.token,
    })
    expect(removed.status).toBe(200)
    expect(privateBlobs(t).length).toBe(blobsBefore - 1)
    const list = (await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })).json
      .data as Report[]
    expect(list.some((r) => r.id === report.id)).toBe(false)
    const gone = await t.request('GET', `/api/report/${project.slug}/download/${report.id}`, {
      token: c.admin.token,
    })
    expect(gone.status).toBe(404)
    expect(gone.json.message).toBe(REPORT_MSG.notFound)
    const row = await t.db
      .selectFrom('reports')
      .select(['code', 'deleted_at'])
      .where('id', '=', report.id)
      .executeTakeFirst()
    expect(row?.code).toBe(report.code)
    expect(row?.deleted_at).not.toBeNull()
    const stillRecap = await t.request('GET', `/api/rekap/${project.slug}/download/${recapId}`, {
      token: c.admin.token,
    })
    expect(stillRecap.status).toBe(200)
  })

  it('a report removed while it is being made is never stored', async () => {
    const res = await create(WEEK)
    const blobsBefore = privateBlobs(t).length
    await t.request('DELETE', `/api/report/${project.slug}/remove/${res.json.data.id}`, {
      token: c.admin.token,
    })
    await t.runJobs()
    expect(privateBlobs(t).length).toBe(blobsBefore)
    const row = await t.db
      .selectFrom('reports')
      .select(['status', 'blob_key'])
      .where('id', '=', res.json.data.id)
      .executeTakeFirst()
    // Removed before its job took it, or while it ran (the runner may start at once): never ready.
    expect(row?.status).not.toBe('ready')
    expect(row?.blob_key).toBeNull()
  })

  it('members download but do not list, make or remove; outsiders see nothing', async () => {
    const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.planner.token })
    expect(list.status).toBe(403)
    expect((await create(WEEK, c.supervisor.token)).status).toBe(403)
    expect((await create(WEEK, c.outsider.token)).status).toBe(404)
  })
})

async function counts() {
  const one = async (table: 'reports' | 'report_photos' | 'jobs') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return { reports: await one('reports'), photos: await one('report_photos'), jobs: await one('jobs') }
}
