import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERIFY_MSG } from '../../../src/contracts/shares'
import { createTestApp, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { readyReport, sha256, TINY_PDF } from '../../test/share-fixtures'
import { drainQueue } from '../whatsapp/send-queue'
import { SIM_KEYS, SimulatedDriver } from '../whatsapp/simulated-driver'
import { writeState } from '../whatsapp/state'

/*
 * The verification page of a printed report (issue 24): the same SHA-256 values as the stored photos,
 * computed here from the bytes the blob store holds; a trashed photo or a removed report flips it. And
 * the WhatsApp message of a report link delivered with its PDF by a driver that sends documents.
 */

type Account = Awaited<ReturnType<TestApp['user']>>
let t: TestApp
let admin: Account
let supervisor: Account
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp({ whatsappDriver: 'simulated' })
  admin = await t.user('admin')
  supervisor = await t.user('pengawasan')
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Rumah Sakit Daerah', description: 'Verifikasi' },
  })
  project = res.json.data
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [supervisor.id] },
  })
})
afterAll(() => t.close())

/** Uploads a photo through the API (the server hashes what it stores), approves it; its doc and image. */
async function uploaded(description: string, color: number) {
  const form = new FormData()
  form.append('description', description)
  const png = await samplePng(16 + color, 12)
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${color}.png`)
  const up = await t.request('POST', `/api/doc/${project.slug}/upload`, {
    token: supervisor.token,
    body: form,
  })
  expect(up.status, up.text).toBe(201)
  const uuid = up.json.data.docs[0].uuid as string
  await t.request('PATCH', `/api/doc/${project.slug}/status/${uuid}/approved`, { token: admin.token })
  const row = await t.db
    .selectFrom('docs')
    .innerJoin('doc_images', 'doc_images.doc_id', 'docs.id')
    .select(['docs.id as docId', 'doc_images.id as imageId', 'doc_images.blob_key', 'doc_images.sha256'])
    .where('docs.uuid', '=', uuid)
    .executeTakeFirstOrThrow()
  // What the store holds for it, hashed here: the report must list exactly this.
  const blob = await t.deps.store.get(row.blob_key, 'public')
  const chunks: Buffer[] = []
  for await (const c of blob?.stream ?? []) chunks.push(c as Buffer)
  return {
    uuid,
    docId: row.docId,
    imageId: row.imageId,
    sha: sha256(Buffer.concat(chunks)),
    stored: row.sha256,
  }
}

describe(`verification of a printed report (${TEST_DB})`, () => {
  it('lists the same SHA-256 as the stored photos; a trashed photo makes it not valid; removal says so', async () => {
    const photos = [await uploaded('Pondasi tiang pancang', 1), await uploaded('Bekisting balok', 2)]
    for (const p of photos) expect(p.stored).toBe(p.sha)
    const report = await readyReport(t.deps, { projectId: project.id, creatorId: admin.id, photos })
    const data = await t.request('GET', `/api/public/verify/${report.code}`)
    expect(data.status).toBe(200)
    expect(data.json.data).toMatchObject({
      code: report.code,
      valid: true,
      reason: null,
      project: 'Rumah Sakit Daerah',
    })
    expect(data.json.data.photos.map((p: { sha256: string }) => p.sha256)).toEqual(photos.map((p) => p.sha))
    expect(data.json.data.photos.map((p: { description: string }) => p.description)).toEqual([
      'Pondasi tiang pancang',
      'Bekisting balok',
    ])
    // Typed off paper: lower case, without dashes.
    const typed = report.code.replace(/-/g, '').toLowerCase()
    expect((await t.request('GET', `/api/public/verify/${typed}`)).json.data.code).toBe(report.code)
    const page = await t.request('GET', `/v/${report.code}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('x-robots-tag')).toContain('noindex')
    for (const p of photos) expect(page.text).toContain(p.sha)
    expect(page.text).toContain(VERIFY_MSG.valid)

    const removed = await t.request('DELETE', `/api/doc/${project.slug}/remove/${photos[1]?.uuid}`, {
      token: admin.token,
    })
    expect(removed.status, removed.text).toBe(200)
    const after = (await t.request('GET', `/api/public/verify/${report.code}`)).json.data
    expect([after.valid, after.reason]).toEqual([false, VERIFY_MSG.changed])
    expect(after.photos.map((p: { unchanged: boolean }) => p.unchanged)).toEqual([true, false])
    const afterPage = await t.request('GET', `/v/${report.code}`)
    expect(afterPage.text).toContain(VERIFY_MSG.changed)
    expect(afterPage.text).toContain('Berubah atau dihapus')

    await t.db
      .updateTable('reports')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', report.id)
      .execute()
    const gone = (await t.request('GET', `/api/public/verify/${report.code}`)).json.data
    expect([gone.valid, gone.reason]).toEqual([false, VERIFY_MSG.removed])
  })

  it('a changed photo (other bytes than when the report was made) is marked; an unknown code is 404', async () => {
    const photo = await uploaded('Kolom lantai 3', 3)
    const report = await readyReport(t.deps, {
      projectId: project.id,
      creatorId: admin.id,
      photos: [{ ...photo, sha: 'f'.repeat(64) }],
    })
    const data = (await t.request('GET', `/api/public/verify/${report.code}`)).json.data
    expect([data.valid, data.photos[0].unchanged]).toEqual([false, false])
    for (const code of ['ABCD-EFGH-JKMN', 'x', `${'A'.repeat(300)}`]) {
      const res = await t.request('GET', `/api/public/verify/${code}`)
      expect([res.status, res.json.message]).toEqual([404, VERIFY_MSG.notFound])
      const page = await t.request('GET', `/v/${code}`)
      expect(page.status).toBe(404)
      expect(page.text).toContain(VERIFY_MSG.notFound)
    }
  })
})

