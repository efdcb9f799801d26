import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type { ExploreResult, FileEntry } from '../../src/contracts/files'
import {
  type Account,
  apiCall,
  createAdmin,
  createEmployee,
  expectToast,
  isPhone,
  loginViaUi,
  unique,
  watchConsole,
} from './support'

/*
 * Perencanaan and pengawasan: a supervisor builds folders and uploads files from a phone or a desktop,
 * an admin reviews them, a planner may look but not write there. Every step is checked on screen and
 * through the API.
 */

const root = path.resolve(import.meta.dirname, '../..')
const screens = path.join(root, 'test-results', 'files-screens')

type ProjectData = { id: number; slug: string; name: string }

async function projectFor(request: APIRequestContext, admin: Account, members: Account[]) {
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Jembatan Kali Progo ${unique()}`,
      description: 'Jembatan beton bertulang bentang 60 m',
    })
  ).data as ProjectData
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, {
    user_ids: members.map((m) => m.id),
  })
  return project
}

async function explore(
  request: APIRequestContext,
  who: Account,
  slug: string,
  area: string,
  folder?: string,
) {
  const qs = folder ? `?parent_slug=${folder}` : ''
  return (await apiCall(request, who, 'GET', `/api/folder/${slug}/explore/${area}${qs}`))
    .data as ExploreResult
}

async function openArea(page: Page, project: ProjectData, area: 'perencanaan' | 'pengawasan') {
  await page.goto(`/project/${project.slug}#${area}`)
  await expect(page.getByRole('heading', { name: project.name })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Lokasi folder' })).toBeVisible()
}

const browserList = (page: Page) => page.getByRole('list', { name: 'Isi folder' })
const fileRow = (page: Page, name: string) =>
  browserList(page).getByRole('listitem', { name: `File ${name}` })
const folderRow = (page: Page, name: string) =>
  browserList(page).getByRole('listitem', { name: `Folder ${name}` })

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'Folder Baru' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Buat Folder Baru' })
  await dialog.getByLabel('Nama Folder').fill(name)
  await dialog.getByRole('button', { name: 'Buat Folder' }).click()
  await expectToast(page, 'Folder created successfully')
  await expect(dialog).toBeHidden()
  await expect(folderRow(page, name)).toBeVisible()
}

/** Opens a row's action on phones (its menu) and desktops (its button). */
async function fileAction(page: Page, name: string, action: 'Unduh' | 'Hapus') {
  if (await isPhone(page)) {
    await fileRow(page, name)
      .getByRole('button', { name: `Opsi file ${name}` })
      .click()
    await page.getByRole('menuitem', { name: action }).click()
  } else {
    await fileRow(page, name)
      .getByRole('button', { name: `${action} ${name}` })
      .click()
  }
}

