import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HISTORY_PAGE_SIZE, type HistoryEntry } from '../../../src/contracts/history'
import { TRASH_MSG, type TrashItem } from '../../../src/contracts/trash'
import {
  type Cast,
  cast,
  createFolder,
  filesUnder,
  folder,
  pdfBytes,
  privateBlobs,
  projectWithMembers,
  upload,
} from '../../test/area-fixtures'
import { createTestApp, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { purgeExpired } from './trash.service'
import { queueTrashSweep, TRASH_SWEEP_KIND } from './trash-sweep-job'

let t: TestApp
let c: Cast

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
})
afterAll(() => t.close())

const publicBlobs = () => filesUnder(path.join(t.dataDir, 'storage', 'public'))

async function put(slug: string, name: string, into?: string, area = 'perencanaan') {
  const res = await upload(
    t,
    c.admin.token,
    slug,
    area,
    [{ name, data: pdfBytes(`${name}${Math.random()}`) }],
    {
      folder: into,
    },
  )
  expect(res.status, res.text).toBe(201)
  return res.json.results[0].uuid as string
}

const trash = async (id: number, token = c.admin.token) => {
  const res = await t.request('GET', `/api/project/${id}/trash`, { token })
  return { status: res.status, items: (res.json?.data ?? []) as TrashItem[] }
}
const restore = (id: number, kind: string, uuid: string, token = c.admin.token) =>
  t.request('POST', `/api/project/${id}/trash/${kind}/${uuid}/restore`, { token })
const purge = (id: number, kind: string, uuid: string, token = c.admin.token) =>
  t.request('DELETE', `/api/project/${id}/trash/${kind}/${uuid}`, { token })
const explore = async (slug: string, parent?: string) => {
  const q = parent ? `?parent_slug=${parent}` : ''
  const res = await t.request('GET', `/api/folder/${slug}/explore/perencanaan${q}`, { token: c.admin.token })
  return res
}
const history = async (id: number) =>
  (await t.request('GET', `/api/project/${id}/history`, { token: c.admin.token })).json.data as HistoryEntry[]

async function uploadDoc(slug: string, description: string) {
  const form = new FormData()
  form.append('description', description)
  form.append('files', new Blob([new Uint8Array(await samplePng())], { type: 'image/png' }), 'foto.png')
  const res = await t.request('POST', `/api/doc/${slug}/upload`, { token: c.supervisor.token, body: form })
  expect(res.status, res.text).toBe(201)
  return res.json.data.docs[0] as { id: number; uuid: string }
}

