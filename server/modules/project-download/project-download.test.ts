import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_DOWNLOAD_MSG } from '../../../src/contracts/projects'
import { EXPORT_BUSY_MSG } from '../../limits/export-slots'
import { type Cast, cast, folder, projectWithMembers, upload } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { docx, pdf, xlsx } from '../../test/office-fixtures'

/*
 * The whole-project zip, end to end: a project built through the real API (nested folders with
 * non-ASCII names, duplicate file names, documentation items with photos, recap files), downloaded,
 * checked by `unzip -t`, extracted by `unzip` and compared byte for byte with what was uploaded.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-project-zip-'))
/** Archive path -> the bytes uploaded for it. */
const expected = new Map<string, Buffer>()

const photo = (seed: number) =>
  sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: seed * 40, g: 90, b: 200 - seed } },
  })
    .jpeg()
    .toBuffer()

async function uploadFile(area: string, name: string, data: Buffer, into?: string) {
  const res = await upload(t, c.admin.token, project.slug, area, [{ name, data }], { folder: into })
  expect(res.status, res.text).toBe(201)
}

async function uploadDoc(description: string, photos: { name: string; data: Buffer }[]) {
  const form = new FormData()
  form.append('description', description)
  for (const p of photos)
    form.append('files', new Blob([new Uint8Array(p.data)], { type: 'image/jpeg' }), p.name)
  const res = await t.request('POST', `/api/doc/${project.slug}/upload`, {
    token: c.supervisor.token,
    body: form,
  })
  expect(res.status, res.text).toBe(201)
}

async function uploadRecap(name: string, data: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(data)]), name)
  const res = await t.request('POST', `/api/rekap/${project.slug}/upload`, {
    token: c.admin.token,
    body: form,
  })
  expect(res.status, res.text).toBe(201)
}

