import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '../../../src/contracts/notifications'
import { type Account, pdfBytes, upload } from '../../test/area-fixtures'
import { createTestApp, listen, TEST_DB, type TestApp } from '../../test/harness'

/**
 * Each domain event makes the right notifications for the right people and nobody else; the list and
 * the read calls touch only the caller's own; the live stream delivers a new one.
 */
let t: TestApp
let admin: Account
let otherAdmin: Account
let inactiveAdmin: Account
let superadmin: Account
let planner: Account
let supervisor: Account
let outsider: Account
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, otherAdmin, inactiveAdmin, superadmin, planner, supervisor, outsider] = await Promise.all([
    t.user('admin', { name: 'Admin Utama' }),
    t.user('admin', { name: 'Admin Kedua' }),
    t.user('admin', { name: 'Admin Nonaktif' }),
    t.user('superadmin'),
    t.user('perencanaan', { name: 'Perencana Satu' }),
    t.user('pengawasan', { name: 'Pengawas Satu' }),
    t.user('pengawasan', { name: 'Orang Luar' }),
  ])
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactiveAdmin.id).execute()
  project = await newProject(admin, 'Gedung Serbaguna')
  const members = await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [planner.id, supervisor.id] },
  })
  expect(members.status).toBe(200)
  await t.deps.notifications.idle()
})
afterAll(() => t.close())

async function newProject(by: Account, name: string) {
  const res = await t.request('POST', '/api/project/create', {
    token: by.token,
    json: { name, description: 'Pembangunan gedung serbaguna' },
  })
  expect(res.status, res.text).toBe(201)
  return res.json.data as { id: number; slug: string }
}

let seen = 0
/** The notifications written since the last call, once every event published so far is handled. */
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

const recipients = (rows: { user_id: number }[]) => rows.map((r) => r.user_id).sort((a, b) => a - b)
const ids = (...accounts: Account[]) => accounts.map((a) => a.id).sort((a, b) => a - b)

async function photo() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 80, b: 70 } } })
    .jpeg()
    .toBuffer()
}

async function uploadDoc(by: Account) {
  const form = new FormData()
  form.append('description', 'Pengecoran kolom lantai dua')
  form.append('files', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'kolom.jpg')
  const res = await t.request('POST', `/api/doc/${project.slug}/upload`, { token: by.token, body: form })
  expect(res.status, res.text).toBe(201)
  return res.json.data.docs[0].uuid as string
}

async function uploadFile(by: Account, area: 'perencanaan' | 'pengawasan', name = 'denah.pdf') {
  const res = await upload(t, by.token, project.slug, area, [{ name, data: pdfBytes(name) }])
  expect(res.status, res.text).toBe(201)
  return res.json.results[0].uuid as string
}