describe(`trash: files (${TEST_DB})`, () => {
  it('a deleted file is listed for admins only, restored with its blob, or purged with it', async () => {
    const p = await projectWithMembers(t, c)
    const uuid = await put(p.slug, 'gambar.pdf')
    const blobs = privateBlobs(t).length
    const dashboard = async () =>
      (await t.request('GET', '/api/dashboard/analysis', { token: c.admin.token })).json.data.files as number
    const filesBefore = await dashboard()
    expect(
      (await t.request('DELETE', `/api/file/${p.slug}/remove/${uuid}`, { token: c.planner.token })).status,
    ).toBe(200)
    expect(await dashboard()).toBe(filesBefore - 1)
    const listed = await trash(p.id)
    expect(listed.status).toBe(200)
    expect(listed.items).toEqual([
      {
        kind: 'file',
        uuid,
        name: 'gambar.pdf',
        area: 'perencanaan',
        deleted_at: expect.any(String),
        deleted_by: { id: c.planner.id, name: 'Perencana Satu' },
        expires_at: expect.any(String),
      },
    ])
    const item = listed.items[0] as TrashItem
    expect(Date.parse(item.expires_at) - Date.parse(item.deleted_at)).toBe(30 * 24 * 3600 * 1000)
    // Members neither see nor change the trash.
    expect((await trash(p.id, c.planner.token)).status).toBe(403)
    expect((await restore(p.id, 'file', uuid, c.planner.token)).status).toBe(403)
    expect((await purge(p.id, 'file', uuid, c.planner.token)).status).toBe(403)
    expect((await trash(p.id, c.outsider.token)).status).toBe(404)

    const back = await restore(p.id, 'file', uuid)
    expect(back.status).toBe(200)
    expect(back.json).toEqual({
      success: true,
      message: TRASH_MSG.restored,
      data: { kind: 'file', uuid, folder: null },
    })
    expect((await explore(p.slug)).json.data.files.map((f: { uuid: string }) => f.uuid)).toEqual([uuid])
    const dl = await t.request('GET', `/api/file/${p.slug}/download/perencanaan/${uuid}`, {
      token: c.admin.token,
    })
    expect(dl.status).toBe(200)
    expect((await trash(p.id)).items).toEqual([])
    expect(await dashboard()).toBe(filesBefore)
    // Not in the trash any more: a second restore and a purge are 404.
    expect((await restore(p.id, 'file', uuid)).status).toBe(404)
    expect((await purge(p.id, 'file', uuid)).json.message).toBe(TRASH_MSG.notFound)

    await t.request('DELETE', `/api/file/${p.slug}/remove/${uuid}`, { token: c.admin.token })
    const gone = await purge(p.id, 'file', uuid)
    expect(gone.status).toBe(200)
    expect(gone.json.message).toBe(TRASH_MSG.purged)
    expect(privateBlobs(t).length).toBe(blobs - 1)
    expect(await t.db.selectFrom('files').select('id').where('uuid', '=', uuid).execute()).toEqual([])
    expect((await history(p.id)).slice(0, 4).map((e) => [e.action, e.object.kind, e.object.id])).toEqual([
      ['purge', 'file', uuid],
      ['delete', 'file', uuid],
      ['restore', 'file', uuid],
      ['delete', 'file', uuid],
    ])
    expect((await restore(p.id, 'nope', uuid)).status).toBe(404)
  })
})

