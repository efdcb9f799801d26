import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type { Doc, DocComment } from '../../src/contracts/documentation'
import { writeSitePhoto } from '../fixtures/site-photo'
import {
  type Account,
  apiCall,
  createAdmin,
  createEmployee,
  expectToast,
  loginViaUi,
  secondPage,
  unique,
  watchConsole,
} from './support'

/*
 * Dokumentasi, as a supervisor on a phone uses it: photos picked (and shot), compressed on the phone,
 * uploaded with a description, liked and commented; then an admin approves one item and asks for a
 * revision on another. Everything is checked through the API as well as on screen.
 */

const root = path.resolve(import.meta.dirname, '../..')
const fixtures = path.join(root, 'test-results', 'docs-fixtures')
const screens = path.join(root, 'test-results', 'docs-screens')

type ProjectData = { id: number; slug: string; name: string }

/** A site photo as phones write them (tests/fixtures/site-photo.ts, shared with bench:images). */
const sitePhoto = (
  file: string,
  width: number,
  height: number,
  hue: number,
  exif: { orientation?: number; noise?: boolean },
) => writeSitePhoto(file, { width, height, hue, ...exif })

const photos = {
  /** 12 MP, taken with the phone upright: landscape pixels plus EXIF orientation 6. */
  upright: path.join(fixtures, 'tiang-timur.jpg'),
  landscape: path.join(fixtures, 'galian-pondasi.jpg'),
  camera: path.join(fixtures, 'image.jpg'),
  notImage: path.join(fixtures, 'catatan.txt'),
}

test.beforeAll(async () => {
  fs.mkdirSync(fixtures, { recursive: true })
  fs.mkdirSync(screens, { recursive: true })
  if (!fs.existsSync(photos.upright))
    await sitePhoto(photos.upright, 4000, 3000, 205, { orientation: 6, noise: true })
  if (!fs.existsSync(photos.landscape)) await sitePhoto(photos.landscape, 1600, 1200, 30, {})
  if (!fs.existsSync(photos.camera)) await sitePhoto(photos.camera, 1200, 900, 120, {})
  fs.writeFileSync(photos.notImage, 'Catatan lapangan, bukan foto.\n')
})

async function setup(request: APIRequestContext) {
  const admin = await createAdmin(request, `Rina Admin ${unique()}`)
  const supervisor = await createEmployee(request, admin, 'pengawasan', `Budi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Puskesmas Sukamaju ${unique()}`,
      description: 'Pembangunan gedung puskesmas dua lantai',
    })
  ).data as ProjectData
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [supervisor.id] })
  return { admin, supervisor, project }
}

async function listDocs(request: APIRequestContext, who: Account, slug: string, cursor?: string) {
  const res = await request.get(`/api/doc/${slug}/list${cursor ? `?cursor=${cursor}` : ''}`, {
    headers: { authorization: `Bearer ${who.token}` },
  })
  expect(res.ok()).toBe(true)
  return (await res.json()) as { data: Doc[]; next_cursor: string | null }
}