describe(`notifications from domain events (${TEST_DB})`, () => {
  it('a new project tells the other admins (its people at creation), not its creator', async () => {
    await fresh()
    const p = await newProject(admin, 'Jembatan Desa')
    const rows = await fresh()
    expect(recipients(rows)).toEqual(ids(otherAdmin))
    expect(rows[0]).toMatchObject({
      type: 'project_created',
      title: 'Project baru',
      message: 'Project "Jembatan Desa" dibuat oleh Admin Utama.',
      link: `/project/${p.slug}`,
      is_read: 0,
      actor_id: admin.id,
    })
  })

  it('a file upload tells the admins (not the uploader, members, outsiders, inactive accounts or the superadmin)', async () => {
    await fresh()
    const file = await uploadFile(planner, 'perencanaan', 'denah lantai 1.pdf')
    const rows = await fresh()
    expect(recipients(rows)).toEqual(ids(admin, otherAdmin))
    expect(rows[0]).toMatchObject({
      type: 'file_uploaded',
      title: 'File baru diunggah',
      message: 'Perencana Satu mengunggah file "denah lantai 1.pdf" ke Perencanaan project Gedung Serbaguna.',
      // The file itself, marked in its folder (the area's root: an empty folder segment).
      link: `/project/${project.slug}#perencanaan//${file}`,
      project_id: project.id,
    })
  })

  it('an upload by an admin tells the other admins only', async () => {
    await fresh()
    await uploadFile(admin, 'pengawasan')
    expect(recipients(await fresh())).toEqual(ids(otherAdmin))
  })

  it('approval and revision of a file tell its uploader only', async () => {
    const approved = await uploadFile(supervisor, 'pengawasan', 'laporan.pdf')
    const rejected = await uploadFile(supervisor, 'pengawasan', 'laporan-2.pdf')
    await fresh()
    const ok = await t.request('PATCH', `/api/file/${project.slug}/status/${approved}/approved`, {
      token: admin.token,
    })
    expect(ok.status, ok.text).toBe(200)
    const a = await fresh()
    expect(recipients(a)).toEqual(ids(supervisor))
    expect(a[0]).toMatchObject({
      type: 'file_approved',
      title: 'File disetujui',
      message: 'File "laporan.pdf" di project Gedung Serbaguna disetujui oleh Admin Utama.',
      link: `/project/${project.slug}#pengawasan//${approved}`,
    })
    const no = await t.request('PATCH', `/api/file/${project.slug}/status/${rejected}/rejected`, {
      token: otherAdmin.token,
    })
    expect(no.status, no.text).toBe(200)
    const r = await fresh()
    expect(recipients(r)).toEqual(ids(supervisor))
    expect(r[0]).toMatchObject({ type: 'file_revision', title: 'File perlu revisi' })
    expect(r[0]?.message).toContain('dikembalikan oleh Admin Kedua untuk direvisi')
  })

  it('an admin approving their own upload tells nobody', async () => {
    const own = await uploadFile(admin, 'perencanaan', 'sendiri.pdf')
    await fresh()
    await t.request('PATCH', `/api/file/${project.slug}/status/${own}/approved`, { token: admin.token })
    expect(await fresh()).toEqual([])
  })

  it('a file in a folder links to the file in that folder; several files link to the folder', async () => {
    const res = await t.request('POST', `/api/folder/${project.slug}/create/perencanaan`, {
      token: planner.token,
      json: { name: 'Gambar Kerja' },
    })
    const folder = res.json.data.uuid as string
    await fresh()
    const one = await upload(
      t,
      planner.token,
      project.slug,
      'perencanaan',
      [{ name: 'a.pdf', data: pdfBytes() }],
      {
        folder,
      },
    )
    const rows = await fresh()
    expect(rows[0]?.link).toBe(`/project/${project.slug}#perencanaan/${folder}/${one.json.results[0].uuid}`)
    await upload(
      t,
      planner.token,
      project.slug,
      'perencanaan',
      [
        { name: 'b.pdf', data: pdfBytes() },
        { name: 'c.pdf', data: pdfBytes() },
      ],
      { folder },
    )
    expect((await fresh())[0]?.link).toBe(`/project/${project.slug}#perencanaan/${folder}`)
  })

  it('documentation: upload to the admins, approval and revision to its author', async () => {
    await fresh()
    const doc = await uploadDoc(supervisor)
    const up = await fresh()
    expect(recipients(up)).toEqual(ids(admin, otherAdmin))
    expect(up[0]).toMatchObject({
      type: 'file_uploaded',
      title: 'Dokumentasi baru diunggah',
      message:
        'Pengawas Satu mengunggah dokumentasi "Pengecoran kolom lantai dua" di project Gedung Serbaguna.',
      link: `/project/${project.slug}#dokumentasi/${doc}`,
    })
    await t.request('PATCH', `/api/doc/${project.slug}/status/${doc}/approved`, { token: otherAdmin.token })
    const ok = await fresh()
    expect(recipients(ok)).toEqual(ids(supervisor))
    expect(ok[0]).toMatchObject({
      type: 'file_approved',
      title: 'Dokumentasi disetujui',
      link: `/project/${project.slug}#dokumentasi/${doc}`,
    })

    const second = await uploadDoc(planner)
    await fresh()
    await t.request('PATCH', `/api/doc/${project.slug}/status/${second}/rejected`, { token: admin.token })
    const no = await fresh()
    expect(recipients(no)).toEqual(ids(planner))
    expect(no[0]).toMatchObject({ type: 'file_revision', title: 'Dokumentasi perlu revisi' })
  })

  it("a comment tells the admins and the documentation's author, never the commenter", async () => {
    const doc = await uploadDoc(supervisor)
    await fresh()
    const res = await t.request('POST', `/api/doc/${project.slug}/comment/${doc}/submit`, {
      token: planner.token,
      json: { comment: 'Bekisting sisi timur perlu dicek lagi' },
    })
    expect(res.status, res.text).toBe(201)
    const rows = await fresh()
    expect(recipients(rows)).toEqual(ids(admin, otherAdmin, supervisor))
    expect(rows[0]).toMatchObject({
      type: 'comment_added',
      title: 'Komentar baru',
      // The item's comment thread.
      link: `/project/${project.slug}#dokumentasi/${doc}/komentar`,
    })
    expect(rows[0]?.message).toContain('"Bekisting sisi timur perlu dicek lagi"')

    // The admin commenting is not told; the author and the other admin are.
    await t.request('POST', `/api/doc/${project.slug}/comment/${doc}/submit`, {
      token: admin.token,
      json: { comment: 'Sudah saya cek' },
    })
    expect(recipients(await fresh())).toEqual(ids(otherAdmin, supervisor))
  })

  it('a new employee tells the other admins', async () => {
    await fresh()
    const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: {
        name: 'Karyawan Baru',
        email: `baru-${randomUUID()}@berkas.test`,
        password: 'rahasia-karyawan',
        phone: '081234567890',
        role: 'perencanaan',
      },
    })
    expect(res.status, res.text).toBe(201)
    const rows = await fresh()
    expect(recipients(rows)).toEqual(ids(otherAdmin))
    expect(rows[0]).toMatchObject({
      type: 'employee_added',
      message: 'Karyawan Baru ditambahkan sebagai Tim Perencanaan oleh Admin Utama.',
      link: '/employees',
    })
  })

  it('outsiders, the superadmin and inactive accounts never get one', async () => {
    const all = await t.db.selectFrom('notifications').select('user_id').execute()
    const got = new Set(all.map((r) => r.user_id))
    for (const nobody of [outsider, superadmin, inactiveAdmin]) expect(got.has(nobody.id)).toBe(false)
  })
})

