import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Area, Status } from '../../../src/contracts/projects'
import { newBlobKey, type Visibility } from '../../storage/blob-store'
import { createTestApp, type TestApp } from '../../test/harness'

type Account = Awaited<ReturnType<TestApp['user']>>

let t: TestApp
let admin: Account
let superadmin: Account
let planner: Account
let supervisor: Account
let outsider: Account

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, superadmin, planner, supervisor, outsider] = await Promise.all([
    t.user('admin'),
    t.user('superadmin'),
    t.user('perencanaan'),
    t.user('pengawasan'),
    t.user('pengawasan'),
  ])
})
afterAll(() => t.close())

const valid = { name: 'Gedung Kantor Dinas', description: 'Pembangunan gedung kantor tiga lantai' }

/** A project's `can`, written out by hand from docs/access.md (not derived from RULES). */
const ADMIN_CAN = {
  manage: true,
  members: true,
  download: true,
  work_items: true,
  review_files: true,
  review_docs: true,
  recaps: true,
  reports: true,
  shares: true,
  history: true,
  trash: true,
  diary_write: true,
}
const MEMBER_CAN = {
  manage: false,
  members: false,
  download: false,
  work_items: false,
  review_files: false,
  review_docs: false,
  recaps: false,
  reports: false,
  shares: false,
  history: false,
  trash: false,
  // The member these tests use is a pengawas: the diary is theirs to write (issue 34).
  diary_write: true,
}

async function createProject(body: { name: string; description: string } = valid) {
  const res = await t.request('POST', '/api/project/create', { token: admin.token, json: body })
  expect(res.status).toBe(201)
  return res.json.data as { id: number; slug: string; name: string }
}

async function setMembers(projectId: number, userIds: number[]) {
  const res = await t.request('PUT', `/api/project/${projectId}/members`, {
    token: admin.token,
    json: { user_ids: userIds },
  })
  expect(res.status).toBe(200)
  return res
}

/** A real blob in the store, so deletion can be checked on disk. */
async function blob(visibility: Visibility, ext = 'pdf') {
  const key = newBlobKey(ext)
  await t.deps.store.put(key, visibility, Readable.from([Buffer.from('isi berkas')]))
  return { key, file: path.join(t.dataDir, 'storage', visibility, key) }
}