describe(`thumbnails on the verification page (${TEST_DB})`, () => {
  it("shows each photo's thumbnail (the server's WebP, never the original); none for a trashed photo or a removed report", async () => {
    const photos = [await uploaded('Sloof as A', 4), await uploaded('Sloof as B', 5)]
    await t.runJobs()
    const report = await readyReport(t.deps, { projectId: project.id, creatorId: admin.id, photos })
    const thumbPath = (n: number) => `/api/public/verify/${report.code}/photo/${n}`
    const data = (await t.request('GET', `/api/public/verify/${report.code}`)).json.data
    expect(data.photos.map((p: { thumb_url: string | null }) => p.thumb_url)).toEqual([
      thumbPath(1),
      thumbPath(2),
    ])
    const page = await t.request('GET', `/v/${report.code}`)
    for (const n of [1, 2]) expect(page.text).toContain(`<img class="thumb" src="${thumbPath(n)}"`)

    // The bytes are the thumbnail's, not the uploaded photo's.
    const stored = await t.db
      .selectFrom('doc_images')
      .select(['thumb_key', 'blob_key'])
      .where('id', '=', photos[0]?.imageId ?? 0)
      .executeTakeFirstOrThrow()
    const read = async (key: string) => {
      const blob = await t.deps.store.get(key, 'public')
      const chunks: Buffer[] = []
      for await (const c of blob?.stream ?? []) chunks.push(c as Buffer)
      return Buffer.concat(chunks)
    }
    const res = await t.app.request(thumbPath(1))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.equals(await read(stored.thumb_key ?? ''))).toBe(true)
    expect(bytes.equals(await read(stored.blob_key))).toBe(false)
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP')

    // A photo put in the trash: no thumbnail in the data or on the page, and its URL serves nothing.
    await t.request('DELETE', `/api/doc/${project.slug}/remove/${photos[1]?.uuid}`, { token: admin.token })
    const after = (await t.request('GET', `/api/public/verify/${report.code}`)).json.data
    expect(after.photos.map((p: { thumb_url: string | null }) => p.thumb_url)).toEqual([thumbPath(1), null])
    expect((await t.request('GET', thumbPath(2))).status).toBe(404)
    const afterPage = await t.request('GET', `/v/${report.code}`)
    expect(afterPage.text).not.toContain(thumbPath(2))
    expect(afterPage.text).toContain('Foto tidak tersedia')
    for (const path of [
      thumbPath(9),
      `/api/public/verify/ABCD-EFGH-JKMN/photo/1`,
      `/api/public/verify/${report.code}/photo/x`,
    ])
      expect((await t.request('GET', path)).status, path).toBe(404)

    // A removed report serves no photo.
    await t.db
      .updateTable('reports')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', report.id)
      .execute()
    expect((await t.request('GET', thumbPath(1))).status).toBe(404)
    expect(
      (await t.request('GET', `/api/public/verify/${report.code}`)).json.data.photos[0].thumb_url,
    ).toBeNull()
  })
})

describe(`WhatsApp with the report's PDF (${TEST_DB})`, () => {
  it('a driver that sends documents delivers the PDF with the text as caption; its blob gone: the text alone', async () => {
    await writeState(t.db, { status: 'connected', account: '6281100000000' })
    // The uploads' notifications above queued messages of their own: only this test's count here.
    await t.deps.notifications.idle()
    await t.db.deleteFrom('whatsapp_outbox').execute()
    await t.db.insertInto('whatsapp_auth').values({ key: SIM_KEYS.creds, value: '{}' }).execute()
    const report = await readyReport(t.deps, { projectId: project.id, creatorId: admin.id, photos: [] })
    const made = await t.request('POST', `/api/share/${project.slug}/create`, {
      token: admin.token,
      json: { report_id: report.id },
    })
    const send = () =>
      t.request('POST', `/api/share/${project.slug}/whatsapp/${made.json.data.id}`, {
        token: admin.token,
        json: { phone: '+62 812 1111 2222' },
        headers: { 'idempotency-key': `wa-${randomUUID()}` },
      })
    expect((await send()).status).toBe(202)
    const driver = new SimulatedDriver(t.db, 'uji')
    await driver.start({ onQr: () => {}, onConnected: () => {}, onDisconnected: () => {} })
    const read = async (key: string) => {
      const blob = await t.deps.store.get(key, 'private')
      if (!blob) return undefined
      const chunks: Buffer[] = []
      for await (const c of blob.stream) chunks.push(c as Buffer)
      return Buffer.concat(chunks)
    }
    expect((await drainQueue(t.db, driver, 'uji', () => true, read)).sent).toBe(1)
    await t.deps.store.delete(report.pdfKey, 'private')
    expect((await send()).status).toBe(202)
    expect((await drainQueue(t.db, driver, 'uji', () => true, read)).sent).toBe(1)
    const sent = await t.db.selectFrom('whatsapp_sim_sent').selectAll().orderBy('id').execute()
    expect(sent.map((s) => [s.jid, s.document_size])).toEqual([
      ['6281211112222@s.whatsapp.net', TINY_PDF.length],
      ['6281211112222@s.whatsapp.net', null],
    ])
    expect(sent[0]?.document_name).toBe('Laporan Dokumentasi Mingguan - Uji - Minggu ke-2.pdf')
    expect(sent[0]?.text).toContain(made.json.data.url)
  })
})
