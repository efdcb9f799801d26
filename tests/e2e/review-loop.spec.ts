import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { docCard, makePhotos, photos, setupProject } from './field-support'
import { type Account, apiCall, expectToast, loginViaUi } from './support'

/*
 * Issue 30, reviews that reach the field, at phone and desktop size. The supervisor's grid holds an item
 * as 'Pending'; the admin asks for a revision; tapping 'Dokumentasi perlu revisi' in the bell opens the
 * viewer with 'Revisi', the reason and 'Unggah Revisi' at once (no stale status). The admin then selects
 * several items and judges them together, and changes a review. Screenshots under /tmp/shots-h2.
 */

const SHOTS = process.env.REVIEW_SHOTS ?? '/tmp/shots-h2'
const snap = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `review-loop-${test.info().project.name}-${name}.png`) })

async function uploadAs(request: APIRequestContext, who: Account, slug: string, description: string) {
  const res = await request.post(`/api/doc/${slug}/upload`, {
    headers: { authorization: `Bearer ${who.token}` },
    multipart: {
      description,
      files: { name: 'kolom.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.kolom) },
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()).data.docs[0] as { uuid: string }).uuid
}

/** In 'Pilih' mode a tap anywhere on the card selects it (the box in its corner shows it). */
async function selectCard(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name: `Pilih ${name}` })
  await box.locator('xpath=..').click()
  await expect(box).toBeChecked()
}

test.beforeAll(async () => {
  await makePhotos()
  fs.mkdirSync(SHOTS, { recursive: true })
})

test('a revision notification opens the item fresh: Revisi, the reason and Unggah Revisi at once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { admin, supervisor, project } = await setupProject(request)
  const description = 'Pembesian kolom K2 lantai 2 sebelum dicor'
  const uuid = await uploadAs(request, supervisor, project.slug, description)

  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  // The grid (and the phone's cache) hold it as pending.
  const card = docCard(page, description)
  await expect(card.getByText('Pending', { exact: true })).toBeVisible()

  const note = 'Foto kurang jelas, sengkang kolom tidak terlihat. Ambil ulang dari jarak 1 m.'
  await apiCall(request, admin, 'PATCH', `/api/doc/${project.slug}/status/${uuid}/rejected`, { note })

  // The bell hears it live; its text puts the reason first.
  const bell = page.getByRole('button', { name: /^Notifikasi, 1 belum dibaca/ })
  await expect(bell).toBeVisible({ timeout: 15_000 })
  await bell.click()
  const item = page
    .getByTestId('notification-dropdown')
    .getByRole('button', { name: /Dokumentasi perlu revisi/ })
  await expect(item).toContainText(`Catatan revisi: "${note}"`)
  await snap(page, 'bell')
  await item.click()

  // At once: the viewer with the current status, the reason and the action, read fresh from the server.
  const viewer = page.getByRole('dialog')
  await expect(viewer.getByTestId('viewer-review-note')).toContainText(note, { timeout: 3000 })
  await expect(viewer.locator('[data-status="rejected"]')).toBeVisible()
  await expect(viewer.getByText('Pending', { exact: true })).toHaveCount(0)
  await expect(viewer.getByRole('button', { name: 'Unggah Revisi' })).toBeVisible()
  await snap(page, 'viewer-revision')
  await viewer.getByRole('button', { name: 'Unggah Revisi' }).click()
  await expect(page.getByRole('dialog', { name: /Revisi/ })).toBeVisible()
  await page.keyboard.press('Escape')
  // The card behind took the fresh status too.
  await expect(card.getByTestId('review-note')).toContainText(note)
})

test('an admin judges several items at once and changes a review', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { admin, supervisor, project } = await setupProject(request)
  const names = ['Bekisting balok B3 terpasang', 'Bekisting balok B4 terpasang', 'Pengecoran plat lantai 2']
  for (const name of names) await uploadAs(request, supervisor, project.slug, name)

  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  await expect(docCard(page, names[0] as string)).toBeVisible()
  await snap(page, 'grid-admin')
  await page.getByRole('button', { name: 'Pilih', exact: true }).click()
  for (const name of names.slice(0, 2)) await selectCard(page, name)
  const bar = page.getByTestId('bulk-review-bar')
  await expect(bar).toContainText('2 dipilih')
  await snap(page, 'bulk-bar')
  await bar.getByRole('button', { name: 'Approve' }).click()
  await expectToast(page, '2 dokumentasi disetujui')
  for (const name of names.slice(0, 2))
    await expect(docCard(page, name).locator('[data-status="approved"]')).toBeVisible()

  // 'Revisi' for the selection asks one reason first.
  await page.getByRole('button', { name: 'Pilih', exact: true }).click()
  await selectCard(page, names[2] as string)
  await page.getByTestId('bulk-review-bar').getByRole('button', { name: 'Revisi' }).click()
  const ask = page.getByRole('dialog', { name: 'Minta Revisi 1 Dokumentasi' })
  await ask.getByLabel('Catatan revisi').fill('Permukaan plat belum terlihat, foto ulang dari atas')
  await ask.getByRole('button', { name: 'Kirim Revisi' }).click()
  await expectToast(page, '1 dokumentasi dikembalikan untuk revisi')
  await expect(docCard(page, names[2] as string).getByTestId('review-note')).toContainText('Permukaan plat')

  // An approval made by mistake is changed, with a reason.
  const first = docCard(page, names[0] as string)
  await first.getByRole('button', { name: 'Ubah ke Revisi' }).click()
  const change = page.getByRole('dialog', { name: 'Ubah ke Revisi' })
  await change.getByLabel('Catatan revisi').fill('Salah setuju: balok B3 belum dibersihkan')
  await change.getByRole('button', { name: 'Kirim Revisi' }).click()
  await expect(first.locator('[data-status="rejected"]')).toBeVisible()
  await expect(first.getByTestId('review-note')).toContainText('Salah setuju')
  await snap(page, 'changed-review')

  // In the viewer an admin reviews too: 'Revisi' asks the reason over it, and the viewer follows.
  const galian = docCard(page, 'Galian pondasi footplat F3 selesai')
  await galian.getByRole('button', { name: 'Lihat foto ukuran penuh' }).click()
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('photo-evidence') })
  await expect(viewer.getByRole('button', { name: 'Approve', exact: true })).toBeVisible()
  await viewer.getByRole('button', { name: 'Revisi', exact: true }).click()
  const inViewer = page.getByRole('dialog', { name: 'Minta Revisi' })
  await inViewer.getByLabel('Catatan revisi').fill('Kedalaman galian belum terukur di foto')
  await inViewer.getByRole('button', { name: 'Kirim Revisi' }).click()
  await expect(viewer.getByTestId('viewer-review-note')).toContainText('Kedalaman galian')
  await expect(viewer.getByRole('button', { name: 'Ubah ke Disetujui' })).toBeVisible()
  await snap(page, 'viewer-admin')
})
