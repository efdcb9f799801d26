import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../../src/contracts/reports'
import { type Cast, cast, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, formWith, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { downloadPdf, pdfText, review, uploadDoc, workItem } from './report-fixtures'

/*
 * Reports an owner accepts (issue 30): the firm's letterhead and signature block from 'Pengaturan
 * Firma', the work items in the order admins give them, and the count the dialog shows before a
 * report is made, which is the report's own.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
let dir: string
let persiapan: number
let struktur: number
let arsitektur: number
const WEEK = { from: '2026-11-16', to: '2026-11-22' }

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  // With REPORT_LOOK_DIR set, the PDFs are kept there to be rendered (pdftoppm) and looked at.
  dir = process.env.REPORT_LOOK_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-report-firm-'))
  fs.mkdirSync(dir, { recursive: true })
  project = await projectWithMembers(t, c, 'Gedung Puskesmas')
  // Made in alphabetical disorder: the report must follow the order given, not the names.
  struktur = await workItem(t, c.admin, project.id, 'Struktur')
  persiapan = await workItem(t, c.admin, project.id, 'Persiapan')
  arsitektur = await workItem(t, c.admin, project.id, 'Arsitektur')
  const photo = async (description: string, workItemId: number, takenAt: string, approve = true) => {
    const uuid = await uploadDoc(t, c.supervisor, project.slug, { description, workItemId, takenAt })
    if (approve) await review(t, c.admin, project.slug, uuid, 'approved')
  }
  await photo('Pengecoran sloof', struktur, '2026-11-17T02:00:00.000Z')
  await photo('Pembersihan lahan', persiapan, '2026-11-16T02:00:00.000Z')
  await photo('Pemasangan bata', arsitektur, '2026-11-18T02:00:00.000Z')
  await photo('Bekisting kolom', struktur, '2026-11-19T02:00:00.000Z', false)
  await photo('Minggu berikutnya', struktur, '2026-11-23T02:00:00.000Z')
  await t.runJobs()
})
afterAll(async () => {
  await t.close()
  if (!process.env.REPORT_LOOK_DIR) fs.rmSync(dir, { recursive: true, force: true })
})

async function made(body: Record<string, unknown>): Promise<Report> {
  const res = await t.request('POST', `/api/report/${project.slug}/create`, {
    token: c.admin.token,
    json: body,
  })
  expect(res.status, res.text).toBe(202)
  await t.runJobs()
  const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
  return (list.json.data as Report[]).find((r) => r.id === res.json.data.id) as Report
}

const count = (query: string) =>
  t.request('GET', `/api/report/${project.slug}/count?${query}`, { token: c.admin.token })

describe(`a report an owner accepts (${TEST_DB})`, () => {
  it('work items: the order admins give, every item exactly once; codes set on create and change', async () => {
    const put = (ids: unknown) =>
      t.request('PUT', `/api/project/${project.id}/work-items/order`, { token: c.admin.token, json: { ids } })
    // New items go last.
    const listed = await t.request('GET', `/api/project/${project.id}/work-items`, { token: c.planner.token })
    expect(listed.json.data.map((i: { id: number }) => i.id)).toEqual([struktur, persiapan, arsitektur])

    for (const ids of [
      [persiapan, struktur],
      [persiapan, struktur, arsitektur, arsitektur],
      [persiapan, struktur, 999],
      'x',
    ]) {
      const res = await put(ids)
      expect(res.status, JSON.stringify(ids)).toBe(422)
    }
    expect((await put([persiapan, struktur, struktur])).json.errors.ids).toBe(
      'Urutan harus memuat setiap item pekerjaan project tepat satu kali. Muat ulang lalu coba lagi.',
    )
    const refused = await t.request('PUT', `/api/project/${project.id}/work-items/order`, {
      token: c.supervisor.token,
      json: { ids: [persiapan, struktur, arsitektur] },
    })
    expect(refused.status).toBe(403)

    const ordered = await put([persiapan, struktur, arsitektur])
    expect(ordered.status, ordered.text).toBe(200)
    expect(ordered.json.data.map((i: { name: string }) => i.name)).toEqual([
      'Persiapan',
      'Struktur',
      'Arsitektur',
    ])

    const coded = await t.request('PUT', `/api/project/${project.id}/work-items/${persiapan}`, {
      token: c.admin.token,
      json: { name: 'Pekerjaan Persiapan', code: 'I.1' },
    })
    expect(coded.json.data).toEqual({ id: persiapan, name: 'Pekerjaan Persiapan', code: 'I.1' })
    // A change without a code keeps it; a bad one is 422 in Indonesian.
    const renamed = await t.request('PUT', `/api/project/${project.id}/work-items/${persiapan}`, {
      token: c.admin.token,
      json: { name: 'Persiapan' },
    })
    expect(renamed.json.data.code).toBe('I.1')
    const bad = await t.request('PUT', `/api/project/${project.id}/work-items/${struktur}`, {
      token: c.admin.token,
      json: { name: 'Struktur', code: 'II 1;' },
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.code).toContain('Kode hanya boleh')
    const made = await t.request('POST', `/api/project/${project.id}/work-items`, {
      token: c.admin.token,
      json: { name: 'MEP', code: 'IV' },
    })
    expect(made.json.data).toMatchObject({ name: 'MEP', code: 'IV' })
    await t.request('DELETE', `/api/project/${project.id}/work-items/${made.json.data.id}`, {
      token: c.admin.token,
    })

    // Each change is in the project's history.
    const history = await t.db
      .selectFrom('history')
      .select(['action', 'object_name', 'detail'])
      .where('project_id', '=', project.id)
      .where('object_kind', '=', 'work_item')
      .orderBy('id')
      .execute()
    expect(history.map((h) => h.object_name)).toContain('Urutan item pekerjaan')
    const order = history.find((h) => h.object_name === 'Urutan item pekerjaan')
    expect(JSON.parse(order?.detail ?? '{}').after.order).toEqual(['Persiapan', 'Struktur', 'Arsitektur'])
  })

  it('the count is the report’s own photo count, and names a report already made with the same choice', async () => {
    const before = await count(`from=${WEEK.from}&to=${WEEK.to}`)
    expect(before.status, before.text).toBe(200)
    expect(before.json.data).toEqual({ photos: 3, same: [] })
    expect((await count(`from=${WEEK.from}&to=${WEEK.to}&include=all`)).json.data.photos).toBe(4)
    expect(
      (await count(`from=${WEEK.from}&to=${WEEK.to}&work_items=${struktur},${arsitektur}`)).json.data.photos,
    ).toBe(2)

    const report = await made(WEEK)
    expect(report.photo_count).toBe(3)
    const after = await count(`from=${WEEK.from}&to=${WEEK.to}&include=approved`)
    expect(after.json.data.photos).toBe(report.photo_count)
    expect(after.json.data.same).toEqual([
      { id: report.id, title: report.title, code: report.code, created_at: report.created_at },
    ])
    // Another choice is another report.
    expect((await count(`from=${WEEK.from}&to=${WEEK.to}&include=all`)).json.data.same).toEqual([])

    const bad = await count(`from=${WEEK.to}&to=${WEEK.from}`)
    expect(bad.status).toBe(422)
    expect(bad.json.errors.to).toBe('Tanggal awal harus sebelum atau sama dengan tanggal akhir')
    expect((await count('from=kemarin&to=2026-11-22')).status).toBe(422)
    // Never a period reaching past the firm's today, in the count or the report itself.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const ahead = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10)
    const future = await count(`from=${WEEK.from}&to=${ahead}`)
    expect(future.status).toBe(422)
    expect(future.json.errors.to).toBe('Periode laporan tidak boleh melewati hari ini')
    const ahead422 = await t.request('POST', `/api/report/${project.slug}/create`, {
      token: c.admin.token,
      json: { from: tomorrow, to: ahead },
    })
    expect(ahead422.status).toBe(422)
    expect(ahead422.json.errors.to).toBe('Periode laporan tidak boleh melewati hari ini')
    expect((await count(`from=${WEEK.from}&to=${WEEK.to}&work_items=1;2`)).status).toBe(422)
    const member = await t.request(
      'GET',
      `/api/report/${project.slug}/count?from=${WEEK.from}&to=${WEEK.to}`,
      {
        token: c.planner.token,
      },
    )
    expect(member.status).toBe(403)
  })

  it('prints the firm’s letterhead and signature block, and the sections in the given order', async () => {
    const saved = await t.request('PUT', '/api/settings/firm', {
      token: c.admin.token,
      json: {
        name: 'PT Cipta Rekayasa Konsultan',
        address: 'Jl. Diponegoro 21, Semarang',
        phone: '024 555 0101',
        signatories: [
          { label: 'Dibuat oleh', name: 'Rina Putri', title: 'Inspector' },
          { label: 'Diperiksa oleh', name: 'Agus Salim', title: 'Site Engineer' },
          { label: 'Disetujui oleh', name: 'Ir. Budi Santoso', title: 'Team Leader' },
        ],
      },
    })
    expect(saved.status, saved.text).toBe(200)
    const logo = await t.request('PUT', '/api/settings/firm/logo', {
      token: c.admin.token,
      body: formWith({ logo: { data: await samplePng(240, 80), name: 'logo.png', type: 'image/png' } }),
    })
    expect(logo.status, logo.text).toBe(200)

    const report = await made({ ...WEEK, title: 'Laporan Mingguan - Gedung Puskesmas - Minggu ke-3' })
    expect(report.status).toBe('ready')
    const { file } = await downloadPdf(t, c.admin.token, project.slug, report.id, dir)
    const text = pdfText(file)
    for (const words of [
      'PT Cipta Rekayasa Konsultan',
      'Jl. Diponegoro 21, Semarang',
      'Telp. 024 555 0101',
      'Dibuat oleh,',
      'Diperiksa oleh,',
      'Disetujui oleh,',
      'Rina Putri',
      'Ir. Budi Santoso',
      'Team Leader',
    ])
      expect(text).toContain(words)
    expect(text).not.toContain('Konsultan Pengawas')
    // The cover's image is the logo (the photos follow it).
    const images = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file]).toString('utf8')
    expect(images).toMatch(/\n\s*1\s+\d+\s+image\s+240\s+80\b/)
    // Sections and the cover's table follow the order, with codes: I.1 Persiapan, Struktur, Arsitektur.
    // pdftotext reads a page's footer last: page 2 begins after page 1's.
    const at = (s: string) => text.indexOf(s, text.indexOf('Halaman 1 dari'))
    expect(at('I.1 Persiapan')).toBeGreaterThan(-1)
    expect(at('I.1 Persiapan')).toBeLessThan(at('Struktur'))
    expect(at('Struktur')).toBeLessThan(at('Arsitektur'))
    const cover = text.slice(0, text.indexOf('Halaman 1 dari'))
    expect(cover.indexOf('I.1 Persiapan')).toBeLessThan(cover.indexOf('Struktur'))
  })
})
