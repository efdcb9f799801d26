import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_MSG } from '../../../src/contracts/documentation'
import { FILE_MSG, type FileEntry } from '../../../src/contracts/files'
import { type Cast, cast, pdfBytes, projectWithMembers, upload } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'

/*
 * File review with a reason (issue 30): 'Revisi' on a drawing carries what to fix, stored on the file,
 * shown in the folder list, written in the history and told to the uploader first; SPEC's call without
 * a body keeps working.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
  project = await projectWithMembers(t, c, 'Gedung Serbaguna')
})
afterAll(() => t.close())

async function uploaded(name: string, token = c.planner.token): Promise<string> {
  const res = await upload(t, token, project.slug, 'perencanaan', [{ name, data: pdfBytes(name) }])
  expect(res.status, res.text).toBe(201)
  return (res.json.results as FileEntry[])[0]?.uuid as string
}

const review = (uuid: string, status: string, json?: unknown, token = c.admin.token) =>
  t.request('PATCH', `/api/file/${project.slug}/status/${uuid}/${status}`, { token, json })

async function listed(uuid: string): Promise<FileEntry> {
  const res = await t.request('GET', `/api/folder/${project.slug}/explore/perencanaan`, {
    token: c.planner.token,
  })
  const entry = (res.json.data.files as FileEntry[]).find((f) => f.uuid === uuid)
  if (!entry) throw new Error(`${uuid} is not listed`)
  return entry
}

describe(`file review with a reason (${TEST_DB})`, () => {
  it('a Revisi keeps its reason: on the file, in the list, in the history, first in the notification and WhatsApp', async () => {
    const uuid = await uploaded('Denah Lantai 2.pdf')
    const short = await review(uuid, 'rejected', { note: 'no' })
    expect(short.status).toBe(422)
    expect(short.json.errors).toEqual({ note: DOC_MSG.noteShort })
    expect((await listed(uuid)).status).toBe('pending')

    const note = 'Dimensi kolom tidak sesuai gambar struktur, perbaiki skala 1:100'
    const res = await review(uuid, 'rejected', { note: `  ${note}  ` })
    expect(res.status, res.text).toBe(200)
    expect(res.json.message).toBe(FILE_MSG.fileRejected)
    expect(res.json.data).toMatchObject({ uuid, status: 'rejected', review_note: note })
    expect(await listed(uuid)).toMatchObject({
      status: 'rejected',
      review_note: note,
      reviewer: { name: 'Admin Utama' },
    })

    const history = await t.db
      .selectFrom('history')
      .select(['action', 'detail'])
      .where('object_kind', '=', 'file')
      .where('object_id', '=', uuid)
      .orderBy('id')
      .execute()
    expect(history.map((h) => h.action)).toEqual(['upload', 'reject'])
    expect(JSON.parse(history[1]?.detail ?? 'null')).toEqual({ area: 'perencanaan', note })

    await t.deps.notifications.idle()
    const told = await t.db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'title', 'message'])
      .where('type', '=', 'file_revision')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(told).toMatchObject({ user_id: c.planner.id, title: 'File perlu revisi' })
    expect(told.message).toBe(
      `Catatan revisi: "${note}". File "Denah Lantai 2.pdf" di project Gedung Serbaguna dikembalikan oleh Admin Utama untuk direvisi.`,
    )
    const wa = await t.db
      .selectFrom('whatsapp_outbox')
      .select('text')
      .where('notification_id', '=', told.id)
      .executeTakeFirstOrThrow()
    expect(wa.text.startsWith(`*File perlu revisi*\nCatatan revisi: "${note}"`)).toBe(true)
  })

  it("SPEC's call without a body still works (no reason); an approval takes none; the wording is Indonesian", async () => {
    const bare = await uploaded('Potongan A-A.pdf')
    const res = await t.request('PATCH', `/api/file/${project.slug}/status/${bare}/rejected`, {
      token: c.admin.token,
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.data).toMatchObject({ status: 'rejected', review_note: null })

    const good = await uploaded('Tampak Depan.pdf')
    const ok = await review(good, 'approved', { note: 'diabaikan untuk persetujuan' })
    expect(ok.status).toBe(200)
    expect(ok.json.message).toBe('File approved successfully')
    expect(ok.json.data.review_note).toBeNull()

    const broken = await t.request('PATCH', `/api/file/${project.slug}/status/${good}/rejected`, {
      token: c.admin.token,
      body: '{note',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
    // A non-admin is refused before the body is read.
    const other = await uploaded('Detail Tangga.pdf')
    expect((await review(other, 'rejected', { note: 'Tidak boleh' }, c.planner.token)).status).toBe(403)
  })
})