/** An item uploaded through the API (for the admin's part and the long grid). */
async function uploadViaApi(request: APIRequestContext, who: Account, slug: string, description: string) {
  const res = await request.post(`/api/doc/${slug}/upload`, {
    headers: { authorization: `Bearer ${who.token}` },
    multipart: {
      description,
      files: { name: 'lapangan.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.landscape) },
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()).data.docs as Doc[])[0]
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${test.info().project.name}-${name}.png`) })

const card = (page: Page, description: RegExp | string) =>
  page
    .getByRole('list', { name: 'Daftar dokumentasi' })
    .getByRole('listitem')
    .filter({ hasText: description })

test('a supervisor uploads two photos, likes and comments; the admin approves one and asks Revisi on another', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const problems = watchConsole(page)
  const { admin, supervisor, project } = await setup(request)
  const loaded: string[] = []
  page.on('request', (r) => loaded.push(r.url()))

  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}`)
  await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible()
  // Swiper and the compressor are not part of the project page until the Dokumentasi tab opens.
  expect(loaded.filter((u) => /docs-panel|photo-compressor/.test(u))).toEqual([])
  await page.getByRole('tab', { name: /^Dokumentasi/ }).click()
  await expect(page.getByText('Belum ada dokumentasi yang diunggah')).toBeVisible()
  expect(loaded.some((u) => /docs-panel/.test(u))).toBe(true)
  expect(loaded.some((u) => /photo-compressor/.test(u))).toBe(false)

  // --- Upload dialog -------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Unggah Foto' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
  await expect(dialog).toBeVisible()
  const submit = dialog.getByRole('button', { name: /^Unggah/ })
  await expect(submit).toBeDisabled()

  const gallery = dialog.getByLabel('Pilih foto dari galeri')
  await gallery.setInputFiles(photos.notImage)
  await expect(dialog.getByText('Hanya file gambar yang diperbolehkan')).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Foto terpilih' })).toHaveCount(0)

  await gallery.setInputFiles([photos.upright, photos.landscape])
  const picked = dialog.getByRole('list', { name: 'Foto terpilih' }).getByRole('listitem')
  await expect(picked).toHaveCount(2)
  await expect(dialog.getByText('Hanya file gambar yang diperbolehkan')).toHaveCount(0)
  expect(loaded.some((u) => /photo-compressor/.test(u))).toBe(true)
  // The same name again is ignored (SPEC: de-duplicated by name).
  await gallery.setInputFiles(photos.landscape)
  await expect(picked).toHaveCount(2)
  // A camera shot gets its own name from the time it was taken; removing it leaves the two photos.
  await dialog.getByLabel('Ambil foto dengan kamera').setInputFiles(photos.camera)
  await expect(picked).toHaveCount(3)
  const shotTile = picked.filter({ has: page.getByRole('button', { name: /^Hapus Foto_\d{8}_\d{6}\.jpg$/ }) })
  await expect(shotTile).toHaveCount(1)
  await shotTile.getByRole('button').click()
  await expect(picked).toHaveCount(2)

  // Every photo is compressed in the worker before the button can send it.
  await expect(picked.and(page.locator('[data-status="ready"]'))).toHaveCount(2, { timeout: 60_000 })

  const description = dialog.getByLabel('Deskripsi')
  await description.fill('Tiang C4')
  await expect(submit).toBeDisabled()
  await description.blur()
  await expect(dialog.getByText('Deskripsi terlalu pendek (min. 10 karakter)')).toBeVisible()
  await description.fill('Pengecoran kolom lantai 2 as C-4 sampai C-7')
  await expect(submit).toBeEnabled()
  await expect(submit).toHaveText('Unggah 2 Foto')
  await shot(page, 'upload-dialog')

  // The grid's list answers are held back for a moment, so the card is seen as the upload's answer
  // made it (thumbnails still being made by the server) whatever the machine's speed.
  let releaseLists = () => {}
  const listsHeld = new Promise<void>((resolve) => {
    releaseLists = resolve
  })
  const listRoute = /\/api\/doc\/[^/]+\/list/
  await page.route(listRoute, async (route) => {
    await listsHeld
    await route.continue()
  })
  const uploadRequest = page.waitForRequest((r) => r.url().endsWith(`/api/doc/${project.slug}/upload`))
  await submit.click()
  const sent = await uploadRequest
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  await expectToast(page, 'Dokumentasi berhasil diunggah')
  await expect(dialog).toBeHidden()
  // The answer did not wait for the thumbnails: the new card holds their place until they are made.
  await expect(
    card(page, 'Pengecoran kolom lantai 2').getByText('Menyiapkan pratinjau…').first(),
  ).toBeVisible()
  await shot(page, 'thumbnail-pending')
  // Released, the route only passes answers on (unrouting while some wait would drop them).
  releaseLists()

  // What the server holds: compressed copies, never the originals; upright; capture time kept.
  const [uploaded] = (await listDocs(request, supervisor, project.slug)).data
  expect(uploaded.description).toBe('Pengecoran kolom lantai 2 as C-4 sampai C-7')
  expect(uploaded.images.map((i) => i.name)).toEqual(['tiang-timur.jpg', 'galian-pondasi.jpg'])
  const [upright, landscape] = uploaded.images
  expect(fs.statSync(photos.upright).size).toBeGreaterThan(2 * 1024 * 1024)
  expect(upright.size).toBeLessThanOrEqual(1024 * 1024)
  // Upright (portrait, 3:4) and at most 1920 px on its longer side.
  expect(upright.height).toBeLessThanOrEqual(1920)
  expect(upright.height).toBeGreaterThan(1600)
  expect(Math.abs((upright.width ?? 0) / (upright.height ?? 1) - 0.75)).toBeLessThan(0.01)
  expect(upright.taken_at).toBe('2024-05-01T03:20:30.000Z')
  expect(landscape.size).toBeLessThan(fs.statSync(photos.landscape).size)
  expect(landscape.width).toBe(1600)
  expect(landscape.taken_at).toBe('2024-05-01T03:20:30.000Z')

  // --- The card: carousel, like, comment, preview ----------------------------------------------
  const item = card(page, 'Pengecoran kolom lantai 2')
  await expect(item).toHaveCount(1)
  await expect(item.getByText('Pending')).toBeVisible()
  await expect(item.getByText('1/2')).toBeVisible()
  // The answer came before the thumbnails: the card holds their place, then shows them once the
  // server's job queue made them (the grid asks again meanwhile).
  await expect(item.getByText('Menyiapkan pratinjau…')).toHaveCount(0, { timeout: 15_000 })
  // Only thumbnails load in the grid.
  const gridImages = await item
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
  expect(gridImages.length).toBeGreaterThan(0)
  for (const src of gridImages) expect(src).toMatch(/\/storage\/[0-9a-f-]{36}\.webp$/)
  await item.getByRole('button', { name: 'Ke foto 2' }).click()
  await expect(item.getByText('2/2')).toBeVisible()
  await page.waitForTimeout(400)
  await item.screenshot({ path: path.join(screens, `${test.info().project.name}-carousel.png`) })
  // No review buttons for a supervisor.
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)

  await item.getByRole('button', { name: 'Suka (0 suka)' }).click()
  await expect(item.getByRole('button', { name: 'Batal suka (1 suka)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect
    .poll(async () => (await listDocs(request, supervisor, project.slug)).data[0])
    .toMatchObject({ likes: 1, is_liked: true })

  await item.getByRole('button', { name: 'Komentar (0)' }).click()
  const comments = page.getByRole('dialog', { name: 'Komentar' })
  await expect(comments.getByText('Belum ada komentar')).toBeVisible()
  const send = comments.getByRole('button', { name: 'Kirim komentar' })
  await expect(send).toBeDisabled()
  await comments.getByLabel('Komentar', { exact: true }).fill('   ')
  await expect(send).toBeDisabled()
  await comments
    .getByLabel('Komentar', { exact: true })
    .fill('Bekisting sisi barat perlu diperkuat sebelum cor berikutnya.')
  await send.click()
  const list = comments.getByRole('list', { name: 'Daftar komentar' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByText(supervisor.name)).toBeVisible()
  await expect(list.getByText('Tim Pengawasan')).toBeVisible()
  await expect(list.getByText('Baru saja')).toBeVisible()
  await expect(comments.getByLabel('Komentar', { exact: true })).toHaveValue('')
  await shot(page, 'comment-dialog')
  await page.keyboard.press('Escape')
  await expect(comments).toBeHidden()
  await expect(item.getByRole('button', { name: 'Komentar (1)' })).toBeVisible()
  const stored = (
    await apiCall(request, admin, 'GET', `/api/doc/${project.slug}/comment/${uploaded.uuid}/list`)
  ).data as DocComment[]
  expect(stored.map((c) => [c.user.name, c.user.role, c.content])).toEqual([
    [supervisor.name, 'pengawasan', 'Bekisting sisi barat perlu diperkuat sebelum cor berikutnya.'],
  ])

  await item.getByRole('button', { name: /Lihat foto 2 ukuran penuh/ }).click()
  const viewer = page.getByRole('dialog', { name: /Foto 2 dari 2/ })
  await expect(viewer).toBeVisible()
  // The full-size original, not the thumbnail.
  await expect(viewer.getByRole('img', { name: /^Foto 2:/ })).toHaveAttribute('src', landscape.url)
  await expect
    .poll(() =>
      viewer.getByRole('img', { name: /^Foto 2:/ }).evaluate((i) => (i as HTMLImageElement).naturalWidth),
    )
    .toBe(1600)
  await page.waitForTimeout(300)
  await shot(page, 'preview')
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()

  // A second item for the admin's revision, and a third that the supervisor deletes.
  await uploadViaApi(request, supervisor, project.slug, 'Pemasangan rangka atap baja ringan sisi timur')
  const doomed = await uploadViaApi(request, supervisor, project.slug, 'Foto salah lokasi, akan dihapus')
  await page.reload()
  const doomedCard = card(page, 'Foto salah lokasi')
  await doomedCard.getByRole('button', { name: 'Hapus dokumentasi' }).click()
  let confirm = page.getByRole('alertdialog', { name: 'Hapus Dokumentasi' })
  await confirm.getByRole('button', { name: 'Batal' }).click()
  await expect(confirm).toBeHidden()
  await doomedCard.getByRole('button', { name: 'Hapus dokumentasi' }).click()
  confirm = page.getByRole('alertdialog', { name: 'Hapus Dokumentasi' })
  await confirm.getByRole('button', { name: 'Ya, Hapus' }).click()
  await expectToast(page, 'Dokumentasi berhasil dihapus')
  await expect(doomedCard).toHaveCount(0)
  expect((await listDocs(request, supervisor, project.slug)).data.map((d) => d.uuid)).not.toContain(
    doomed.uuid,
  )
  await shot(page, 'grid-supervisor')
  expect(problems).toEqual([])

  // --- The admin reviews ---------------------------------------------------------------------------
  const adminPage = await secondPage(browser)
  const adminProblems = watchConsole(adminPage)
  await loginViaUi(adminPage, admin.email, admin.password)
  await adminPage.goto(`/project/${project.slug}#dokumentasi`)
  const first = card(adminPage, 'Pengecoran kolom lantai 2')
  const second = card(adminPage, 'Pemasangan rangka atap')
  await expect(first.getByRole('button', { name: 'Approve', exact: true })).toBeVisible()
  await expect(second.getByRole('button', { name: 'Revisi' })).toBeVisible()
  // The admin sees the supervisor's like count and comment count, and may like too.
  await expect(first.getByRole('button', { name: 'Suka (1 suka)' })).toBeVisible()
  await expect(first.getByRole('button', { name: 'Komentar (1)' })).toBeVisible()
  await shot(adminPage, 'grid-admin')

  await first.getByRole('button', { name: 'Approve', exact: true }).click()
  await expectToast(adminPage, 'Dokumentasi berhasil disetujui')
  await expect(first.getByText('Disetujui')).toBeVisible()
  await expect(first.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)
  await second.getByRole('button', { name: 'Revisi' }).click()
  // 'Revisi' asks for the reason (issue 23); the card shows it.
  const reason = adminPage.getByRole('dialog', { name: 'Minta Revisi' })
  await reason.getByLabel('Catatan revisi').fill('Rangka atap belum terlihat utuh, foto dari sisi barat')
  await reason.getByRole('button', { name: 'Kirim Revisi' }).click()
  await expectToast(adminPage, 'Dokumentasi dikembalikan untuk revisi')
  await expect(second.getByText('Revisi', { exact: true })).toBeVisible()
  await expect(second.getByTestId('review-note')).toContainText('Rangka atap belum terlihat utuh')
  await expect(second.getByRole('button', { name: 'Revisi', exact: true })).toHaveCount(0)
  await expect(adminPage.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)
  await shot(adminPage, 'grid-reviewed')

  const statuses = Object.fromEntries(
    (await listDocs(request, admin, project.slug)).data.map((d) => [d.description, d.status]),
  )
  expect(statuses).toEqual({
    'Pengecoran kolom lantai 2 as C-4 sampai C-7': 'approved',
    'Pemasangan rangka atap baja ringan sisi timur': 'rejected',
  })
  expect(adminProblems).toEqual([])
  await adminPage.context().close()
})

test('comments that fail to load say so and load again with Coba lagi', async ({ page, request }) => {
  const problems = watchConsole(page)
  const { supervisor, project } = await setup(request)
  await uploadViaApi(request, supervisor, project.slug, 'Pekerjaan plester dinding ruang tunggu')
  await loginViaUi(page, supervisor.email, supervisor.password)

  let fail = true
  await page.route('**/api/doc/*/comment/*/list', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":false,"message":"x"}',
        })
      : route.continue(),
  )
  await page.goto(`/project/${project.slug}#dokumentasi`)
  await card(page, 'Pekerjaan plester').getByRole('button', { name: 'Komentar (0)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Komentar' })
  await expect(dialog.getByText('Gagal memuat komentar')).toBeVisible({ timeout: 20_000 })
  fail = false
  await dialog.getByRole('button', { name: 'Coba lagi' }).click()
  await expect(dialog.getByText('Belum ada komentar')).toBeVisible()
  // The failed loads are the only console errors.
  expect(problems.filter((p) => !/500|Internal Server Error/.test(p))).toEqual([])
})

test('a long grid loads page by page on scroll, thumbnails only, without layout shifts', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const { supervisor, project } = await setup(request)
  for (let i = 1; i <= 21; i++)
    await uploadViaApi(request, supervisor, project.slug, `Foto progres harian nomor ${i}`)
  const storage: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/storage/')) storage.push(r.url())
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number }
    w.__cls = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__cls += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  const items = page.getByRole('list', { name: 'Daftar dokumentasi' }).getByRole('listitem')
  await expect(items).toHaveCount(18)
  await expect(items.first()).toContainText('Foto progres harian nomor 21')
  const layoutBefore = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)

  await page.getByRole('button', { name: 'Muat lebih banyak' }).scrollIntoViewIfNeeded()
  await expect(items).toHaveCount(21)
  await expect(items.last()).toContainText('Foto progres harian nomor 1')
  await expect(page.getByText('Semua dokumentasi sudah ditampilkan')).toBeVisible()
  await items.last().scrollIntoViewIfNeeded()
  await page.waitForTimeout(500)
  expect(storage.length).toBeGreaterThan(0)
  expect(storage.every((u) => u.endsWith('.webp'))).toBe(true)
  // The grid's cards keep their size while photos arrive (width/height and a fixed frame).
  expect(layoutBefore).toBeLessThan(0.05)
  expect(problems).toEqual([])
})

test("a notification's link opens an item beyond the first page; one that is gone says so", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { supervisor, project } = await setup(request)
  const oldest = await uploadViaApi(request, supervisor, project.slug, 'Foto pertama yang paling lama')
  for (let i = 1; i <= 18; i++)
    await uploadViaApi(request, supervisor, project.slug, `Foto progres lanjutan nomor ${i}`)
  await loginViaUi(page, supervisor.email, supervisor.password)
  // The oldest item is on the second page: the link loads it and opens its photo.
  await page.goto(`/project/${project.slug}#dokumentasi/${oldest.uuid}`)
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('photo-evidence') })
  await expect(viewer).toContainText('Foto pertama yang paling lama')
  await page.getByRole('button', { name: 'Tutup pratinjau' }).click()
  // An item that is not there (deleted for good, or never was) is said so.
  await page.goto(`/project/${project.slug}#dokumentasi/00000000-0000-4000-8000-000000000000`)
  await expectToast(page, 'Dokumentasi tidak ditemukan')
})
