import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { controlledBySw, makePhotos, makeSmallPhotos, setupProject } from './field-support'
import { apiCall, isPhone, loginViaUi, secondPage } from './support'

/*
 * The small things a first week shows (issue 32): the phone's upload sheet (its button in reach, the
 * work item remembered, 'Kelola Item Pekerjaan' leaving the form alone, a stalled send that says closing
 * is safe), the offline banner that must not cover the page, the field worker's side menu and the
 * delete confirmation that says where the item goes.
 */

const root = path.resolve(import.meta.dirname, '../..')
const screens = path.join(root, 'test-results', 'screens', 'week-polish')
test.beforeAll(async () => {
  fs.mkdirSync(screens, { recursive: true })
  await makePhotos()
})

const snap = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${test.info().project.name}-${name}.png`) })

async function size(page: Page, isMobile: boolean) {
  await page.setViewportSize(isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 })
}

test('the upload sheet: button in reach, work item remembered, managing items leaves the form alone, a stall says closing is safe', async ({
  page,
  request,
  isMobile,
}) => {
  test.setTimeout(180_000)
  await size(page, isMobile)
  const { admin, project } = await setupProject(request)
  for (const name of ['Struktur', 'Arsitektur'])
    await apiCall(request, admin, 'POST', `/api/project/${project.id}/work-items`, { name })
  const files = await makeSmallPhotos(6)

  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  const panel = page.locator('section[data-area="dokumentasi"]')
  await panel.getByRole('button', { name: 'Unggah Foto' }).first().click()
  const sheet = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
  await sheet.getByLabel('Pilih foto dari galeri').setInputFiles(files)
  const ready = sheet
    .getByRole('list', { name: 'Foto terpilih' })
    .getByRole('listitem')
    .and(page.locator('[data-status="ready"]'))
  await expect(ready).toHaveCount(files.length, { timeout: 60_000 })

  // 'Kelola Item Pekerjaan': adding an item marks nothing in the upload form and picks nothing for it.
  await sheet.getByRole('button', { name: 'Kelola Item Pekerjaan' }).click()
  const manage = page.getByRole('dialog', { name: 'Kelola Item Pekerjaan' })
  await manage.getByLabel('Item pekerjaan baru').fill('Mekanikal')
  await manage.getByRole('button', { name: 'Tambah item pekerjaan' }).click()
  await expect(manage.getByRole('list', { name: 'Item pekerjaan' })).toContainText('Mekanikal')
  await manage.getByRole('button', { name: 'Selesai' }).click()
  await expect(manage).toBeHidden()
  await expect(sheet.getByLabel('Item Pekerjaan')).toHaveValue('')
  await expect(sheet.getByText('Deskripsi terlalu pendek')).toHaveCount(0)
  await expect(sheet.getByRole('alert')).toHaveCount(0)

  // Six photos picked: the send button is still on the screen, over the scrolling body.
  await sheet.getByLabel('Deskripsi').fill('Pemasangan bekisting kolom lantai 3')
  const arsitektur = await sheet
    .getByLabel('Item Pekerjaan')
    .locator('option', { hasText: 'Arsitektur' })
    .getAttribute('value')
  await sheet.getByLabel('Item Pekerjaan').selectOption(arsitektur ?? '')
  await sheet.getByLabel('Deskripsi').scrollIntoViewIfNeeded()
  const send = sheet.getByRole('button', { name: `Unggah ${files.length} Foto`, exact: true })
  await expect(send).toBeInViewport({ ratio: 1 })
  await snap(page, 'upload-sheet-footer')

  // The send stalls (no answer): after a few seconds the sheet says closing is safe.
  await page.route('**/api/doc/*/upload', () => {
    // Never answered: the request hangs like one on a dead signal.
  })
  await send.click()
  await expect(sheet.getByTestId('upload-stalled')).toBeVisible({ timeout: 10_000 })
  await expect(sheet.getByTestId('upload-stalled')).toContainText('Aman untuk menutup')
  await snap(page, 'upload-stalled')
  await sheet.getByRole('button', { name: 'Lanjutkan di latar belakang' }).click()
  await expect(sheet).toBeHidden()
  await page.unroute('**/api/doc/*/upload')

  // The next upload starts from the same work item.
  await panel.getByRole('button', { name: 'Unggah Foto' }).first().click()
  await expect(sheet.getByLabel('Item Pekerjaan')).toHaveValue(arsitektur ?? 'x')
  await page.keyboard.press('Escape')
})

test('signal lost with the app open: the banner covers nothing; the side menu and the delete confirmation', async ({
  page,
  context,
  browser,
  request,
  isMobile,
}) => {
  test.setTimeout(120_000)
  await size(page, isMobile)
  const { admin, supervisor, project } = await setupProject(request)

  await loginViaUi(page, supervisor.email, supervisor.password)
  await controlledBySw(page)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  const back = page.getByRole('link', { name: 'Dashboard', exact: true })
  await expect(back).toBeVisible()
  await page.mouse.wheel(0, 40)
  await context.setOffline(true)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  // Whatever the scroll, the link is where a tap reaches it: not under the header or its banner.
  for (const y of [0, 40]) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    const box = await back.boundingBox()
    if (!box) throw new Error('no link')
    const hit = await page.evaluate(
      ([x, yy]) => document.elementFromPoint(x, yy)?.closest('a')?.textContent ?? '',
      [box.x + box.width / 2, box.y + box.height / 2],
    )
    expect(hit, `scrolled ${y}`).toContain('Dashboard')
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  // One offline banner on the Dokumentasi tab, not a second one of its own.
  await expect(page.getByTestId('offline-note')).toHaveCount(0)
  await snap(page, 'offline-banner')

  if (await isPhone(page)) {
    await page.getByRole('button', { name: 'Buka menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Menu samping' })
    for (const entry of ['Projects', 'Notifikasi', 'Profil Saya'])
      await expect(menu.getByRole('link', { name: entry })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Keluar' })).toBeVisible()
    await snap(page, 'side-menu')
    await page.keyboard.press('Escape')
  }
  await context.setOffline(false)

  // Deleting an item moves it to Sampah for 30 days, and the confirmation says so (the admin's phone).
  const office = await secondPage(browser)
  await size(office, isMobile)
  await loginViaUi(office, admin.email, admin.password)
  await office.goto(`/project/${project.slug}#dokumentasi`)
  await office.getByRole('button', { name: 'Hapus dokumentasi' }).first().click()
  const confirm = office.getByRole('alertdialog')
  await expect(confirm).toContainText('dipindahkan ke Sampah')
  await expect(confirm).toContainText('30 hari')
  await expect(confirm).not.toContainText('tidak dapat dibatalkan')
  await snap(office, 'delete-confirmation')
  await office.context().close()
})