const pdf = (title: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer <<>>\n%%EOF\n${'x'.repeat(4000)}`)

test('a supervisor builds folders, uploads three files (one picked file removed first) and sees them pending', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request)
  const supervisor = await createEmployee(request, admin, 'pengawasan', `Pengawas ${unique()}`)
  const project = await projectFor(request, admin, [supervisor])
  await loginViaUi(page, supervisor.email, supervisor.password)
  await openArea(page, project, 'pengawasan')
  await expect(page.getByText('Belum ada folder atau file')).toBeVisible()

  // SPEC section 5: a folder name must not be empty after trimming.
  await page.getByRole('button', { name: 'Folder Baru' }).first().click()
  const create = page.getByRole('dialog', { name: 'Buat Folder Baru' })
  await create.getByLabel('Nama Folder').fill('   ')
  await create.getByRole('button', { name: 'Buat Folder' }).click()
  await expect(create.getByText('Please enter a folder name')).toBeVisible()
  await create.getByRole('button', { name: 'Batal' }).click()
  await expect(create).toBeHidden()

  await newFolder(page, 'Laporan Harian')
  await newFolder(page, 'Berita Acara')
  // A second folder of the same name (any case) in one place is refused by the server, shown under the field.
  await page.getByRole('button', { name: 'Folder Baru' }).first().click()
  await create.getByLabel('Nama Folder').fill('laporan harian')
  await create.getByRole('button', { name: 'Buat Folder' }).click()
  await expect(create.getByText('Folder dengan nama ini sudah ada di lokasi ini')).toBeVisible()
  await create.getByRole('button', { name: 'Batal' }).click()

  await folderRow(page, 'Laporan Harian').getByRole('link').click()
  await expect(page.getByText('Folder ini masih kosong')).toBeVisible()
  await newFolder(page, 'Minggu 12')
  await folderRow(page, 'Minggu 12').getByRole('link').click()
  const crumbs = page.getByRole('navigation', { name: 'Lokasi folder' })
  await expect(crumbs.getByRole('link')).toHaveText(['Pengawasan', 'Laporan Harian', 'Minggu 12'])
  await expect(crumbs.getByRole('link', { name: 'Minggu 12' })).toHaveAttribute('aria-current', 'page')

  // Upload File: nothing picked is refused; four picked, one removed, three sent.
  await page.getByRole('button', { name: 'Upload File' }).first().click()
  const upload = page.getByRole('dialog', { name: 'Upload File' })
  await expect(upload.getByText(/Unggah ke Pengawasan \/ Laporan Harian \/ Minggu 12/)).toBeVisible()
  await upload.getByRole('button', { name: /^Unggah/ }).click()
  await expect(upload.getByText('Silakan pilih file untuk diunggah')).toBeVisible()
  const drawing = randomBytes(1_300_000)
  await upload.getByLabel('Pilih file').setInputFiles([
    { name: 'Laporan Harian 18-03.pdf', mimeType: 'application/pdf', buffer: pdf('harian') },
    { name: 'Shop Drawing Abutment.dwg', mimeType: 'application/acad', buffer: drawing },
    { name: 'salah pilih.xlsx', mimeType: 'application/octet-stream', buffer: randomBytes(2000) },
    { name: 'Jadwal Revisi 3.docx', mimeType: 'application/octet-stream', buffer: randomBytes(90_000) },
  ])
  const picked = upload.getByRole('list', { name: 'File yang dipilih' })
  await expect(picked.getByRole('listitem')).toHaveCount(4)
  await picked.getByRole('button', { name: 'Hapus salah pilih.xlsx dari daftar' }).click()
  await expect(picked.getByRole('listitem')).toHaveCount(3)
  await upload.getByRole('button', { name: 'Unggah 3 File' }).click()
  await expectToast(page, '3 file berhasil diunggah')
  await expect(upload).toBeHidden()

  for (const [name, size] of [
    ['Laporan Harian 18-03.pdf', `${(pdf('harian').length / 1024).toFixed(2)} KB`],
    ['Shop Drawing Abutment.dwg', '1.24 MB'],
    ['Jadwal Revisi 3.docx', '87.89 KB'],
  ] as const) {
    const row = fileRow(page, name)
    await expect(row).toBeVisible()
    await expect(row.getByText('Pending', { exact: true })).toBeVisible()
    // Phones show size and author in one line under the name, desktops in their own columns.
    await expect(row.getByText(size).filter({ visible: true }).first()).toBeVisible()
    await expect(row.getByText(supervisor.name).filter({ visible: true }).first()).toBeVisible()
    // A supervisor does not review.
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0)
  }
  await expect(fileRow(page, 'salah pilih.xlsx')).toHaveCount(0)

  // Through the API: three pending files in Minggu 12, by this supervisor.
  const top = await explore(request, supervisor, project.slug, 'pengawasan')
  const harian = top.folders.find((f) => f.name === 'Laporan Harian')
  const inHarian = await explore(request, supervisor, project.slug, 'pengawasan', harian?.uuid)
  const minggu = inHarian.folders.find((f) => f.name === 'Minggu 12')
  const files = (await explore(request, supervisor, project.slug, 'pengawasan', minggu?.uuid)).files
  expect(files.map((f) => [f.name, f.status, f.creator.name]).sort()).toEqual(
    [
      ['Jadwal Revisi 3.docx', 'pending', supervisor.name],
      ['Laporan Harian 18-03.pdf', 'pending', supervisor.name],
      ['Shop Drawing Abutment.dwg', 'pending', supervisor.name],
    ].sort(),
  )
  expect(files.find((f) => f.name === 'Shop Drawing Abutment.dwg')?.size_bytes).toBe(drawing.length)

  // The breadcrumb goes back up; the folder counts its items (the three files).
  await crumbs.getByRole('link', { name: 'Laporan Harian' }).click()
  await expect(
    folderRow(page, 'Minggu 12')
      .getByText(/^3 item/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible()

  // Rename and delete a folder.
  const opsi = (name: string) => page.getByRole('button', { name: `Opsi folder ${name}` })
  await crumbs.getByRole('link', { name: 'Pengawasan' }).click()
  await opsi('Berita Acara').click()
  await page.getByRole('menuitem', { name: 'Rename Folder' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename Folder' })
  await expect(rename.getByLabel('Nama Folder')).toHaveValue('Berita Acara')
  await rename.getByLabel('Nama Folder').fill('Berita Acara Serah Terima')
  await rename.getByRole('button', { name: 'Simpan' }).click()
  await expectToast(page, 'Folder renamed successfully')
  await opsi('Berita Acara Serah Terima').click()
  await page.getByRole('menuitem', { name: 'Delete Folder' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Folder' })
  await expect(
    confirm.getByText(/akan dipindahkan ke Sampah\. Admin dapat memulihkannya dalam 30 hari/),
  ).toBeVisible()
  await confirm.getByRole('button', { name: 'Hapus Folder' }).click()
  await expectToast(page, 'Folder deleted successfully')
  await expect(folderRow(page, 'Berita Acara Serah Terima')).toHaveCount(0)

  fs.mkdirSync(screens, { recursive: true })
  await page.screenshot({
    path: path.join(screens, `${testInfo.project.name}-supervisor.png`),
    fullPage: true,
  })
  expect(problems).toEqual([])
})

test('the admin approves one file and rejects one; only pending files keep the buttons; downloads are the bytes', async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request)
  const supervisor = await createEmployee(request, admin, 'pengawasan')
  const project = await projectFor(request, admin, [supervisor])
  const created = await request.fetch(`/api/folder/${project.slug}/create/pengawasan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${supervisor.token}` },
    multipart: { name: 'Laporan Mingguan' },
  })
  expect(created.status()).toBe(201)
  const folderUuid = (await created.json()).data.uuid as string
  const bytes = { a: pdf('satu'), b: randomBytes(300_000), c: pdf('tiga') }
  const sent = await request.fetch(`/api/file/${project.slug}/upload/pengawasan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${supervisor.token}` },
    multipart: {
      folder_slug: folderUuid,
      files: { name: 'Minggu 1.pdf', mimeType: 'application/pdf', buffer: bytes.a },
    },
  })
  expect(sent.status()).toBe(201)
  for (const [name, buffer] of [
    ['Minggu 2 – revisi ü.bin', bytes.b],
    ['Minggu 3.pdf', bytes.c],
  ] as const) {
    const res = await request.fetch(`/api/file/${project.slug}/upload/pengawasan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supervisor.token}` },
      multipart: { folder_slug: folderUuid, files: { name, mimeType: 'application/octet-stream', buffer } },
    })
    expect(res.status()).toBe(201)
  }

  await loginViaUi(page, admin.email, admin.password)
  // A deep link opens the folder itself.
  await page.goto(`/project/${project.slug}#pengawasan/${folderUuid}`)
  await expect(
    page.getByRole('navigation', { name: 'Lokasi folder' }).getByRole('link', { name: 'Laporan Mingguan' }),
  ).toBeVisible()
  for (const name of ['Minggu 1.pdf', 'Minggu 2 – revisi ü.bin', 'Minggu 3.pdf'])
    await expect(fileRow(page, name).getByRole('button', { name: `Approve ${name}` })).toBeVisible()

  await fileRow(page, 'Minggu 1.pdf').getByRole('button', { name: 'Approve Minggu 1.pdf' }).click()
  await expectToast(page, 'File approved successfully')
  await expect(fileRow(page, 'Minggu 1.pdf').getByText('Disetujui', { exact: true })).toBeVisible()
  await expect(fileRow(page, 'Minggu 1.pdf').getByRole('button', { name: /^(Approve|Revisi)/ })).toHaveCount(
    0,
  )

  // 'Revisi' asks for the reason (issue 30): nothing is sent without one; the row then shows it.
  await fileRow(page, 'Minggu 3.pdf').getByRole('button', { name: 'Revisi Minggu 3.pdf' }).click()
  const ask = page.getByRole('dialog', { name: 'Minta Revisi File' })
  await ask.getByRole('button', { name: 'Kirim Revisi' }).click()
  await expect(ask.getByText('Catatan revisi harus diisi')).toBeVisible()
  await ask.getByLabel('Catatan revisi').fill('Tabel volume belum ditandatangani pengawas')
  await ask.getByRole('button', { name: 'Kirim Revisi' }).click()
  await expectToast(page, 'File rejected')
  await expect(fileRow(page, 'Minggu 3.pdf').getByText('Ditolak', { exact: true })).toBeVisible()
  await expect(fileRow(page, 'Minggu 3.pdf').getByTestId('file-review-note')).toContainText(
    'Tabel volume belum ditandatangani pengawas',
  )
  await expect(fileRow(page, 'Minggu 3.pdf').getByRole('button', { name: /^(Approve|Revisi)/ })).toHaveCount(
    0,
  )
  // The one left pending keeps its buttons.
  await expect(
    fileRow(page, 'Minggu 2 – revisi ü.bin').getByRole('button', { name: /^Approve/ }),
  ).toBeVisible()

  const files = (await explore(request, admin, project.slug, 'pengawasan', folderUuid)).files as FileEntry[]
  const status = Object.fromEntries(files.map((f) => [f.name, f.status]))
  expect(status).toEqual({
    'Minggu 1.pdf': 'approved',
    'Minggu 2 – revisi ü.bin': 'pending',
    'Minggu 3.pdf': 'rejected',
  })
  expect(files.find((f) => f.name === 'Minggu 1.pdf')?.reviewer?.name).toBe(admin.name)

  // The tab's count and the project counts follow.
  const detail = (await apiCall(request, admin, 'GET', `/api/project/detail/${project.slug}`)).data
  expect(detail.area_counts.pengawasan).toEqual({ total: 3, pending: 1, approved: 1, rejected: 1 })

  // The download is the uploaded bytes, under the original (non-ASCII) name.
  const waiting = page.waitForEvent('download')
  await fileAction(page, 'Minggu 2 – revisi ü.bin', 'Unduh')
  const download = await waiting
  expect(download.suggestedFilename()).toBe('Minggu 2 – revisi ü.bin')
  const saved = await download.path()
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
  expect(sha(fs.readFileSync(saved))).toBe(sha(bytes.b))

  fs.mkdirSync(screens, { recursive: true })
  await page.screenshot({ path: path.join(screens, `${testInfo.project.name}-admin.png`), fullPage: true })

  // Delete a file: confirmation, then gone on screen and on the server.
  await fileAction(page, 'Minggu 3.pdf', 'Hapus')
  const confirm = page.getByRole('alertdialog', { name: 'Delete File' })
  await expect(confirm.getByText(/^File "Minggu 3\.pdf" akan dipindahkan ke Sampah\./)).toBeVisible()
  await confirm.getByRole('button', { name: 'Hapus File' }).click()
  await expectToast(page, 'File deleted successfully')
  await expect(fileRow(page, 'Minggu 3.pdf')).toHaveCount(0)
  const left = (await explore(request, admin, project.slug, 'pengawasan', folderUuid)).files
  expect(left.map((f) => f.name).sort()).toEqual(['Minggu 1.pdf', 'Minggu 2 – revisi ü.bin'])
  expect(problems).toEqual([])
})