describe(`trash: folders (${TEST_DB})`, () => {
  it('a folder goes with everything below it; its name is free; its restore brings back exactly what it took', async () => {
    const p = await projectWithMembers(t, c)
    const top = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Struktur')
    const sub = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Lantai 1', top)
    const a = await put(p.slug, 'a.pdf', top)
    const b = await put(p.slug, 'b.pdf', sub)
    const early = await put(p.slug, 'lama.pdf', sub)
    await t.request('DELETE', `/api/file/${p.slug}/remove/${early}`, { token: c.admin.token })
    await new Promise((r) => setTimeout(r, 5))
    expect(
      (await t.request('DELETE', `/api/folder/${p.slug}/remove/${top}`, { token: c.admin.token })).status,
    ).toBe(200)
    // The trash lists what was deleted: the folder and the file deleted before it, not what went with it.
    expect((await trash(p.id)).items.map((i) => [i.kind, i.name])).toEqual([
      ['folder', 'Struktur'],
      ['file', 'lama.pdf'],
    ])
    const detail = await t.request('GET', `/api/project/detail/${p.id}`, { token: c.admin.token })
    expect(detail.json.data.area_counts.perencanaan.total).toBe(0)
    expect((await explore(p.slug, sub)).status).toBe(404)

    // A new folder takes the name; the old one cannot come back beside it.
    const again = await createFolder(t, c.admin.token, p.slug, 'perencanaan', 'struktur')
    expect(again.status).toBe(201)
    const clash = await restore(p.id, 'folder', top)
    expect(clash.status).toBe(409)
    expect(clash.json.message).toBe(TRASH_MSG.nameTaken)
    await t.request('PATCH', `/api/folder/${p.slug}/rename/perencanaan/${again.json.data.uuid}`, {
      token: c.admin.token,
      json: { name: 'Struktur Baru' },
    })
    const back = await restore(p.id, 'folder', top)
    expect(back.status, back.text).toBe(200)
    expect(back.json.message).toBe(TRASH_MSG.restored)
    const inside = await explore(p.slug, sub)
    expect(inside.status).toBe(200)
    // b came back with its folder; lama.pdf was deleted on its own and stays in the trash.
    expect(inside.json.data.files.map((f: { uuid: string }) => f.uuid)).toEqual([b])
    expect((await explore(p.slug, top)).json.data.files.map((f: { uuid: string }) => f.uuid)).toEqual([a])
    expect((await trash(p.id)).items.map((i) => i.uuid)).toEqual([early])
    // Its folder is back: the file returns into it.
    const file = await restore(p.id, 'file', early)
    expect(file.json).toMatchObject({
      message: TRASH_MSG.restored,
      data: { folder: { uuid: sub, name: 'Lantai 1' } },
    })
    const after = await t.request('GET', `/api/project/detail/${p.id}`, { token: c.admin.token })
    expect(after.json.data.area_counts.perencanaan.total).toBe(3)
    const actions = (await history(p.id)).map((e) => `${e.action} ${e.object.kind} ${e.object.name}`)
    expect(actions.slice(0, 5)).toEqual([
      'restore file lama.pdf',
      'restore folder Struktur',
      'rename folder Struktur Baru',
      'create folder struktur',
      'delete folder Struktur',
    ])
  })

  it('a file whose folder was purged comes back at the area root, saying so', async () => {
    const p = await projectWithMembers(t, c)
    const dir = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Sementara')
    const f = await put(p.slug, 'sisa.pdf', dir)
    await t.request('DELETE', `/api/file/${p.slug}/remove/${f}`, { token: c.admin.token })
    await new Promise((r) => setTimeout(r, 5))
    await t.request('DELETE', `/api/folder/${p.slug}/remove/${dir}`, { token: c.admin.token })
    // The folder is in the trash: the file cannot go into it.
    const res = await restore(p.id, 'file', f)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ message: TRASH_MSG.parentGone, data: { folder: null } })
    expect((await explore(p.slug)).json.data.files.map((x: { uuid: string }) => x.uuid)).toEqual([f])
    expect((await purge(p.id, 'folder', dir)).status).toBe(200)
    // The restored file was not below the folder any more: it stays.
    expect((await explore(p.slug)).json.data.files.map((x: { uuid: string }) => x.uuid)).toEqual([f])
  })
})

