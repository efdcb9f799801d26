import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_MSG, type Doc } from '../../../src/contracts/documentation'
import type { Report } from '../../../src/contracts/reports'
import { REVIEW_BULK_MAX, REVIEW_MSG } from '../../../src/contracts/review'
import { type Cast, cast, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { downloadPdf, pdfText, photoBytes, uploadDoc } from '../reports/report-fixtures'

/*
 * Reviews that reach the field (issue 30): a review may be changed, with its history; several items
 * are judged at once; a note belongs to the version it judged, so a revision's report caption never
 * carries the earlier version's reason.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
let other: { id: number; slug: string }
let dir: string

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  project = await projectWithMembers(t, c, 'Gedung Serbaguna')
  other = await projectWithMembers(t, c, 'Jembatan Kali Bekasi')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-review-'))
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const newDoc = (description = 'Pengecoran kolom lantai dua', who = c.supervisor, slug = project.slug) =>
  uploadDoc(t, who, slug, { description, takenAt: null })

const review = (uuid: string, status: string, json?: unknown, token = c.admin.token) =>
  t.request('PATCH', `/api/doc/${project.slug}/status/${uuid}/${status}`, { token, json })

const bulk = (json: unknown, token = c.admin.token, slug = project.slug) =>
  t.request('PATCH', `/api/doc/${slug}/status-bulk`, { token, json })

async function item(uuid: string, token = c.supervisor.token): Promise<Doc> {
  const res = await t.request('GET', `/api/doc/${project.slug}/item/${uuid}`, { token })
  expect(res.status, res.text).toBe(200)
  return res.json.data as Doc
}

async function historyOf(uuid: string) {
  const rows = await t.db
    .selectFrom('history')
    .select(['action', 'detail', 'actor_id'])
    .where('object_kind', '=', 'doc')
    .where('object_id', '=', uuid)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, detail: r.detail ? JSON.parse(r.detail) : null }))
}

let seen = 0
/** Notifications written since the last call, once every event published so far is handled. */
async function fresh() {
  await t.deps.notifications.idle()
  const rows = await t.db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '>', seen)
    .orderBy('id')
    .execute()
  seen = Math.max(seen, ...rows.map((r) => r.id))
  return rows
}