describe(`the caller's own notifications (${TEST_DB})`, () => {
  async function list(who: Account) {
    const res = await t.request('GET', '/api/notification/list', { token: who.token })
    expect(res.status, res.text).toBe(200)
    return res.json.data as Notification[]
  }

  it("lists only the caller's, newest first, in the SPEC shape", async () => {
    const mine = await list(supervisor)
    expect(mine.length).toBeGreaterThan(0)
    const rows = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', supervisor.id)
      .execute()
    expect(mine.map((n) => n.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a))
    expect(Object.keys(mine[0] as object).sort()).toEqual(
      ['created_at', 'id', 'is_read', 'link', 'message', 'priority', 'title', 'type'].sort(),
    )
    expect(mine[0]?.is_read).toBe(false)
  })

  it("marks one read; someone else's or an absent one answers the same 404 and changes nothing", async () => {
    const [first] = await list(supervisor)
    const theirs = (await list(admin))[0] as Notification
    const other = await t.request('PUT', `/api/notification/read/${theirs.id}`, { token: supervisor.token })
    const absent = await t.request('PUT', '/api/notification/read/999999', { token: supervisor.token })
    expect(other.status).toBe(404)
    expect(absent.status).toBe(404)
    expect(other.json.message).toBe(absent.json.message)
    expect((await list(admin))[0]?.is_read).toBe(false)

    const res = await t.request('PUT', `/api/notification/read/${first?.id}`, { token: supervisor.token })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({ id: first?.id, is_read: true })
    expect((await list(supervisor)).find((n) => n.id === first?.id)?.is_read).toBe(true)
    // Again: still fine (a double click, a replayed request).
    expect(
      (await t.request('PUT', `/api/notification/read/${first?.id}`, { token: supervisor.token })).status,
    ).toBe(200)
  })

  it("read-all marks every one of the caller's and nobody else's", async () => {
    const adminUnread = (await list(admin)).filter((n) => !n.is_read).length
    expect(adminUnread).toBeGreaterThan(0)
    const res = await t.request('PUT', '/api/notification/read-all', { token: supervisor.token })
    expect(res.status).toBe(200)
    expect((await list(supervisor)).every((n) => n.is_read)).toBe(true)
    expect((await list(admin)).filter((n) => !n.is_read).length).toBe(adminUnread)
  })

  it('the superadmin has no bell: 403', async () => {
    expect((await t.request('GET', '/api/notification/list', { token: superadmin.token })).status).toBe(403)
    expect((await t.request('PUT', '/api/notification/read-all', { token: superadmin.token })).status).toBe(
      403,
    )
  })
})

describe(`live stream (${TEST_DB})`, () => {
  it("an open stream receives the caller's new notification, and not anyone else's", async () => {
    const server = await listen(t.app)
    const controller = new AbortController()
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/notification/stream`, {
        headers: { authorization: `Bearer ${supervisor.token}` },
        signal: controller.signal,
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/event-stream')
      const reader = (res.body as ReadableStream<Uint8Array>).getReader()
      const decoder = new TextDecoder()
      let text = ''
      const until = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read()
          if (done) throw new Error(`stream ended before ${needle}:\n${text}`)
          text += decoder.decode(value, { stream: true })
        }
      }
      await until('event: ready')
      // One for someone else first (the planner's revision), then one for the caller.
      const a = await uploadFile(planner, 'perencanaan', 'bukan-untuk-pengawas.pdf')
      await t.request('PATCH', `/api/file/${project.slug}/status/${a}/rejected`, { token: admin.token })
      const b = await uploadFile(supervisor, 'pengawasan', 'untuk-pengawas.pdf')
      await t.request('PATCH', `/api/file/${project.slug}/status/${b}/approved`, { token: admin.token })
      await until('untuk-pengawas.pdf')
      expect(text).toContain('event: notification')
      expect(text).not.toContain('bukan-untuk-pengawas')
      const data = text
        .split('\n')
        .filter((l) => l.startsWith('data: {"id"'))
        .map((l) => JSON.parse(l.slice(6)) as Notification)
      expect(data.map((n) => n.type)).toEqual(['file_approved'])
    } finally {
      controller.abort()
      await server.close()
    }
    // The feed stops polling once its last stream has gone.
    await expect.poll(() => t.deps.notificationFeed.subscribers).toBe(0)
  })

  it('a ?timeout= that is not whole seconds is refused with 400, not read as five minutes', async () => {
    for (const bad of ['abc', '-1', '1.5', '1e3', ''])
      expect(
        (await t.request('GET', `/api/notification/stream?timeout=${bad}`, { token: supervisor.token }))
          .status,
      ).toBe(400)
  })

  it('?timeout=0 says ready and ends (long polling, tests)', async () => {
    const res = await t.request('GET', '/api/notification/stream?timeout=0', { token: supervisor.token })
    expect(res.status).toBe(200)
    expect(res.text).toContain('event: ready')
  })
})