describe(`trash: documentation items (${TEST_DB})`, () => {
  it('an item deleted by a member is restored by an admin with its photos, comments and likes', async () => {
    const p = await projectWithMembers(t, c)
    const doc = await uploadDoc(p.slug, 'Pengecoran pelat lantai 2')
    await t.request('POST', `/api/doc/${p.slug}/comment/${doc.uuid}/submit`, {
      token: c.planner.token,
      json: { comment: 'Perlu foto dari sisi timur' },
    })
    await t.request('PATCH', `/api/doc/${p.slug}/like/${doc.uuid}/true`, { token: c.planner.token })
    const del = await t.request('DELETE', `/api/doc/${p.slug}/remove/${doc.uuid}`, {
      token: c.supervisor.token,
    })
    expect(del.status, del.text).toBe(200)
    const list = await t.request('GET', `/api/doc/${p.slug}/list`, { token: c.admin.token })
    expect(list.json.data).toEqual([])
    expect(
      (await t.request('GET', `/api/project/detail/${p.id}`, { token: c.admin.token })).json.data.total_docs,
    ).toBe(0)
    expect((await trash(p.id)).items).toMatchObject([
      { kind: 'doc', uuid: doc.uuid, name: 'Pengecoran pelat lantai 2', area: 'dokumentasi' },
    ])
    // Its history: 404 for members while it is in the trash; admins still read it.
    const hidden = await t.request('GET', `/api/doc/${p.slug}/history/${doc.uuid}`, {
      token: c.planner.token,
    })
    expect(hidden.status).toBe(404)
    const seen = await t.request('GET', `/api/doc/${p.slug}/history/${doc.uuid}`, { token: c.admin.token })
    expect(seen.status).toBe(200)
    expect((seen.json.data as HistoryEntry[])[0]).toMatchObject({
      action: 'delete',
      actor: { id: c.supervisor.id, name: 'Pengawas Satu', role: 'pengawasan' },
      object: { kind: 'doc', id: doc.uuid, name: 'Pengecoran pelat lantai 2' },
    })

    expect((await restore(p.id, 'doc', doc.uuid)).status).toBe(200)
    const again = await t.request('GET', `/api/doc/${p.slug}/list`, { token: c.planner.token })
    expect(again.json.data).toMatchObject([{ uuid: doc.uuid, likes: 1, comments: 1, is_liked: true }])
    const mine = await t.request('GET', `/api/doc/${p.slug}/history/${doc.uuid}`, { token: c.planner.token })
    expect(mine.status).toBe(200)
    expect((mine.json.data as HistoryEntry[]).map((e) => e.action)).toEqual(
      expect.arrayContaining(['restore', 'delete', 'upload']),
    )
    expect((mine.json.data as HistoryEntry[])[0]?.action).toBe('restore')
    expect(
      (await t.request('GET', `/api/doc/${p.slug}/history/${crypto.randomUUID()}`, { token: c.admin.token }))
        .status,
    ).toBe(404)

    // For good: the photos leave the public store.
    const before = publicBlobs().length
    await t.request('DELETE', `/api/doc/${p.slug}/remove/${doc.uuid}`, { token: c.admin.token })
    expect((await purge(p.id, 'doc', doc.uuid)).status).toBe(200)
    expect(publicBlobs().length).toBeLessThan(before)
    expect(await t.db.selectFrom('doc_comments').select('id').where('doc_id', '=', doc.id).execute()).toEqual(
      [],
    )
  })
})

describe(`trash: the daily sweep (${TEST_DB})`, () => {
  it('purges what has been in the trash over 30 days, and only that', async () => {
    const p = await projectWithMembers(t, c)
    const dir = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Lama')
    const inside = await put(p.slug, 'dalam.pdf', dir)
    const old = await put(p.slug, 'lama.pdf')
    const fresh = await put(p.slug, 'baru.pdf')
    for (const f of [old, fresh])
      await t.request('DELETE', `/api/file/${p.slug}/remove/${f}`, { token: c.admin.token })
    await t.request('DELETE', `/api/folder/${p.slug}/remove/${dir}`, { token: c.admin.token })
    const long = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString()
    await t.db.updateTable('files').set({ deleted_at: long }).where('uuid', 'in', [old, inside]).execute()
    await t.db.updateTable('folders').set({ deleted_at: long }).where('uuid', '=', dir).execute()
    const blobs = privateBlobs(t).length

    const gone = await t.db.transaction().execute((trx) => purgeExpired(trx, t.deps.dialect, new Date()))
    await deleteBlobsQuietly(t.deps, gone, 'test')
    expect(gone).toHaveLength(2)
    expect(privateBlobs(t).length).toBe(blobs - 2)
    expect((await trash(p.id)).items.map((i) => i.uuid)).toEqual([fresh])
    const purged = (await history(p.id)).filter((e) => e.action === 'purge')
    expect(purged.map((e) => e.object.name).sort()).toEqual(['Lama', 'lama.pdf'])
    expect(purged[0]?.actor).toEqual({ id: null, name: 'Sistem (sampah 30 hari)', role: 'admin' })
    // A second sweep finds nothing.
    expect(await t.db.transaction().execute((trx) => purgeExpired(trx, t.deps.dialect, new Date()))).toEqual(
      [],
    )
  })

  it('is queued once, however many processes start', async () => {
    await t.db.deleteFrom('jobs').where('kind', '=', TRASH_SWEEP_KIND).execute()
    const queued = await Promise.all([1, 2, 3].map(() => queueTrashSweep(t.db, t.deps.dialect)))
    expect(queued.filter(Boolean)).toHaveLength(1)
    const jobs = await t.db.selectFrom('jobs').selectAll().where('kind', '=', TRASH_SWEEP_KIND).execute()
    expect(jobs.map((j) => j.status)).toEqual(['queued'])
  })
})