async function insertFile(projectId: number, area: Area, status: Status, blobKey = `${randomUUID()}.pdf`) {
  // Rows written behind the API's back: drop cached reads as the API's write path does.
  await t.deps.readCache.bump()
  return t.db
    .insertInto('files')
    .values({
      uuid: randomUUID(),
      project_id: projectId,
      area,
      folder_id: null,
      name: 'gambar.pdf',
      size_bytes: 10,
      mime: 'application/pdf',
      blob_key: blobKey,
      status,
      creator_id: admin.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function insertDoc(projectId: number, status: Status) {
  // Rows written behind the API's back: drop cached reads as the API's write path does.
  await t.deps.readCache.bump()
  return t.db
    .insertInto('docs')
    .values({
      uuid: randomUUID(),
      project_id: projectId,
      description: 'Pengecoran lantai dua',
      status,
      creator_id: supervisor.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function insertRecap(projectId: number, blobKey = `${randomUUID()}.xlsx`) {
  // Rows written behind the API's back: drop cached reads as the API's write path does.
  await t.deps.readCache.bump()
  return t.db
    .insertInto('recap_files')
    .values({
      uuid: randomUUID(),
      project_id: projectId,
      name: 'rekap.xlsx',
      size_bytes: 10,
      mime: 'application/octet-stream',
      blob_key: blobKey,
      creator_id: admin.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** Shared checks of a JSON write endpoint: bad JSON 400, wrong content type 415, the four field messages. */
async function expectProjectValidation(method: string, url: string) {
  const badJson = await t.request(method, url, {
    token: admin.token,
    body: '{"name":',
    headers: { 'content-type': 'application/json' },
  })
  expect(badJson.status).toBe(400)
  expect(badJson.json.success).toBe(false)
  const notObject = await t.request(method, url, { token: admin.token, json: ['x'] })
  expect(notObject.status).toBe(400)
  const form = await t.request(method, url, {
    token: admin.token,
    body: 'name=a&description=b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(form.status).toBe(415)
  const noType = await t.request(method, url, { token: admin.token, body: JSON.stringify(valid) })
  expect(noType.status).toBe(415)

  const empty = await t.request(method, url, { token: admin.token, json: { name: '   ', description: '' } })
  expect(empty.status).toBe(422)
  expect(empty.json.errors).toEqual({
    name: 'Nama project harus diisi',
    description: 'Deskripsi harus diisi',
  })
  const missing = await t.request(method, url, { token: admin.token, json: {} })
  expect(missing.status).toBe(422)
  expect(missing.json.errors).toEqual({
    name: 'Nama project harus diisi',
    description: 'Deskripsi harus diisi',
  })
  const wrongTypes = await t.request(method, url, {
    token: admin.token,
    json: { name: 12, description: null },
  })
  expect(wrongTypes.status).toBe(422)
  expect(wrongTypes.json.errors).toEqual({
    name: 'Nama project harus diisi',
    description: 'Deskripsi harus diisi',
  })
  const long = await t.request(method, url, {
    token: admin.token,
    json: { name: 'n'.repeat(101), description: 'd'.repeat(501) },
  })
  expect(long.status).toBe(422)
  expect(long.json.message).toBe('Nama terlalu panjang')
  expect(long.json.errors).toEqual({ name: 'Nama terlalu panjang', description: 'Deskripsi terlalu panjang' })
  const atLimit = await t.request(method, url, {
    token: admin.token,
    json: { name: 'n'.repeat(100), description: 'd'.repeat(500) },
  })
  expect(atLimit.status).toBeLessThan(300)
}

describe('GET /api/health', () => {
  it('answers without a token', async () => {
    const res = await t.request('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true, message: 'ok' })
  })
})

describe('POST /api/project/create', () => {
  it('requires auth', async () => {
    expect((await t.request('POST', '/api/project/create', { json: valid })).status).toBe(401)
  })
  it('requires the admin role', async () => {
    for (const u of [planner, supervisor, superadmin]) {
      const res = await t.request('POST', '/api/project/create', { token: u.token, json: valid })
      expect(res.status).toBe(403)
      expect(res.json.success).toBe(false)
    }
  })
  it('creates a project with a uuid slug, trimmed fields and zero counts, and announces it', async () => {
    const seen: unknown[] = []
    const off = t.deps.events.subscribe((e) => void seen.push(e))
    const res = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: '  Jembatan Sungai  ', description: ' Rehabilitasi jembatan ' },
    })
    off()
    expect(res.status).toBe(201)
    expect(res.json.success).toBe(true)
    expect(res.json.message).toBe('Project berhasil dibuat')
    const p = res.json.data
    expect(p).toMatchObject({
      name: 'Jembatan Sungai',
      description: 'Rehabilitasi jembatan',
      total_files: 0,
      total_docs: 0,
      file_pending: 0,
      doc_pending: 0,
      file_approved: 0,
      doc_approved: 0,
      folder_counts: { perencanaan: 0, pengawasan: 0, dokumentasi: 0, rekap: 0 },
    })
    expect(p.slug).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Number.isInteger(p.id)).toBe(true)
    expect(new Date(p.created_at).toISOString()).toBe(p.created_at)
    expect(seen).toEqual([
      { type: 'project_created', actorId: admin.id, projectId: p.id, name: 'Jembatan Sungai', slug: p.slug },
    ])
  })
  it('validates with the form messages', async () => {
    await expectProjectValidation('POST', '/api/project/create')
  })
  it('replays a repeated Idempotency-Key instead of creating twice', async () => {
    const key = randomUUID()
    const headers = { 'idempotency-key': key }
    const first = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Sekali Saja', description: 'x' },
      headers,
    })
    const second = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Sekali Saja', description: 'x' },
      headers,
    })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.json.data.id).toBe(first.json.data.id)
    const rows = await t.db.selectFrom('projects').select('id').where('name', '=', 'Sekali Saja').execute()
    expect(rows).toHaveLength(1)
  })
})

describe('GET /api/project/list', () => {
  it('requires auth', async () => {
    expect((await t.request('GET', '/api/project/list')).status).toBe(401)
  })
  it('refuses the superadmin', async () => {
    expect((await t.request('GET', '/api/project/list', { token: superadmin.token })).status).toBe(403)
  })
  it('shows admins every project, newest first, and employees only their memberships', async () => {
    const a = await createProject({ name: 'Proyek A', description: 'a' })
    const b = await createProject({ name: 'Proyek B', description: 'b' })
    await setMembers(a.id, [planner.id])

    const all = await t.request('GET', '/api/project/list', { token: admin.token })
    expect(all.status).toBe(200)
    const ids = all.json.data.map((p: { id: number }) => p.id)
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id))

    const mine = await t.request('GET', '/api/project/list', { token: planner.token })
    expect(mine.json.data.map((p: { id: number }) => p.id)).toEqual([a.id])
    const none = await t.request('GET', '/api/project/list', { token: outsider.token })
    expect(none.status).toBe(200)
    expect(none.json.data).toEqual([])
  })
  it('sends the list gzipped to clients that accept it, identical once unpacked', async () => {
    for (let i = 0; i < 4; i++) await createProject({ name: `Besar ${i}`, description: 'x'.repeat(400) })
    const plain = await t.request('GET', '/api/project/list', { token: admin.token })
    const res = await t.app.request('/api/project/list', {
      headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    const packed = Buffer.from(await res.arrayBuffer())
    expect(packed.length).toBeLessThan(plain.text.length)
    expect(JSON.parse(gunzipSync(packed).toString('utf8'))).toEqual(plain.json)
  })
  it('counts files, docs and recap files per project and area without sending file rows', async () => {
    const p = await createProject({ name: 'Hitung', description: 'hitung' })
    const q = await createProject({ name: 'Kosong', description: 'kosong' })
    await insertFile(p.id, 'perencanaan', 'pending')
    await insertFile(p.id, 'perencanaan', 'approved')
    await insertFile(p.id, 'pengawasan', 'approved')
    await insertFile(p.id, 'pengawasan', 'rejected')
    await insertFile(p.id, 'pengawasan', 'pending')
    await insertDoc(p.id, 'pending')
    await insertDoc(p.id, 'approved')
    await insertDoc(p.id, 'approved')
    await insertDoc(p.id, 'rejected')
    await insertRecap(p.id)
    await setMembers(p.id, [supervisor.id])

    for (const token of [admin.token, supervisor.token]) {
      const res = await t.request('GET', '/api/project/list', { token })
      const found = res.json.data.find((x: { id: number }) => x.id === p.id)
      expect(found).toEqual({
        id: p.id,
        slug: p.slug,
        name: 'Hitung',
        description: 'hitung',
        created_at: expect.any(String),
        start_day: null,
        version: 1,
        folder_counts: { perencanaan: 2, pengawasan: 3, dokumentasi: 4, rekap: 1 },
        area_counts: {
          perencanaan: { total: 2, pending: 1, approved: 1, rejected: 0 },
          pengawasan: { total: 3, pending: 1, approved: 1, rejected: 1 },
          dokumentasi: { total: 4, pending: 1, approved: 2, rejected: 1 },
          rekap: { total: 1, pending: 0, approved: 0, rejected: 0 },
        },
        total_files: 5,
        total_docs: 4,
        total_recaps: 1,
        file_pending: 2,
        file_approved: 2,
        file_rejected: 1,
        doc_pending: 1,
        doc_approved: 2,
        doc_rejected: 1,
        // What the caller may do with it, from the access policy: an admin everything, a member nothing
        // beyond the documentation every member writes.
        can: token === admin.token ? ADMIN_CAN : MEMBER_CAN,
      })
      expect(found.files).toBeUndefined()
    }
    const all = await t.request('GET', '/api/project/list', { token: admin.token })
    expect(all.json.data.find((x: { id: number }) => x.id === q.id)).toMatchObject({
      total_files: 0,
      total_docs: 0,
      folder_counts: { perencanaan: 0, pengawasan: 0, dokumentasi: 0, rekap: 0 },
    })
  })
})

describe('GET /api/project/detail/{id}', () => {
  it('requires auth', async () => {
    const p = await createProject()
    expect((await t.request('GET', `/api/project/detail/${p.slug}`)).status).toBe(401)
  })
  it('hides the project from non-members and the superadmin (who has no projects): 404, as if absent', async () => {
    const p = await createProject()
    for (const u of [outsider, superadmin]) {
      for (const ref of [p.id, p.slug]) {
        const res = await t.request('GET', `/api/project/detail/${ref}`, { token: u.token })
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ success: false, message: 'Project tidak ditemukan' })
      }
    }
  })
  it('finds a project by id or by slug, with counts per area and status but no item rows', async () => {
    const p = await createProject({ name: 'Detail', description: 'detail' })
    await insertFile(p.id, 'pengawasan', 'approved')
    await insertDoc(p.id, 'pending')
    await insertRecap(p.id)
    for (const ref of [p.id, p.slug]) {
      const res = await t.request('GET', `/api/project/detail/${ref}`, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({
        id: p.id,
        slug: p.slug,
        name: 'Detail',
        total_files: 1,
        total_docs: 1,
        file_approved: 1,
        doc_pending: 1,
      })
      expect(res.json.data.area_counts).toEqual({
        perencanaan: { total: 0, pending: 0, approved: 0, rejected: 0 },
        pengawasan: { total: 1, pending: 0, approved: 1, rejected: 0 },
        dokumentasi: { total: 1, pending: 1, approved: 0, rejected: 0 },
        rekap: { total: 1, pending: 0, approved: 0, rejected: 0 },
      })
      // The detail does not grow with the project: no per-item entries.
      expect(res.json.data.files).toBeUndefined()
      expect(res.json.data.can).toEqual(ADMIN_CAN)
    }
    // A member gets what the policy lets them do there, so the app never re-decides it from the role.
    await setMembers(p.id, [supervisor.id])
    const asMember = await t.request('GET', `/api/project/detail/${p.slug}`, { token: supervisor.token })
    expect(asMember.json.data.can).toEqual(MEMBER_CAN)
  })
  it('answers 404 for absent ids and odd references, never 500', async () => {
    for (const ref of [
      '999999',
      '0',
      '99999999999',
      '999999999999999999999',
      'bukan-slug',
      '%27%3B--',
      `${randomUUID()}`,
      '-1',
      '1.5',
    ]) {
      const res = await t.request('GET', `/api/project/detail/${ref}`, { token: admin.token })
      expect(res.status, ref).toBe(404)
      expect(res.json.message).toBe('Project tidak ditemukan')
    }
  })
})

describe('PUT /api/project/update/{id}', () => {
  it('requires auth', async () => {
    const p = await createProject()
    expect((await t.request('PUT', `/api/project/update/${p.id}`, { json: valid })).status).toBe(401)
  })
  it('requires the admin role: 403 for members, 404 for those who do not see the project', async () => {
    const p = await createProject()
    await setMembers(p.id, [planner.id])
    for (const [u, status] of [
      [planner, 403],
      [outsider, 404],
      [superadmin, 404],
    ] as const) {
      expect(
        (await t.request('PUT', `/api/project/update/${p.id}`, { token: u.token, json: valid })).status,
      ).toBe(status)
    }
    // The role is refused before the body is read: an invalid body changes nothing.
    expect(
      (await t.request('PUT', `/api/project/update/${p.id}`, { token: planner.token, json: {} })).status,
    ).toBe(403)
  })
  it('updates name and description only', async () => {
    const p = await createProject()
    await insertFile(p.id, 'perencanaan', 'pending')
    const res = await t.request('PUT', `/api/project/update/${p.slug}`, {
      token: admin.token,
      json: { name: ' Nama Baru ', description: 'Deskripsi baru', slug: 'x', id: 1 },
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Project berhasil diupdate')
    expect(res.json.data).toMatchObject({
      id: p.id,
      slug: p.slug,
      name: 'Nama Baru',
      description: 'Deskripsi baru',
      total_files: 1,
      file_pending: 1,
    })
    const row = await t.db.selectFrom('projects').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Nama Baru', description: 'Deskripsi baru', slug: p.slug })
  })
  it('validates with the form messages', async () => {
    const p = await createProject()
    await expectProjectValidation('PUT', `/api/project/update/${p.id}`)
  })
  it('answers 404 for an absent project', async () => {
    expect(
      (await t.request('PUT', '/api/project/update/999999', { token: admin.token, json: valid })).status,
    ).toBe(404)
  })
})

describe('DELETE /api/project/delete/{id}', () => {
  it('requires auth', async () => {
    const p = await createProject()
    expect((await t.request('DELETE', `/api/project/delete/${p.id}`)).status).toBe(401)
  })
  it('requires the admin role', async () => {
    const p = await createProject()
    await setMembers(p.id, [supervisor.id])
    expect(
      (await t.request('DELETE', `/api/project/delete/${p.id}`, { token: supervisor.token })).status,
    ).toBe(403)
    for (const u of [outsider, superadmin]) {
      expect((await t.request('DELETE', `/api/project/delete/${p.id}`, { token: u.token })).status).toBe(404)
    }
    expect((await t.request('GET', `/api/project/detail/${p.id}`, { token: admin.token })).status).toBe(200)
  })
  it('answers 404 for an absent project', async () => {
    expect((await t.request('DELETE', '/api/project/delete/999999', { token: admin.token })).status).toBe(404)
    expect((await t.request('DELETE', '/api/project/delete/bukan-slug', { token: admin.token })).status).toBe(
      404,
    )
  })
  it('removes every row of the project and its blobs, and leaves other projects alone', async () => {
    const p = await createProject({ name: 'Dihapus', description: 'hapus' })
    const keep = await createProject({ name: 'Tetap', description: 'tetap' })
    await setMembers(p.id, [planner.id, supervisor.id])

    const fileBlob = await blob('private')
    const nestedBlob = await blob('private')
    const recapBlob = await blob('private', 'xlsx')
    const imageBlob = await blob('public', 'jpg')
    const keepBlob = await blob('private')

    const now = new Date().toISOString()
    const parent = await t.db
      .insertInto('folders')
      .values({
        uuid: randomUUID(),
        project_id: p.id,
        area: 'perencanaan',
        parent_id: null,
        name: 'Gambar',
        created_by: admin.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const child = await t.db
      .insertInto('folders')
      .values({
        uuid: randomUUID(),
        project_id: p.id,
        area: 'perencanaan',
        parent_id: parent.id,
        name: 'Struktur',
        created_by: admin.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertFile(p.id, 'perencanaan', 'approved', fileBlob.key)
    await t.db
      .insertInto('files')
      .values({
        uuid: randomUUID(),
        project_id: p.id,
        area: 'perencanaan',
        folder_id: child.id,
        name: 'denah.pdf',
        size_bytes: 10,
        mime: 'application/pdf',
        blob_key: nestedBlob.key,
        status: 'pending',
        creator_id: planner.id,
        created_at: now,
      })
      .execute()
    await insertRecap(p.id, recapBlob.key)
    const doc = await insertDoc(p.id, 'pending')
    await t.db
      .insertInto('doc_images')
      .values({
        uuid: randomUUID(),
        doc_id: doc.id,
        name: 'foto.jpg',
        ext: 'jpg',
        blob_key: imageBlob.key,
        size_bytes: 10,
        width: 1,
        height: 1,
        position: 0,
      })
      .execute()
    await t.db
      .insertInto('doc_likes')
      .values({ doc_id: doc.id, user_id: supervisor.id, created_at: now })
      .execute()
    await t.db
      .insertInto('doc_comments')
      .values({ doc_id: doc.id, user_id: planner.id, content: 'Sudah dicek', created_at: now })
      .execute()
    await t.db
      .insertInto('notifications')
      .values({
        user_id: planner.id,
        type: 'project_created',
        title: 'Project baru',
        message: 'Dihapus',
        project_id: p.id,
        link: null,
        is_read: 0,
        created_at: now,
      })
      .execute()
    await insertFile(keep.id, 'pengawasan', 'pending', keepBlob.key)
    for (const b of [fileBlob, nestedBlob, recapBlob, imageBlob, keepBlob])
      expect(fs.existsSync(b.file)).toBe(true)

    const res = await t.request('DELETE', `/api/project/delete/${p.slug}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true, message: 'Project berhasil dihapus' })

    const left = async (
      table: 'projects' | 'folders' | 'files' | 'docs' | 'recap_files' | 'project_members' | 'notifications',
      column: 'id' | 'project_id',
    ) => (await t.db.selectFrom(table).select(column).where(column, '=', p.id).execute()).length
    expect(await left('projects', 'id')).toBe(0)
    for (const table of [
      'folders',
      'files',
      'docs',
      'recap_files',
      'project_members',
      'notifications',
    ] as const)
      expect(await left(table, 'project_id'), table).toBe(0)
    expect(await t.db.selectFrom('doc_images').select('id').where('doc_id', '=', doc.id).execute()).toEqual(
      [],
    )
    expect(
      await t.db.selectFrom('doc_likes').select('user_id').where('doc_id', '=', doc.id).execute(),
    ).toEqual([])
    expect(await t.db.selectFrom('doc_comments').select('id').where('doc_id', '=', doc.id).execute()).toEqual(
      [],
    )
    for (const b of [fileBlob, nestedBlob, recapBlob, imageBlob])
      expect(fs.existsSync(b.file), b.key).toBe(false)

    expect(fs.existsSync(keepBlob.file)).toBe(true)
    expect(
      (await t.request('GET', `/api/project/detail/${keep.id}`, { token: admin.token })).json.data
        .total_files,
    ).toBe(1)
    expect((await t.request('GET', `/api/project/detail/${p.id}`, { token: admin.token })).status).toBe(404)
    expect((await t.request('DELETE', `/api/project/delete/${p.id}`, { token: admin.token })).status).toBe(
      404,
    )
  })
  it('still succeeds when a blob cannot be removed (logged, not a 500)', async () => {
    const p = await createProject()
    const b = await blob('private')
    await insertFile(p.id, 'perencanaan', 'pending', b.key)
    const store = t.deps.store
    const original = store.delete
    const logged: string[] = []
    const originalError = t.deps.logger.error
    store.delete = async () => {
      throw new Error('disk penuh')
    }
    t.deps.logger.error = (msg: string) => void logged.push(msg)
    try {
      const res = await t.request('DELETE', `/api/project/delete/${p.id}`, { token: admin.token })
      expect(res.status).toBe(200)
    } finally {
      store.delete = original
      t.deps.logger.error = originalError
    }
    expect(logged).toHaveLength(1)
    expect(await t.db.selectFrom('files').select('id').where('project_id', '=', p.id).execute()).toEqual([])
  })
})

describe('GET and PUT /api/project/{id}/members', () => {
  it('require auth', async () => {
    const p = await createProject()
    expect((await t.request('GET', `/api/project/${p.id}/members`)).status).toBe(401)
    expect((await t.request('PUT', `/api/project/${p.id}/members`, { json: { user_ids: [] } })).status).toBe(
      401,
    )
  })
  it('require the admin role: 403 for members, 404 for those who do not see the project', async () => {
    const p = await createProject()
    await setMembers(p.id, [planner.id])
    for (const [u, status] of [
      [planner, 403],
      [outsider, 404],
      [superadmin, 404],
    ] as const) {
      expect((await t.request('GET', `/api/project/${p.id}/members`, { token: u.token })).status).toBe(status)
      expect(
        (
          await t.request('PUT', `/api/project/${p.id}/members`, {
            token: u.token,
            json: { user_ids: [u.id] },
          })
        ).status,
      ).toBe(status)
    }
  })
  it('answer 404 for an absent project', async () => {
    expect((await t.request('GET', '/api/project/999999/members', { token: admin.token })).status).toBe(404)
    expect(
      (
        await t.request('PUT', '/api/project/bukan-slug/members', {
          token: admin.token,
          json: { user_ids: [] },
        })
      ).status,
    ).toBe(404)
  })
  it('replace the member list; members see the project, removed members get 404 again', async () => {
    const p = await createProject({ name: 'Anggota', description: 'anggota' })
    expect((await t.request('GET', `/api/project/detail/${p.slug}`, { token: planner.token })).status).toBe(
      404,
    )

    const added = await t.request('PUT', `/api/project/${p.slug}/members`, {
      token: admin.token,
      json: { user_ids: [planner.id, supervisor.id, planner.id] },
    })
    expect(added.status).toBe(200)
    expect(added.json.message).toBe('Anggota project berhasil diperbarui')
    expect(added.json.data.map((u: { id: number }) => u.id).sort()).toEqual(
      [planner.id, supervisor.id].sort(),
    )
    expect(added.json.data[0]).not.toHaveProperty('password_hash')
    expect((await t.request('GET', `/api/project/detail/${p.slug}`, { token: planner.token })).status).toBe(
      200,
    )
    expect((await t.request('GET', `/api/project/detail/${p.id}`, { token: supervisor.token })).status).toBe(
      200,
    )

    const listed = await t.request('GET', `/api/project/${p.id}/members`, { token: admin.token })
    expect(listed.status).toBe(200)
    expect(listed.json.data).toHaveLength(2)
    expect(listed.json.data.find((u: { id: number }) => u.id === planner.id)).toMatchObject({
      name: planner.name,
      email: planner.email,
      role: 'perencanaan',
      is_active: true,
    })

    await setMembers(p.id, [supervisor.id])
    expect((await t.request('GET', `/api/project/detail/${p.slug}`, { token: planner.token })).status).toBe(
      404,
    )
    expect(
      (await t.request('GET', '/api/project/list', { token: planner.token })).json.data.map(
        (x: { id: number }) => x.id,
      ),
    ).not.toContain(p.id)
    expect(
      (await t.request('GET', `/api/project/detail/${p.slug}`, { token: supervisor.token })).status,
    ).toBe(200)

    const cleared = await setMembers(p.id, [])
    expect(cleared.json.data).toEqual([])
    expect(
      (await t.request('GET', `/api/project/detail/${p.slug}`, { token: supervisor.token })).status,
    ).toBe(404)
  })
  it('accept only live perencanaan and pengawasan users, and change nothing otherwise', async () => {
    const p = await createProject()
    await setMembers(p.id, [planner.id])
    const removed = await t.user('perencanaan')
    await t.request('DELETE', `/api/employee/remove/${removed.id}`, { token: admin.token })
    for (const bad of [[admin.id], [superadmin.id], [removed.id], [999999], [supervisor.id, admin.id]]) {
      const res = await t.request('PUT', `/api/project/${p.id}/members`, {
        token: admin.token,
        json: { user_ids: bad },
      })
      expect(res.status, JSON.stringify(bad)).toBe(422)
      expect(res.json.message).toBe(
        'Anggota project harus karyawan aktif (Tim Perencanaan atau Tim Pengawasan)',
      )
    }
    const members = await t.request('GET', `/api/project/${p.id}/members`, { token: admin.token })
    expect(members.json.data.map((u: { id: number }) => u.id)).toEqual([planner.id])
  })
  it('validate the body shape', async () => {
    const p = await createProject()
    const url = `/api/project/${p.id}/members`
    for (const body of [
      {},
      { user_ids: 'x' },
      { user_ids: ['1'] },
      { user_ids: [1.5] },
      { user_ids: [0] },
      { user_ids: [null] },
      { user_ids: [99999999999] },
      { user_ids: [1e300] },
    ]) {
      const res = await t.request('PUT', url, { token: admin.token, json: body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.json.message).toMatch(/^(Daftar anggota tidak valid|Anggota tidak valid)$/)
    }
    expect(
      (
        await t.request('PUT', url, {
          token: admin.token,
          json: { user_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        })
      ).status,
    ).toBe(422)
    expect(
      (
        await t.request('PUT', url, {
          token: admin.token,
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400)
    expect((await t.request('PUT', url, { token: admin.token, body: 'user_ids=1' })).status).toBe(415)
  })
})

describe('project_stats (trigger-kept counters behind the list, detail and dashboard)', () => {
  /** The counters must always equal a recount of the rows themselves. */
  async function expectCountersMatchRows() {
    const files = await t.db
      .selectFrom('files')
      .select(['project_id', 'area', 'status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['project_id', 'area', 'status'])
      .execute()
    const docs = await t.db
      .selectFrom('docs')
      .select(['project_id', 'status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['project_id', 'status'])
      .execute()
    const recaps = await t.db
      .selectFrom('recap_files')
      .select('project_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('project_id')
      .execute()
    const expected = new Map<number, Record<string, number>>()
    const bump = (id: number, column: string, n: number) => {
      const row = expected.get(id) ?? {}
      row[column] = (row[column] ?? 0) + Number(n)
      expected.set(id, row)
    }
    for (const r of files) bump(r.project_id, `files_${r.area}_${r.status}`, r.n)
    for (const r of docs) bump(r.project_id, `docs_${r.status}`, r.n)
    for (const r of recaps) bump(r.project_id, 'recaps', r.n)
    const projects = await t.db.selectFrom('projects').select('id').execute()
    const stats = await t.db.selectFrom('project_stats').selectAll().execute()
    expect(stats.map((s) => s.project_id).sort()).toEqual(projects.map((p) => p.id).sort())
    for (const { project_id, ...counters } of stats) {
      const nonZero = Object.fromEntries(
        Object.entries(counters)
          .filter(([, n]) => Number(n) !== 0)
          .map(([k, n]) => [k, Number(n)]),
      )
      expect(nonZero, `project ${project_id}`).toEqual(expected.get(project_id) ?? {})
    }
  }

  it('follow inserts, status and area changes, moves and deletes of files, docs and recap files', async () => {
    const p = await createProject()
    const q = await createProject()
    const f1 = await insertFile(p.id, 'perencanaan', 'pending')
    const f2 = await insertFile(p.id, 'perencanaan', 'pending')
    await insertFile(q.id, 'pengawasan', 'approved')
    const d1 = await insertDoc(p.id, 'pending')
    const r1 = await insertRecap(p.id)
    await expectCountersMatchRows()

    await t.db.updateTable('files').set({ status: 'approved' }).where('id', '=', f1.id).execute()
    await t.db
      .updateTable('files')
      .set({ area: 'pengawasan', status: 'rejected' })
      .where('id', '=', f2.id)
      .execute()
    await t.db.updateTable('files').set({ name: 'nama-baru.pdf' }).where('id', '=', f1.id).execute()
    await t.db.updateTable('docs').set({ status: 'rejected' }).where('id', '=', d1.id).execute()
    await t.db.updateTable('recap_files').set({ project_id: q.id }).where('id', '=', r1.id).execute()
    await expectCountersMatchRows()

    await t.db.deleteFrom('files').where('id', '=', f1.id).execute()
    await t.db.deleteFrom('docs').where('id', '=', d1.id).execute()
    await expectCountersMatchRows()

    const listed = (await t.request('GET', `/api/project/detail/${p.id}`, { token: admin.token })).json.data
    expect(listed).toMatchObject({
      total_files: 1,
      file_rejected: 1,
      total_docs: 0,
      total_recaps: 0,
      folder_counts: { perencanaan: 0, pengawasan: 1, dokumentasi: 0, rekap: 0 },
    })

    expect((await t.request('DELETE', `/api/project/delete/${q.id}`, { token: admin.token })).status).toBe(
      200,
    )
    expect(
      await t.db.selectFrom('project_stats').select('project_id').where('project_id', '=', q.id).execute(),
    ).toEqual([])
    await expectCountersMatchRows()
  })
})