describe(`a changed review (${TEST_DB})`, () => {
  it('an approval made by mistake becomes a Revisi with its reason, then an approval again; history says before and after', async () => {
    const uuid = await newDoc()
    expect((await review(uuid, 'approved')).status).toBe(200)
    await fresh()

    const note = 'Salah setuju: foto kolom K3 belum terlihat tulangannya'
    const changed = await review(uuid, 'rejected', { note })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json.data).toMatchObject({ uuid, status: 'rejected', review_note: note })
    // The uploader hears the change, the reason first; the link opens the item.
    const told = await fresh()
    expect(told.map((n) => n.user_id)).toEqual([c.supervisor.id])
    expect(told[0]).toMatchObject({ type: 'file_revision', title: 'Dokumentasi perlu revisi' })
    expect(told[0]?.message.startsWith(`Catatan revisi: "${note}".`)).toBe(true)
    expect(told[0]?.link).toBe(`/project/${project.slug}#dokumentasi/${uuid}`)
    // Read fresh by the uploader: the status and the reason as they are now.
    expect(await item(uuid)).toMatchObject({ status: 'rejected', review_note: note })

    // The same review again changes nothing; a corrected reason is a change.
    expect((await review(uuid, 'rejected', { note })).status).toBe(409)
    const better = 'Foto kolom K3 belum terlihat tulangannya, ambil dari dekat'
    expect((await review(uuid, 'rejected', { note: better })).json.data.review_note).toBe(better)

    const back = await review(uuid, 'approved')
    expect(back.status, back.text).toBe(200)
    // An approval has no reason: the card, viewer, report and share show none.
    expect(back.json.data).toMatchObject({ status: 'approved', review_note: null })
    const again = await review(uuid, 'approved')
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(DOC_MSG.alreadyReviewed)
    // Only admins review, changed or not.
    expect((await review(uuid, 'rejected', { note }, c.planner.token)).status).toBe(403)
    expect((await review(uuid, 'rejected', { note }, c.outsider.token)).status).toBe(404)

    const history = await historyOf(uuid)
    expect(history.map((h) => h.action)).toEqual(['upload', 'approve', 'reject', 'reject', 'approve'])
    expect(history[1]?.detail).toEqual({ version: 1 })
    expect(history[2]?.detail).toEqual({
      version: 1,
      note,
      before: { status: 'approved' },
      after: { status: 'rejected' },
    })
    expect(history[3]?.detail).toMatchObject({ note: better, before: { status: 'rejected' } })
    expect(history[4]?.detail).toEqual({
      version: 1,
      before: { status: 'rejected' },
      after: { status: 'approved' },
    })
    const stats = await t.db
      .selectFrom('project_stats')
      .selectAll()
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow()
    expect(stats.docs_approved).toBeGreaterThanOrEqual(1)
  })

  it('two admins changing the same review at once: one wins, the other hears 409', async () => {
    const uuid = await newDoc()
    const second = await t.user('admin', { name: 'Admin Kedua' })
    const [a, b] = await Promise.all([
      review(uuid, 'approved'),
      review(uuid, 'approved', undefined, second.token),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect((await historyOf(uuid)).filter((h) => h.action === 'approve')).toHaveLength(1)
  })
})

describe(`several at once (${TEST_DB})`, () => {
  it('approves several, each with its history; each uploader hears once', async () => {
    const mine = [await newDoc('Bekisting balok B1'), await newDoc('Bekisting balok B2')]
    const planners = await newDoc('Gambar kerja revisi tangga', c.planner)
    const done = await newDoc('Sudah disetujui sebelumnya')
    expect((await review(done, 'approved')).status).toBe(200)
    await fresh()

    const res = await bulk({ uuids: [...mine, planners, done], status: 'approved' })
    expect(res.status, res.text).toBe(200)
    expect(res.json.message).toBe(REVIEW_MSG.bulkApproved(3))
    const judged = res.json.data.docs as Doc[]
    expect(judged.map((d) => d.uuid).sort()).toEqual([...mine, planners].sort())
    expect(judged.every((d) => d.status === 'approved')).toBe(true)
    expect(res.json.data.unchanged).toEqual([done])
    for (const uuid of [...mine, planners])
      expect((await historyOf(uuid)).map((h) => h.action)).toEqual(['upload', 'approve'])

    const told = await fresh()
    expect(told.map((n) => n.user_id).sort((x, y) => x - y)).toEqual(
      [c.planner.id, c.supervisor.id].sort((x, y) => x - y),
    )
    const sup = told.find((n) => n.user_id === c.supervisor.id)
    expect(sup).toMatchObject({ type: 'file_approved', title: 'Dokumentasi disetujui' })
    expect(sup?.message).toContain('2 dokumentasi ("Bekisting balok B1", "Bekisting balok B2")')
    expect(sup?.link).toBe(`/project/${project.slug}#dokumentasi`)
    const pl = told.find((n) => n.user_id === c.planner.id)
    expect(pl?.link).toBe(`/project/${project.slug}#dokumentasi/${planners}`)
  })

  it("'Revisi' for several needs one reason, given to each item and told first", async () => {
    const uuids = [await newDoc('Pasangan bata lantai 1'), await newDoc('Pasangan bata lantai 2')]
    await fresh()
    const without = await bulk({ uuids, status: 'rejected' })
    expect(without.status).toBe(422)
    expect(without.json.errors).toEqual({ note: REVIEW_MSG.noteRequired })
    expect((await bulk({ uuids, status: 'rejected', note: 'ok' })).json.errors).toEqual({
      note: DOC_MSG.noteShort,
    })
    for (const uuid of uuids) expect((await item(uuid)).status).toBe('pending')

    const note = 'Sambungan bata tidak terlihat, foto ulang dengan cahaya cukup'
    const res = await bulk({ uuids, status: 'rejected', note })
    expect(res.status, res.text).toBe(200)
    expect(res.json.message).toBe(REVIEW_MSG.bulkRejected(2))
    for (const uuid of uuids) {
      expect(await item(uuid)).toMatchObject({ status: 'rejected', review_note: note })
      expect((await historyOf(uuid))[1]?.detail).toEqual({ version: 1, note })
    }
    const told = await fresh()
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ user_id: c.supervisor.id, type: 'file_revision' })
    expect(told[0]?.message.startsWith(`Catatan revisi: "${note}". 2 dokumentasi`)).toBe(true)
  })

  it('refuses what it cannot judge whole: a uuid of another project (404, nothing changed), bad lists (422), non-admins', async () => {
    const here = await newDoc('Pemasangan kusen pintu')
    const there = await newDoc('Pondasi abutment', c.supervisor, other.slug)
    const res = await bulk({ uuids: [here, there], status: 'approved' })
    expect(res.status).toBe(404)
    expect(res.json.message).toBe(REVIEW_MSG.bulkMissing(1))
    expect((await item(here)).status).toBe('pending')
    expect((await historyOf(here)).map((h) => h.action)).toEqual(['upload'])

    const cases: [unknown, string, string][] = [
      [{ uuids: [], status: 'approved' }, 'uuids', REVIEW_MSG.bulkEmpty],
      [{ uuids: [here, here], status: 'approved' }, 'uuids', REVIEW_MSG.bulkDuplicate],
      [
        {
          uuids: Array.from({ length: REVIEW_BULK_MAX + 1 }, (_, i) => `uuid-${i}`),
          status: 'approved',
        },
        'uuids',
        REVIEW_MSG.bulkTooMany(REVIEW_BULK_MAX),
      ],
      [{ uuids: [here], status: 'pending' }, 'status', REVIEW_MSG.bulkBadStatus],
    ]
    for (const [body, field, message] of cases) {
      const bad = await bulk(body)
      expect(bad.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      expect(bad.json.errors[field]).toBe(message)
    }
    for (const who of [c.planner, c.supervisor])
      expect((await bulk({ uuids: [here], status: 'approved' }, who.token)).status).toBe(403)
    expect((await bulk({ uuids: [here], status: 'approved' }, c.outsider.token)).status).toBe(404)
    expect((await item(here)).status).toBe('pending')
  })
})

