import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILE_MSG } from '../../../src/contracts/files'
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
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'

let t: TestApp
let c: Cast

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
})
afterAll(() => t.close())

type Explore = {
  folder: { uuid: string; name: string } | null
  paths: { id: number; uuid: string; name: string }[]
  path: string
  folders: { uuid: string; name: string; items: number; creator: { name: string } }[]
  files: { uuid: string; name: string }[]
  next_cursor: string | null
  total: { folders: number; files: number }
  can: { write: boolean; review: boolean }
}

async function explore(token: string, slug: string, area: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString()
  const res = await t.request('GET', `/api/folder/${slug}/explore/${area}${qs ? `?${qs}` : ''}`, { token })
  return { ...res, data: res.json?.data as Explore }
}

/** A chain of `depth` folders, each inside the one before, written directly. */
async function chain(projectId: number, depth: number) {
  const now = new Date().toISOString()
  let parent: number | null = null
  let first = ''
  let last = ''
  for (let i = 0; i < depth; i++) {
    const uuid = randomUUID()
    const row: { id: number } = await t.db
      .insertInto('folders')
      .values({
        uuid,
        project_id: projectId,
        area: 'perencanaan',
        parent_id: parent,
        name: `L${i}`,
        created_by: c.admin.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    parent = row.id
    if (i === 0) first = uuid
    last = uuid
  }
  return { first, last }
}

describe(`folders (${TEST_DB})`, () => {
  it('requires auth on every folder call', async () => {
    const p = await projectWithMembers(t, c)
    for (const [method, url] of [
      ['POST', `/api/folder/${p.slug}/create/perencanaan`],
      ['GET', `/api/folder/${p.slug}/explore/perencanaan`],
      ['PATCH', `/api/folder/${p.slug}/rename/perencanaan/${randomUUID()}`],
      ['DELETE', `/api/folder/${p.slug}/remove/${randomUUID()}`],
    ] as const) {
      const res = await t.request(method, url, method === 'GET' ? {} : { json: { name: 'x' } })
      expect(res.status, `${method} ${url}`).toBe(401)
    }
  })

  it('nests folders to any depth; explore answers the breadcrumb trail, its path, subfolders and counts', async () => {
    const p = await projectWithMembers(t, c)
    const a = await folder(t, c.planner.token, p.slug, 'perencanaan', 'Gambar Kerja')
    const b = await folder(t, c.planner.token, p.slug, 'perencanaan', 'Struktur', a)
    const d = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Lantai 2', b)
    const e = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Balok', d)
    await folder(t, c.planner.token, p.slug, 'perencanaan', 'Arsitektur', a)
    const up = await upload(
      t,
      c.planner.token,
      p.slug,
      'perencanaan',
      [{ name: 'denah.pdf', data: pdfBytes() }],
      {
        folder: a,
      },
    )
    expect(up.status).toBe(201)

    const root = await explore(c.planner.token, p.slug, 'perencanaan')
    expect(root.status).toBe(200)
    expect(root.data).toMatchObject({ folder: null, paths: [], path: '/', files: [], next_cursor: null })
    expect(root.data.folders).toEqual([
      expect.objectContaining({
        uuid: a,
        name: 'Gambar Kerja',
        items: 3,
        creator: expect.objectContaining({ name: 'Perencana Satu' }),
      }),
    ])
    expect(root.data.total).toEqual({ folders: 1, files: 0 })

    const inA = await explore(c.planner.token, p.slug, 'perencanaan', { parent_slug: a })
    expect(inA.data.folders.map((f) => f.name)).toEqual(['Arsitektur', 'Struktur'])
    expect(inA.data.files.map((f) => f.name)).toEqual(['denah.pdf'])
    expect(inA.data.total).toEqual({ folders: 2, files: 1 })

    const deep = await explore(c.supervisor.token, p.slug, 'perencanaan', { parent_slug: e })
    expect(deep.status).toBe(200)
    expect(deep.data.folder).toMatchObject({ uuid: e, name: 'Balok' })
    expect(deep.data.paths.map((x) => x.uuid)).toEqual([a, b, d, e])
    expect(deep.data.paths.map((x) => x.name)).toEqual(['Gambar Kerja', 'Struktur', 'Lantai 2', 'Balok'])
    expect(deep.data.paths[0]).toEqual({ id: expect.any(Number), uuid: a, name: 'Gambar Kerja' })
    expect(deep.data.path).toBe('/Gambar Kerja/Struktur/Lantai 2/Balok')

    // The other area and another project know nothing of these folders.
    expect((await explore(c.admin.token, p.slug, 'pengawasan', { parent_slug: a })).status).toBe(404)
    const q = await projectWithMembers(t, c, 'Lain')
    const other = await explore(c.admin.token, q.slug, 'perencanaan', { parent_slug: a })
    expect(other.status).toBe(404)
    expect(other.json.message).toBe(FILE_MSG.folderNotFound)
  })

  it('takes SPEC multipart (name, parent_slug), JSON and urlencoded bodies', async () => {
    const p = await projectWithMembers(t, c)
    const form = new FormData()
    form.append('name', '  Laporan Harian  ')
    const multipart = await t.request('POST', `/api/folder/${p.slug}/create/pengawasan`, {
      token: c.supervisor.token,
      body: form,
    })
    expect(multipart.status).toBe(201)
    expect(multipart.json).toMatchObject({ success: true, message: 'Folder created successfully' })
    expect(multipart.json.data).toMatchObject({
      name: 'Laporan Harian',
      items: 0,
      creator: { name: 'Pengawas Satu' },
    })
    const parent = multipart.json.data.uuid as string
    const sub = new FormData()
    sub.append('name', 'Minggu 1')
    sub.append('parent_slug', parent)
    expect(
      (
        await t.request('POST', `/api/folder/${p.slug}/create/pengawasan`, {
          token: c.supervisor.token,
          body: sub,
        })
      ).status,
    ).toBe(201)
    const urlencoded = await t.request('POST', `/api/folder/${p.slug}/create/pengawasan`, {
      token: c.supervisor.token,
      body: new URLSearchParams({ name: 'Minggu 2', parent_slug: parent }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(urlencoded.status).toBe(201)
    const inside = await explore(c.supervisor.token, p.slug, 'pengawasan', { parent_slug: parent })
    expect(inside.data.folders.map((f) => f.name)).toEqual(['Minggu 1', 'Minggu 2'])
    // A file part in a folder form is not a folder's business.
    const withFile = new FormData()
    withFile.append('name', 'Berkas')
    withFile.append('berkas', new Blob([new Uint8Array(pdfBytes())]), 'x.pdf')
    const refused = await t.request('POST', `/api/folder/${p.slug}/create/pengawasan`, {
      token: c.supervisor.token,
      body: withFile,
    })
    expect(refused.status).toBe(413)
  })

  it('refuses empty names, path separators, dot names and control characters, writing nothing', async () => {
    const p = await projectWithMembers(t, c)
    const before = filesUnder(t.dataDir)
    const cases: [unknown, string][] = [
      ['', FILE_MSG.folderNameRequired],
      ['   ', FILE_MSG.folderNameRequired],
      [undefined, FILE_MSG.folderNameRequired],
      [42, FILE_MSG.folderNameRequired],
      ['../x', FILE_MSG.folderNameSeparator],
      ['../../../../etc', FILE_MSG.folderNameSeparator],
      ['/etc/passwd', FILE_MSG.folderNameSeparator],
      ['C:\\Windows', FILE_MSG.folderNameSeparator],
      ['a/b', FILE_MSG.folderNameSeparator],
      ['..', FILE_MSG.folderNameDots],
      ['.', FILE_MSG.folderNameDots],
      ['nama\u0000jahat', 'Teks berisi karakter yang tidak diperbolehkan'],
      ['baris\nbaru', 'Teks berisi karakter yang tidak diperbolehkan'],
      ['Laporan\u202efdp.exe', 'Teks berisi karakter yang tidak diperbolehkan'],
      ['Arsip\u2067', 'Teks berisi karakter yang tidak diperbolehkan'],
      ['x'.repeat(101), FILE_MSG.folderNameTooLong],
    ]
    for (const [name, message] of cases) {
      const res = await t.request('POST', `/api/folder/${p.slug}/create/perencanaan`, {
        token: c.admin.token,
        json: name === undefined ? {} : { name },
      })
      expect(res.status, JSON.stringify(name)).toBe(422)
      expect(res.json.message, JSON.stringify(name)).toBe(message)
      expect(res.json.errors.name).toBe(message)
    }
    // A NUL in a multipart field is refused by the pipeline itself.
    const form = new FormData()
    form.append('name', 'a\u0000b')
    const nul = await t.request('POST', `/api/folder/${p.slug}/create/perencanaan`, {
      token: c.admin.token,
      body: form,
    })
    expect(nul.status).toBe(422)
    expect((await explore(c.admin.token, p.slug, 'perencanaan')).data.folders).toEqual([])
    expect(filesUnder(t.dataDir)).toEqual(before)
    expect(filesUnder(path.dirname(t.dataDir)).filter((f) => /(^|\/)(x|etc|passwd)$/.test(f))).toEqual([])
  })

  it('keeps names unique among siblings whatever their case (409), across places they may repeat', async () => {
    const p = await projectWithMembers(t, c)
    const a = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Gambar')
    const taken = await createFolder(t, c.admin.token, p.slug, 'perencanaan', 'GAMBAR')
    expect(taken.status).toBe(409)
    expect(taken.json.message).toBe(FILE_MSG.folderNameTaken)
    expect((await createFolder(t, c.admin.token, p.slug, 'perencanaan', ' gambar ')).status).toBe(409)
    // Same name: in a subfolder, in the other area, in another project.
    expect((await createFolder(t, c.admin.token, p.slug, 'perencanaan', 'Gambar', a)).status).toBe(201)
    expect((await createFolder(t, c.admin.token, p.slug, 'pengawasan', 'Gambar')).status).toBe(201)
    const q = await projectWithMembers(t, c, 'Lain')
    expect((await createFolder(t, c.admin.token, q.slug, 'perencanaan', 'Gambar')).status).toBe(201)
    // Decomposed and composed forms of one name are one name (NFC).
    expect((await createFolder(t, c.admin.token, p.slug, 'perencanaan', 'Cafe\u0301')).status).toBe(201)
    expect((await createFolder(t, c.admin.token, p.slug, 'perencanaan', 'Caf\u00e9')).status).toBe(409)
  })

  it('two concurrent creates of one name: exactly one lands', async () => {
    const p = await projectWithMembers(t, c)
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createFolder(t, c.admin.token, p.slug, 'pengawasan', 'Bersamaan')),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    expect((await explore(c.admin.token, p.slug, 'pengawasan')).data.folders).toHaveLength(1)
  })

  it('an Idempotency-Key makes a retried create land once', async () => {
    const p = await projectWithMembers(t, c)
    const key = randomUUID()
    const send = () =>
      t.request('POST', `/api/folder/${p.slug}/create/pengawasan`, {
        token: c.supervisor.token,
        json: { name: 'Sekali Saja' },
        headers: { 'idempotency-key': key },
      })
    const first = await send()
    const again = await send()
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    expect((await explore(c.supervisor.token, p.slug, 'pengawasan')).data.folders).toHaveLength(1)
  })

  it('unknown parents, areas and projects answer 404', async () => {
    const p = await projectWithMembers(t, c)
    const missing = await createFolder(t, c.admin.token, p.slug, 'perencanaan', 'X', randomUUID())
    expect(missing.status).toBe(404)
    expect(missing.json.message).toBe(FILE_MSG.folderNotFound)
    for (const area of ['dokumentasi', 'rekap', 'PERENCANAAN', 'x']) {
      expect((await createFolder(t, c.admin.token, p.slug, area, 'X')).status, area).toBe(404)
      expect((await explore(c.admin.token, p.slug, area)).status, area).toBe(404)
    }
    const gone = await createFolder(t, c.admin.token, randomUUID(), 'perencanaan', 'X')
    expect(gone.status).toBe(404)
    expect(gone.json.message).toBe('Project tidak ditemukan')
  })

  it('renames a folder: trimmed, unique among its siblings, case changes of its own name allowed', async () => {
    const p = await projectWithMembers(t, c)
    const a = await folder(t, c.planner.token, p.slug, 'perencanaan', 'Draf')
    await folder(t, c.planner.token, p.slug, 'perencanaan', 'Final')
    const rename = (uuid: string, name: unknown, area = 'perencanaan', token = c.planner.token) =>
      t.request('PATCH', `/api/folder/${p.slug}/rename/${area}/${uuid}`, { token, json: { name } })
    const res = await rename(a, '  Draf Revisi ')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ success: true, message: 'Folder renamed successfully' })
    expect(res.json.data).toMatchObject({ uuid: a, name: 'Draf Revisi' })
    expect((await rename(a, 'final')).status).toBe(409)
    expect((await rename(a, 'DRAF REVISI')).status).toBe(200)
    expect((await rename(a, '')).json.message).toBe(FILE_MSG.folderNameRequired)
    expect((await rename(a, '../naik')).status).toBe(422)
    // The folder lives in perencanaan: named under pengawasan it does not exist.
    expect((await rename(a, 'X', 'pengawasan', c.admin.token)).status).toBe(404)
    expect((await rename(randomUUID(), 'X')).status).toBe(404)
    const form = new FormData()
    form.append('name', 'Dari Form')
    const multipart = await t.request('PATCH', `/api/folder/${p.slug}/rename/perencanaan/${a}`, {
      token: c.planner.token,
      body: form,
    })
    expect(multipart.status).toBe(200)
    const names = (await explore(c.planner.token, p.slug, 'perencanaan')).data.folders.map((f) => f.name)
    expect(names).toEqual(['Dari Form', 'Final'])
  })

  it('moves a folder with everything inside it to the trash (blobs kept), and nothing else', async () => {
    const p = await projectWithMembers(t, c)
    const keep = await folder(t, c.supervisor.token, p.slug, 'pengawasan', 'Tetap')
    const top = await folder(t, c.supervisor.token, p.slug, 'pengawasan', 'Hapus')
    const mid = await folder(t, c.supervisor.token, p.slug, 'pengawasan', 'Tengah', top)
    const low = await folder(t, c.supervisor.token, p.slug, 'pengawasan', 'Bawah', mid)
    const blobsBefore = privateBlobs(t).length
    for (const [where, n] of [
      [top, 2],
      [mid, 1],
      [low, 3],
      [keep, 1],
    ] as const) {
      const files = Array.from({ length: n }, (_, i) => ({
        name: `f${i}.pdf`,
        data: pdfBytes(`${where}${i}`),
      }))
      expect(
        (await upload(t, c.supervisor.token, p.slug, 'pengawasan', files, { folder: where })).status,
      ).toBe(201)
    }
    expect(privateBlobs(t).length).toBe(blobsBefore + 7)
    const countsBefore = (await t.request('GET', `/api/project/detail/${p.slug}`, { token: c.admin.token }))
      .json.data.area_counts.pengawasan
    expect(countsBefore).toEqual({ total: 7, pending: 7, approved: 0, rejected: 0 })

    const res = await t.request('DELETE', `/api/folder/${p.slug}/remove/${top}`, {
      token: c.supervisor.token,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true, message: 'Folder deleted successfully' })
    // In the trash: rows and blobs stay, stamped alike; lists and counts leave them out.
    expect(privateBlobs(t).length).toBe(blobsBefore + 7)
    const folders = await t.db
      .selectFrom('folders')
      .select('uuid')
      .where('project_id', '=', p.id)
      .where('deleted_at', 'is', null)
      .execute()
    expect(folders.map((f) => f.uuid)).toEqual([keep])
    const stamps = await t.db
      .selectFrom('files')
      .select('deleted_at')
      .where('project_id', '=', p.id)
      .where('deleted_at', 'is not', null)
      .execute()
    expect(stamps).toHaveLength(6)
    expect(new Set(stamps.map((f) => f.deleted_at)).size).toBe(1)
    const root = await explore(c.admin.token, p.slug, 'pengawasan')
    expect(root.json.data.folders.map((f: { uuid: string }) => f.uuid)).toEqual([keep])
    expect(root.json.data.total.folders).toBe(1)
    // The name is free again.
    expect((await createFolder(t, c.admin.token, p.slug, 'pengawasan', 'hapus')).status).toBe(201)
    const detail = await t.request('GET', `/api/project/detail/${p.slug}`, { token: c.admin.token })
    expect(detail.json.data.area_counts.pengawasan).toEqual({
      total: 1,
      pending: 1,
      approved: 0,
      rejected: 0,
    })
    // Gone means gone: a second delete and an explore into it answer 404.
    expect(
      (await t.request('DELETE', `/api/folder/${p.slug}/remove/${top}`, { token: c.admin.token })).status,
    ).toBe(404)
    expect((await explore(c.admin.token, p.slug, 'pengawasan', { parent_slug: mid })).status).toBe(404)
  })

  it('trashes and purges a chain of 1,050 nested folders (no cascade depth limit), and its project after', async () => {
    const p = await projectWithMembers(t, c)
    const { first, last } = await chain(p.id, 1050)
    const deep = await explore(c.admin.token, p.slug, 'perencanaan', { parent_slug: last })
    expect(deep.status).toBe(200)
    expect(deep.data.paths).toHaveLength(1050)
    const res = await t.request('DELETE', `/api/folder/${p.slug}/remove/${first}`, { token: c.admin.token })
    expect(res.status, res.text).toBe(200)
    const live = await t.db
      .selectFrom('folders')
      .select('id')
      .where('project_id', '=', p.id)
      .where('deleted_at', 'is', null)
      .execute()
    expect(live).toEqual([])
    const purge = await t.request('DELETE', `/api/project/${p.id}/trash/folder/${first}`, {
      token: c.admin.token,
    })
    expect(purge.status, purge.text).toBe(200)
    const left = await t.db.selectFrom('folders').select('id').where('project_id', '=', p.id).execute()
    expect(left).toEqual([])
    // The same chain again, removed with its whole project.
    await chain(p.id, 1050)
    const gone = await t.request('DELETE', `/api/project/delete/${p.slug}`, { token: c.admin.token })
    expect(gone.status, gone.text).toBe(200)
    expect(await t.db.selectFrom('folders').select('id').where('project_id', '=', p.id).execute()).toEqual([])
  })

  it('pages a folder of 5,000 files and 30 folders by name with a cursor, every entry exactly once', async () => {
    const p = await projectWithMembers(t, c)
    const parent = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Besar')
    const parentId = (
      await t.db.selectFrom('folders').select('id').where('uuid', '=', parent).executeTakeFirstOrThrow()
    ).id
    for (let i = 0; i < 30; i++)
      await folder(t, c.admin.token, p.slug, 'perencanaan', `Sub ${String(i).padStart(2, '0')}`, parent)
    const now = new Date().toISOString()
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      uuid: randomUUID(),
      project_id: p.id,
      area: 'perencanaan' as const,
      folder_id: parentId,
      // Mixed case and duplicate names: the order is case-insensitive, ties broken by id.
      name: `${i % 2 ? 'dok' : 'Dok'}-${String(i % 2500).padStart(5, '0')}.pdf`,
      size_bytes: 1000 + i,
      mime: 'application/pdf',
      blob_key: `${randomUUID()}.pdf`,
      status: 'pending' as const,
      creator_id: c.admin.id,
      created_at: now,
      reviewed_by: null,
      reviewed_at: null,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('files')
        .values(rows.slice(i, i + 500))
        .execute()

    const seenFolders: string[] = []
    const seenFiles: { uuid: string; name: string }[] = []
    let cursor: string | null = null
    let pages = 0
    const timings: number[] = []
    do {
      const started = performance.now()
      const page = await explore(c.planner.token, p.slug, 'perencanaan', {
        parent_slug: parent,
        limit: '200',
        ...(cursor ? { cursor } : {}),
      })
      timings.push(performance.now() - started)
      expect(page.status, page.text).toBe(200)
      expect(page.data.folders.length + page.data.files.length).toBeLessThanOrEqual(200)
      expect(page.data.total).toEqual({ folders: 30, files: 5000 })
      seenFolders.push(...page.data.folders.map((f) => f.name))
      seenFiles.push(...page.data.files)
      cursor = page.data.next_cursor
      pages += 1
    } while (cursor && pages < 100)
    expect(pages).toBe(26)
    expect(seenFolders).toEqual(Array.from({ length: 30 }, (_, i) => `Sub ${String(i).padStart(2, '0')}`))
    expect(new Set(seenFiles.map((f) => f.uuid)).size).toBe(5000)
    const keys = seenFiles.map((f) => f.name.toLowerCase())
    expect(keys).toEqual([...keys].sort())
    // Loose on purpose (shared CI machine): a page is an index range, not a scan of the folder.
    expect(Math.max(...timings.slice(1))).toBeLessThan(500)

    // A page boundary inside the folders carries on into them, then into the files.
    const small = await explore(c.planner.token, p.slug, 'perencanaan', { parent_slug: parent, limit: '20' })
    expect(small.data.folders).toHaveLength(20)
    expect(small.data.files).toEqual([])
    const next = await explore(c.planner.token, p.slug, 'perencanaan', {
      parent_slug: parent,
      limit: '20',
      cursor: small.data.next_cursor as string,
    })
    expect(next.data.folders.map((f) => f.name)).toEqual(seenFolders.slice(20))
    expect(next.data.files).toHaveLength(10)

    const bads: Record<string, string>[] = [
      { limit: '0' },
      { limit: '501' },
      { limit: 'x' },
      { cursor: 'bukan-kursor' },
      { cursor: 'e30' },
    ]
    for (const bad of bads) {
      expect((await explore(c.planner.token, p.slug, 'perencanaan', bad)).status, JSON.stringify(bad)).toBe(
        400,
      )
    }
  })
})

describe(`area rules on folders (${TEST_DB})`, () => {
  it('admin everywhere; perencanaan only in perencanaan; pengawasan only in pengawasan; others 404', async () => {
    const p = await projectWithMembers(t, c)
    const expectations: [keyof Cast, string, number][] = [
      ['admin', 'perencanaan', 201],
      ['admin', 'pengawasan', 201],
      ['planner', 'perencanaan', 201],
      ['planner', 'pengawasan', 403],
      ['supervisor', 'perencanaan', 403],
      ['supervisor', 'pengawasan', 201],
      ['outsider', 'perencanaan', 404],
      ['outsider', 'pengawasan', 404],
      ['superadmin', 'perencanaan', 404],
    ]
    for (const [who, area, status] of expectations) {
      const res = await createFolder(t, c[who].token, p.slug, area, `${who}-${area}`)
      expect(res.status, `${who} create in ${area}`).toBe(status)
    }
    const plan = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Milik Perencanaan')
    const watch = await folder(t, c.admin.token, p.slug, 'pengawasan', 'Milik Pengawasan')
    for (const [who, uuid, area, status] of [
      ['planner', plan, 'perencanaan', 200],
      ['planner', watch, 'pengawasan', 403],
      ['supervisor', plan, 'perencanaan', 403],
      ['supervisor', watch, 'pengawasan', 200],
      ['outsider', watch, 'pengawasan', 404],
    ] as const) {
      const renamed = await t.request('PATCH', `/api/folder/${p.slug}/rename/${area}/${uuid}`, {
        token: c[who].token,
        json: { name: `${who} ${randomUUID().slice(0, 4)}` },
      })
      expect(renamed.status, `${who} rename in ${area}`).toBe(status)
    }
    for (const [who, uuid, status] of [
      ['supervisor', plan, 403],
      ['planner', watch, 403],
      ['outsider', plan, 404],
      ['superadmin', plan, 404],
      ['planner', plan, 200],
      ['supervisor', watch, 200],
    ] as const) {
      const res = await t.request('DELETE', `/api/folder/${p.slug}/remove/${uuid}`, { token: c[who].token })
      expect(res.status, `${who} delete`).toBe(status)
    }
  })

  it('everyone who sees the project reads both areas; the answer says what they may do there', async () => {
    const p = await projectWithMembers(t, c)
    const can = async (who: keyof Cast, area: string) => {
      const res = await explore(c[who].token, p.slug, area)
      return res.status === 200 ? res.data.can : res.status
    }
    expect(await can('admin', 'perencanaan')).toEqual({ write: true, review: true })
    expect(await can('admin', 'pengawasan')).toEqual({ write: true, review: true })
    expect(await can('planner', 'perencanaan')).toEqual({ write: true, review: false })
    expect(await can('planner', 'pengawasan')).toEqual({ write: false, review: false })
    expect(await can('supervisor', 'perencanaan')).toEqual({ write: false, review: false })
    expect(await can('supervisor', 'pengawasan')).toEqual({ write: true, review: false })
    expect(await can('outsider', 'pengawasan')).toBe(404)
    expect(await can('superadmin', 'pengawasan')).toBe(404)
  })
})