test('a planner reads pengawasan but cannot upload there (no buttons, and the server refuses); perencanaan is theirs', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request)
  const planner = await createEmployee(request, admin, 'perencanaan', `Perencana ${unique()}`)
  const supervisor = await createEmployee(request, admin, 'pengawasan')
  const project = await projectFor(request, admin, [planner, supervisor])
  const upload = (who: Account, area: string) =>
    request.fetch(`/api/file/${project.slug}/upload/${area}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      multipart: { files: { name: 'laporan.pdf', mimeType: 'application/pdf', buffer: pdf('x') } },
    })
  expect((await upload(supervisor, 'pengawasan')).status()).toBe(201)

  await loginViaUi(page, planner.email, planner.password)
  await openArea(page, project, 'pengawasan')
  await expect(fileRow(page, 'laporan.pdf')).toBeVisible()
  await expect(page.getByText('Hanya lihat')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload File' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Folder Baru' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Hapus/ })).toHaveCount(0)
  // Reading is allowed: the file downloads.
  const waiting = page.waitForEvent('download')
  await fileAction(page, 'laporan.pdf', 'Unduh')
  expect((await waiting).suggestedFilename()).toBe('laporan.pdf')

  // The server says no as well, whatever a client tries.
  const refused = await upload(planner, 'pengawasan')
  expect(refused.status()).toBe(403)
  const folderRefused = await request.fetch(`/api/folder/${project.slug}/create/pengawasan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${planner.token}` },
    multipart: { name: 'Milik saya' },
  })
  expect(folderRefused.status()).toBe(403)
  expect((await explore(request, admin, project.slug, 'pengawasan')).files).toHaveLength(1)

  // In perencanaan the planner writes.
  await page.getByRole('tab', { name: /Perencanaan/ }).click()
  await expect(page.getByRole('button', { name: 'Upload File' }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Upload File' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Upload File' })
  await dialog.getByLabel('Pilih file').setInputFiles({
    name: 'RAB Struktur.xlsx',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(5000),
  })
  await dialog.getByRole('button', { name: 'Unggah' }).click()
  await expectToast(page, '1 file berhasil diunggah')
  await expect(fileRow(page, 'RAB Struktur.xlsx')).toBeVisible()
  expect(problems).toEqual([])
})

test('a partial upload failure warns with the counts and lists each refused file as "name: message"', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request)
  const project = await projectFor(request, admin, [])
  await loginViaUi(page, admin.email, admin.password)
  await openArea(page, project, 'perencanaan')
  // The server refuses a file whose name holds a path; browsers never send one, so it is written here.
  await page.route(`**/api/file/${project.slug}/upload/perencanaan`, async (route) => {
    const body = route.request().postDataBuffer() as Buffer
    const patched = Buffer.from(
      body.toString('latin1').replace('filename="sub_dir.pdf"', 'filename="sub/dir.pdf"'),
      'latin1',
    )
    await route.continue({ postData: patched })
  })
  await page.getByRole('button', { name: 'Upload File' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Upload File' })
  await dialog.getByLabel('Pilih file').setInputFiles([
    { name: 'Denah.pdf', mimeType: 'application/pdf', buffer: pdf('denah') },
    { name: 'sub_dir.pdf', mimeType: 'application/pdf', buffer: pdf('jalur') },
  ])
  await dialog.getByRole('button', { name: 'Unggah 2 File' }).click()
  await expectToast(page, '1 file berhasil diunggah, 1 file gagal')
  await expectToast(page, 'sub/dir.pdf: Nama file tidak boleh berisi / atau \\')
  // The dialog stays open with what landed and what did not.
  await expect(dialog.getByRole('listitem', { name: 'Denah.pdf' }).getByText('Terunggah')).toBeVisible()
  await expect(
    dialog.getByRole('listitem', { name: 'sub_dir.pdf' }).getByText('Nama file tidak boleh berisi / atau \\'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Batal' }).click()
  await expect(fileRow(page, 'Denah.pdf')).toBeVisible()
  const files = (await explore(request, admin, project.slug, 'perencanaan')).files
  expect(files.map((f) => f.name)).toEqual(['Denah.pdf'])
  expect(problems).toEqual([])
})

test('folders and files seen once stay readable offline; a folder never opened says so; writing waits for the network', async ({
  page,
  context,
  request,
}) => {
  const admin = await createAdmin(request)
  const supervisor = await createEmployee(request, admin, 'pengawasan')
  const project = await projectFor(request, admin, [supervisor])
  const mkdir = async (name: string) => {
    const res = await request.fetch(`/api/folder/${project.slug}/create/pengawasan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supervisor.token}` },
      multipart: { name },
    })
    return (await res.json()).data.uuid as string
  }
  const seen = await mkdir('Laporan Harian')
  await mkdir('Belum Dibuka')
  await request.fetch(`/api/file/${project.slug}/upload/pengawasan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${supervisor.token}` },
    multipart: {
      folder_slug: seen,
      files: { name: 'Harian 01.pdf', mimeType: 'application/pdf', buffer: pdf('1') },
    },
  })

  await loginViaUi(page, supervisor.email, supervisor.password)
  await openArea(page, project, 'pengawasan')
  await expect(folderRow(page, 'Laporan Harian')).toBeVisible()
  await folderRow(page, 'Laporan Harian').getByRole('link').click()
  await expect(fileRow(page, 'Harian 01.pdf')).toBeVisible()
  // Both folders are on disk before the page reloads: what is under test is reading them back offline,
  // not the persistence layer's race with a reload (src/lib/query-persist.ts).
  const persisted = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const open = indexedDB.open('berkas-query-cache')
          open.onsuccess = () => {
            const req = open.result.transaction('queries').objectStore('queries').getAllKeys()
            req.onsuccess = () => resolve(req.result.map(String))
          }
        }),
    )
  await expect
    .poll(async () => (await persisted()).filter((k) => k.includes(project.slug) && k.includes('pengawasan')))
    .toHaveLength(2)
  // The service worker controls the page (first visit: clientsClaim, then one reload).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect(fileRow(page, 'Harian 01.pdf')).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('Anda sedang offline').first()).toBeVisible()
  await expect(fileRow(page, 'Harian 01.pdf')).toBeVisible()
  const crumbs = page.getByRole('navigation', { name: 'Lokasi folder' })
  await expect(crumbs.getByRole('link', { name: 'Laporan Harian' })).toBeVisible()
  // Uploading does not need signal (issue 32): the dialog opens and says the files wait in the outbox.
  await page.getByRole('button', { name: 'Upload File' }).first().click()
  const offlineUpload = page.getByRole('dialog', { name: 'Upload File' })
  await expect(
    offlineUpload.getByText('Anda sedang offline. File disimpan di antrean dan dikirim saat ada sinyal.'),
  ).toBeVisible()
  await offlineUpload.getByRole('button', { name: 'Batal' }).click()
  await expect(offlineUpload).toBeHidden()
  // Deleting a file needs the server too: it says so instead of opening a dialog that cannot finish.
  if (await isPhone(page)) {
    await fileRow(page, 'Harian 01.pdf').getByRole('button', { name: 'Opsi file Harian 01.pdf' }).click()
    await page.getByRole('menuitem', { name: 'Hapus' }).click()
  } else {
    const remove = fileRow(page, 'Harian 01.pdf').getByRole('button', { name: 'Hapus Harian 01.pdf' })
    await expect(remove).toHaveAttribute('aria-disabled', 'true')
    // Playwright will not click an aria-disabled button; a person's click does.
    await remove.click({ force: true })
  }
  await expect(page.getByRole('status').filter({ hasText: 'Perlu sinyal untuk menghapus' })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await crumbs.getByRole('link', { name: 'Pengawasan' }).click()
  await expect(folderRow(page, 'Belum Dibuka')).toBeVisible()
  await folderRow(page, 'Belum Dibuka').getByRole('link').click()
  await expect(page.getByText('Folder ini belum tersedia offline')).toBeVisible()

  // Back online, the folder loads by itself.
  await context.setOffline(false)
  await expect(page.getByText('Folder ini masih kosong')).toBeVisible()
})