async function download(
  token: string | undefined,
  id: string | number,
  method = 'GET',
  signal?: AbortSignal,
) {
  const res = await t.app.request(`/api/project/download/${id}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  })
  return res
}

beforeAll(async () => {
  // A short export queue, so the test can fill it.
  t = await createTestApp({ exportQueue: 2 })
  c = await cast(t)
  project = await projectWithMembers(t, c, 'Gedung Serbaguna Ñusantara')

  // Perencanaan: Struktur/Lantai 2 – Revisi/ with a file, a duplicate name in one folder, an empty folder.
  const struktur = await folder(t, c.admin.token, project.slug, 'perencanaan', 'Struktur Bangunan')
  const lantai = await folder(t, c.admin.token, project.slug, 'perencanaan', 'Lantai 2 – Revisi ✓', struktur)
  await folder(t, c.admin.token, project.slug, 'perencanaan', 'Kosong', struktur)
  const denah = randomBytes(200_000)
  await uploadFile('perencanaan', 'Denah Ø lantai.dwg', denah, lantai)
  expected.set('Perencanaan/Struktur Bangunan/Lantai 2 – Revisi ✓/Denah Ø lantai.dwg', denah)
  const a = pdf('pertama')
  const b = pdf('kedua, berbeda')
  await uploadFile('perencanaan', 'Laporan.pdf', a, struktur)
  await uploadFile('perencanaan', 'laporan.pdf', b, struktur)
  expected.set('Perencanaan/Struktur Bangunan/Laporan.pdf', a)
  expected.set('Perencanaan/Struktur Bangunan/laporan (2).pdf', b)
  const root = Buffer.from('RAB di akar area')
  await uploadFile('perencanaan', 'RAB 日本.xlsx', root)
  expected.set('Perencanaan/RAB 日本.xlsx', root)

  // Pengawasan: one file in the area's root.
  const harian = await docx('laporan harian')
  await uploadFile('pengawasan', 'Laporan harian.docx', harian)
  expected.set('Pengawasan/Laporan harian.docx', harian)

  // Dokumentasi: two items, the first with two photos.
  const [p1, p2, p3] = await Promise.all([photo(1), photo(2), photo(3)])
  await uploadDoc('Pengecoran kolom lantai dua, sisi utara', [
    { name: 'kolom.jpg', data: p1 },
    { name: 'kolom utara.jpg', data: p2 },
  ])
  await uploadDoc('Pemasangan bekisting', [{ name: 'bekisting.jpg', data: p3 }])
  expected.set('Dokumentasi/001 - Pengecoran kolom lantai dua, sisi utara/kolom.jpg', p1)
  expected.set('Dokumentasi/001 - Pengecoran kolom lantai dua, sisi utara/kolom utara.jpg', p2)
  expected.set('Dokumentasi/002 - Pemasangan bekisting/bekisting.jpg', p3)

  // Rekap.
  const rekap = await xlsx('rekap akhir')
  await uploadRecap('Rekap Akhir.xlsx', rekap)
  expected.set('Rekap/Rekap Akhir.xlsx', rekap)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(work, { recursive: true, force: true })
})

describe(`project download (${TEST_DB})`, () => {
  it('streams a zip of the whole tree with its exact length that unzips to exactly the uploaded bytes', async () => {
    const res = await download(c.admin.token, project.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const body = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    const disposition = res.headers.get('content-disposition') ?? ''
    expect(disposition).toMatch(/^attachment; filename="Gedung Serbaguna _usantara - \d{4}-\d{2}-\d{2}\.zip"/)
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(
      /^Gedung Serbaguna Ñusantara - \d{4}-\d{2}-\d{2}\.zip$/,
    )
    const info = JSON.parse(res.headers.get('x-response') ?? '{}')
    expect(info).toMatchObject({ success: true, message: PROJECT_DOWNLOAD_MSG.downloaded })
    expect(info.data.files).toBe(expected.size + 3) // plus one keterangan.txt per item, and riwayat.csv

    const zipPath = path.join(work, 'project.zip')
    fs.writeFileSync(zipPath, body)
    expect(execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8' })).toContain('No errors detected')
    const out = path.join(work, 'out')
    execFileSync('unzip', ['-q', zipPath, '-d', out])
    for (const [name, bytes] of expected) {
      const extracted = path.join(out, name)
      expect(fs.existsSync(extracted), name).toBe(true)
      expect(fs.readFileSync(extracted).equals(bytes), name).toBe(true)
    }
    // Empty folders and empty areas are kept, so the tree is the one in the app.
    expect(fs.statSync(path.join(out, 'Perencanaan/Struktur Bangunan/Kosong')).isDirectory()).toBe(true)
    expect(fs.readdirSync(out).sort()).toEqual([
      'Dokumentasi',
      'Pengawasan',
      'Perencanaan',
      'Rekap',
      'riwayat.csv',
    ])
    // Nothing else: every extracted file is one that was uploaded, or a documentation note.
    const all = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' })
      .split('\n')
      .filter((n) => n && !n.endsWith('/'))
    expect(all.filter((n) => !expected.has(n)).sort()).toEqual([
      'Dokumentasi/001 - Pengecoran kolom lantai dua, sisi utara/keterangan.txt',
      'Dokumentasi/002 - Pemasangan bekisting/keterangan.txt',
      'riwayat.csv',
    ])
    // The history: UTF-8 with a BOM, the Indonesian header, semicolons (Excel's list separator under
    // Indonesian settings), one row per entry, oldest first, firm time as Excel reads it.
    const csv = fs.readFileSync(path.join(out, 'riwayat.csv'), 'utf8')
    expect(csv.startsWith('\uFEFFWaktu;Pengguna;Peran;Aksi;Objek;Nama;Detail\r\n')).toBe(true)
    expect(csv).not.toMatch(/undefined|\bphotos:/)
    const lines = csv.slice(1).trimEnd().split('\r\n')
    expect(lines[1], lines[1]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d;Admin Utama;Administrator;Buat;Project;Gedung Serbaguna Ñusantara;/,
    )
    expect(lines).toContainEqual(
      expect.stringMatching(
        /;Ubah anggota;Project;.*;Ditambahkan: (Perencana Satu, Pengawas Satu|Pengawas Satu, Perencana Satu)$/,
      ),
    )
    expect(lines).toContainEqual(expect.stringMatching(/;Unggah;File;Denah Ø lantai\.dwg;/))
    expect(lines).toContainEqual(expect.stringMatching(/;Buat;Folder;Lantai 2 – Revisi ✓;/))
    // Stored, not deflated: photos and office files do not shrink.
    const methods = execFileSync('unzip', ['-Zv', zipPath], { encoding: 'utf8' })
    expect(methods).not.toMatch(/compression method:\s+deflated/)
    expect(methods).toMatch(/compression method:\s+none \(stored\)/)

    const note = fs.readFileSync(
      path.join(out, 'Dokumentasi/001 - Pengecoran kolom lantai dua, sisi utara/keterangan.txt'),
      'utf8',
    )
    expect(note).toContain('Deskripsi:\r\nPengecoran kolom lantai dua, sisi utara\r\n')
    expect(note).toContain('Status: Pending (menunggu review)')
    expect(note).toContain('Diunggah oleh: Pengawas Satu')
    expect(note).toContain('Jumlah foto: 2')
    // Each photo's evidence, under the name it has in the archive.
    expect(note).toContain('\r\nFoto 1: kolom.jpg\r\n')
    expect(note).toContain('\r\nFoto 2: kolom utara.jpg\r\n')
    expect(note).toMatch(/ {2}Waktu diunggah: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d WIB\r\n/)
    expect(note).toContain('  Tempat: tidak diketahui\r\n')
    const kolom = expected.get(
      'Dokumentasi/001 - Pengecoran kolom lantai dua, sisi utara/kolom.jpg',
    ) as Buffer
    expect(note).toContain(`  SHA-256: ${createHash('sha256').update(kolom).digest('hex')}`)
  })

  it("writes each photo's evidence: time taken, place and how it is known, work item, progress, SHA-256", async () => {
    const doc = await t.db
      .selectFrom('docs')
      .select('id')
      .where('description', '=', 'Pemasangan bekisting')
      .executeTakeFirstOrThrow()
    const item = await t.db
      .insertInto('work_items')
      .values({
        project_id: project.id,
        name: 'Pekerjaan Bekisting',
        created_by: c.admin.id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .updateTable('docs')
      .set({ work_item_id: item.id, progress: 40, location: 'As B-3, lantai 2' })
      .where('id', '=', doc.id)
      .execute()
    await t.db
      .updateTable('doc_images')
      .set({
        taken_at: '2026-11-25T23:30:15.000Z',
        lat: -6.2001234,
        lng: 106.8165432,
        accuracy_m: 12.4,
        location_source: 'exif',
      })
      .where('doc_id', '=', doc.id)
      .execute()
    const res = await download(c.admin.token, project.slug)
    const zipPath = path.join(work, 'evidence.zip')
    fs.writeFileSync(zipPath, Buffer.from(await res.arrayBuffer()))
    const note = execFileSync(
      'unzip',
      ['-p', zipPath, 'Dokumentasi/002 - Pemasangan bekisting/keterangan.txt'],
      {
        encoding: 'utf8',
      },
    )
    expect(note).toContain('Item pekerjaan: Pekerjaan Bekisting\r\n')
    expect(note).toContain('Lokasi di proyek: As B-3, lantai 2\r\n')
    expect(note).toContain('Progres: 40%\r\n')
    // Taken 06:30:15 on 26 November in Jakarta, although that is still the 25th in UTC.
    expect(note).toContain('  Waktu diambil: 2026-11-26 06:30:15 WIB\r\n')
    expect(note).toContain('  Tempat: -6.200123, 106.816543 (±12 m), sumber: GPS foto (EXIF)\r\n')
    const bytes = expected.get('Dokumentasi/002 - Pemasangan bekisting/bekisting.jpg') as Buffer
    expect(note).toContain(`  SHA-256: ${createHash('sha256').update(bytes).digest('hex')}\r\n`)
    // A place stored before its source was recorded says it is the upload moment's, not the photo's.
    await t.db
      .updateTable('doc_images')
      .set({ location_source: 'upload' })
      .where('doc_id', '=', doc.id)
      .execute()
    const again = await download(c.admin.token, project.slug)
    fs.writeFileSync(zipPath, Buffer.from(await again.arrayBuffer()))
    expect(
      execFileSync('unzip', ['-p', zipPath, 'Dokumentasi/002 - Pemasangan bekisting/keterangan.txt'], {
        encoding: 'utf8',
      }),
    ).toContain('sumber: lokasi saat diunggah (belum tentu tempat foto diambil)')
  })

  it('writes a reviewed item into its note, and HEAD tells the same length without a body', async () => {
    const docs = await t.request('GET', `/api/doc/${project.slug}/list`, { token: c.admin.token })
    const last = docs.json.data.find((d: { description: string }) => d.description === 'Pemasangan bekisting')
    const review = await t.request('PATCH', `/api/doc/${project.slug}/status/${last.uuid}/approved`, {
      token: c.admin.token,
    })
    expect(review.status).toBe(200)
    const get = await download(c.admin.token, project.slug)
    const body = Buffer.from(await get.arrayBuffer())
    const head = await download(c.admin.token, project.slug, 'HEAD')
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBe(body.length)
    const zipPath = path.join(work, 'reviewed.zip')
    fs.writeFileSync(zipPath, body)
    const note = execFileSync(
      'unzip',
      ['-p', zipPath, 'Dokumentasi/002 - Pemasangan bekisting/keterangan.txt'],
      {
        encoding: 'utf8',
      },
    )
    expect(note).toContain('Status: Disetujui')
    expect(note).toContain('Direview oleh: Admin Utama')
  })

  it('is for admins: members 403, outsiders and unknown ids 404, anonymous 401, each with x-response', async () => {
    const cases: [string | undefined, string | number, number][] = [
      [c.planner.token, project.id, 403],
      [c.supervisor.token, project.slug, 403],
      [c.outsider.token, project.id, 404],
      [c.superadmin.token, project.id, 404],
      [c.admin.token, 99_999_999, 404],
      [undefined, project.id, 401],
    ]
    for (const [token, id, status] of cases) {
      const res = await download(token, id)
      expect(res.status, `${id} ${status}`).toBe(status)
      const body = await res.json()
      const header = JSON.parse(res.headers.get('x-response') ?? 'null')
      expect(header).toEqual({ success: false, message: body.message })
      expect(header.message.length).toBeGreaterThan(0)
    }
  })

  it('bounds the exports one process streams at once: the next wait their turn, a full queue is 429 with Retry-After', async () => {
    const limit = t.deps.config.exportConcurrency
    // Big enough that its stream cannot finish before its client reads it.
    const big = await projectWithMembers(t, c, 'Arsip besar')
    const form = new FormData()
    const bytes = Buffer.concat([pdf('besar'), randomBytes(8 * 1024 * 1024), Buffer.from('\n%%EOF\n')])
    form.append('file', new Blob([new Uint8Array(bytes)]), 'besar.pdf')
    expect(
      (await t.request('POST', `/api/rekap/${big.slug}/upload`, { token: c.admin.token, body: form })).status,
    ).toBe(201)
    expect(t.deps.exportSlots.inUse).toBe(0)
    // Refusals hold no slot.
    expect((await download(c.planner.token, big.id)).status).toBe(403)
    expect(t.deps.exportSlots.inUse).toBe(0)
    const running: Response[] = []
    for (let i = 0; i < limit; i++) {
      const res = await download(c.admin.token, big.id)
      expect(res.status).toBe(200)
      running.push(res) // streaming, not read yet
    }
    // The next two wait (the queue holds two here); one of them gives up waiting and leaves the queue.
    const gaveUp = new AbortController()
    const waiting = download(c.admin.token, big.id)
    const leaving = download(c.admin.token, big.id, 'GET', gaveUp.signal)
    await expect.poll(() => t.deps.exportSlots.queued).toBe(2)
    // A full queue: refused at once, told when to come back.
    const busy = await download(c.admin.token, big.id)
    expect(busy.status).toBe(429)
    expect(busy.headers.get('retry-after')).toBe('10')
    const body = await busy.json()
    expect(body.message).toBe(EXPORT_BUSY_MSG)
    expect(JSON.parse(busy.headers.get('x-response') ?? 'null')).toEqual({
      success: false,
      message: body.message,
    })
    gaveUp.abort()
    await leaving.catch(() => undefined)
    await expect.poll(() => t.deps.exportSlots.queued).toBe(1)

    // One read to its end: its slot goes straight to the one waiting, which then streams whole.
    expect((await running[0]?.arrayBuffer())?.byteLength).toBeGreaterThan(8 * 1024 * 1024)
    const served = await waiting
    expect(served.status).toBe(200)
    expect(t.deps.exportSlots.queued).toBe(0)
    expect(t.deps.exportSlots.inUse).toBe(limit)
    // One abandoned by its client: its slot comes back too.
    await running[1]?.body?.cancel()
    await expect.poll(() => t.deps.exportSlots.inUse).toBe(limit - 1)
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(8 * 1024 * 1024)
    for (const res of running.slice(2)) await res.body?.cancel()
    await expect.poll(() => t.deps.exportSlots.inUse).toBe(0)
  })

  it('an empty project is four empty area folders', async () => {
    const empty = await projectWithMembers(t, c, 'Kosong')
    const res = await download(c.admin.token, empty.id)
    const zipPath = path.join(work, 'empty.zip')
    fs.writeFileSync(zipPath, Buffer.from(await res.arrayBuffer()))
    expect(execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
      'Dokumentasi/',
      'Pengawasan/',
      'Perencanaan/',
      'Rekap/',
      'riwayat.csv',
    ])
  })

  it('leaves out what is in the trash', async () => {
    const p = await projectWithMembers(t, c, 'Sampah zip')
    const keep = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Tetap')
    const gone = await folder(t, c.admin.token, p.slug, 'perencanaan', 'Dibuang')
    const put = async (name: string, into?: string) => {
      const res = await upload(t, c.admin.token, p.slug, 'perencanaan', [{ name, data: pdf(name) }], {
        folder: into,
      })
      return res.json.results[0].uuid as string
    }
    await put('tetap.pdf', keep)
    await put('ikut-folder.pdf', gone)
    const single = await put('sendiri.pdf')
    expect(
      (await t.request('DELETE', `/api/folder/${p.slug}/remove/${gone}`, { token: c.admin.token })).status,
    ).toBe(200)
    expect(
      (await t.request('DELETE', `/api/file/${p.slug}/remove/${single}`, { token: c.admin.token })).status,
    ).toBe(200)
    const res = await download(c.admin.token, p.id)
    const zipPath = path.join(work, 'trash.zip')
    fs.writeFileSync(zipPath, Buffer.from(await res.arrayBuffer()))
    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n')
    expect(names.filter((n) => n.startsWith('Perencanaan/')).sort()).toEqual([
      'Perencanaan/',
      'Perencanaan/Tetap/',
      'Perencanaan/Tetap/tetap.pdf',
    ])
    const csv = execFileSync('unzip', ['-p', zipPath, 'riwayat.csv'], { encoding: 'utf8' })
    expect(csv).toMatch(/;Hapus;Folder;Dibuang;Area: Perencanaan\r\n/)
    expect(csv).toMatch(/;Hapus;File;sendiri\.pdf;Area: Perencanaan\r\n/)
  })

  it('fails the stream (never a wrong zip) when a blob vanished after the listing', async () => {
    const lost = await projectWithMembers(t, c, 'Blob hilang')
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(pdf('hilang'))]), 'hilang.pdf')
    const up = await t.request('POST', `/api/rekap/${lost.slug}/upload`, { token: c.admin.token, body: form })
    const row = await t.db
      .selectFrom('recap_files')
      .select('blob_key')
      .where('id', '=', up.json.data.id)
      .executeTakeFirstOrThrow()
    await t.deps.store.delete(row.blob_key, 'private')
    const res = await download(c.admin.token, lost.id)
    expect(res.status).toBe(200)
    await expect(res.arrayBuffer()).rejects.toThrow()
  })
})