describe(`a note belongs to the version it judged (${TEST_DB})`, () => {
  it("an approved revision's list entry and report caption carry no earlier reason; the history keeps it", async () => {
    // A project of its own, so the report holds this item alone.
    const own = await projectWithMembers(t, c, 'Gudang Logistik')
    const description = 'Pemasangan rangka atap baja ringan'
    const uuid = await newDoc(description, c.supervisor, own.slug)
    const review = (status: string, json?: unknown) =>
      t.request('PATCH', `/api/doc/${own.slug}/status/${uuid}/${status}`, { token: c.admin.token, json })
    const note = 'Foto kurang jelas, sambungan rangka tidak terlihat'
    expect((await review('rejected', { note })).status).toBe(200)

    const form = new FormData()
    form.append(
      'files',
      new Blob([new Uint8Array(await photoBytes({ hue: 200 }))], { type: 'image/jpeg' }),
      'v2.jpg',
    )
    const revised = await t.request('POST', `/api/doc/${own.slug}/revise/${uuid}`, {
      token: c.supervisor.token,
      body: form,
    })
    expect(revised.status, revised.text).toBe(201)
    expect(revised.json.data.docs[0]).toMatchObject({ version: 2, status: 'pending', review_note: null })
    expect((await review('approved')).status).toBe(200)
    const list = await t.request('GET', `/api/doc/${own.slug}/list?limit=60`, { token: c.admin.token })
    expect((list.json.data as Doc[]).find((d) => d.uuid === uuid)).toMatchObject({
      version: 2,
      status: 'approved',
      review_note: null,
    })
    expect((await historyOf(uuid)).find((h) => h.action === 'reject')?.detail).toEqual({ version: 1, note })

    // The report with every status: its caption says 'Disetujui' and nothing of version 1's reason.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date())
    const made = await t.request('POST', `/api/report/${own.slug}/create`, {
      token: c.admin.token,
      json: { from: today, to: today, include: 'all' },
    })
    expect(made.status, made.text).toBe(202)
    await t.runJobs()
    const reports = await t.request('GET', `/api/report/${own.slug}/list`, { token: c.admin.token })
    const report = (reports.json.data as Report[]).find((r) => r.id === made.json.data.id) as Report
    expect(report.status).toBe('ready')
    const { file } = await downloadPdf(t, c.admin.token, own.slug, report.id, dir)
    const text = pdfText(file).replace(/\s+/g, ' ')
    expect(text).toContain(description)
    expect(text).toContain('Status: Disetujui')
    expect(text).not.toContain('Catatan')
    expect(text).not.toContain('kurang jelas')
  })
})