describe(`history (${TEST_DB})`, () => {
  it('records uploads, reviews and renames with who did them', async () => {
    const p = await projectWithMembers(t, c)
    const dir = await folder(t, c.planner.token, p.slug, 'perencanaan', 'Gambar')
    const res = await upload(
      t,
      c.planner.token,
      p.slug,
      'perencanaan',
      [{ name: 'denah.pdf', data: pdfBytes('d') }],
      {
        folder: dir,
      },
    )
    const uuid = res.json.results[0].uuid as string
    await t.request('PATCH', `/api/file/${p.slug}/status/${uuid}/rejected`, { token: c.admin.token })
    await t.request('PATCH', `/api/folder/${p.slug}/rename/perencanaan/${dir}`, {
      token: c.planner.token,
      json: { name: 'Gambar Kerja' },
    })
    const entries = (await history(p.id)).slice(0, 4)
    expect(entries.map((e) => [e.action, e.object.kind, e.object.name, e.actor.name, e.detail])).toEqual([
      [
        'rename',
        'folder',
        'Gambar Kerja',
        'Perencana Satu',
        { area: 'perencanaan', before: 'Gambar', after: 'Gambar Kerja' },
      ],
      ['reject', 'file', 'denah.pdf', 'Admin Utama', { area: 'perencanaan' }],
      ['upload', 'file', 'denah.pdf', 'Perencana Satu', { area: 'perencanaan', folder: 'Gambar' }],
      ['create', 'folder', 'Gambar', 'Perencana Satu', { area: 'perencanaan', parent: null }],
    ])
    expect(entries[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('pages the project history newest first with a cursor; a bad cursor is 400; nothing edits it', async () => {
    const p = await projectWithMembers(t, c)
    for (let i = 0; i < HISTORY_PAGE_SIZE + 5; i++)
      await createFolder(t, c.admin.token, p.slug, 'perencanaan', `F${String(i).padStart(3, '0')}`)
    const first = await t.request('GET', `/api/project/${p.id}/history`, { token: c.admin.token })
    expect(first.status).toBe(200)
    expect(first.json.data).toHaveLength(HISTORY_PAGE_SIZE)
    expect(first.json.data[0].object.name).toBe(`F${String(HISTORY_PAGE_SIZE + 4).padStart(3, '0')}`)
    expect(first.json.next_cursor).toEqual(expect.any(String))
    const second = await t.request('GET', `/api/project/${p.id}/history?cursor=${first.json.next_cursor}`, {
      token: c.admin.token,
    })
    // 55 folders, then the members change and the project's creation.
    expect(second.json.data.map((e: HistoryEntry) => e.action)).toEqual([
      'create',
      'create',
      'create',
      'create',
      'create',
      'members',
      'create',
    ])
    expect(second.json.next_cursor).toBeNull()
    const ids = [...first.json.data, ...second.json.data].map((e: HistoryEntry) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const bad of ['abc', '-1', '99999999999', '1.5'])
      expect(
        (await t.request('GET', `/api/project/${p.id}/history?cursor=${bad}`, { token: c.admin.token }))
          .status,
      ).toBe(400)
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const)
      expect([404, 405]).toContain(
        (await t.request(method, `/api/project/${p.id}/history`, { token: c.admin.token })).status,
      )
  })
})
