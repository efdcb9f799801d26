import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { docCard, photos, serverDocs, setupProject } from './field-support'
import { expectToast, loginViaUi } from './support'

/*
 * Issue 34, "The project's contract and site", at phone size: an admin records the contract and the site
 * on the project page; a photo taken 2.2 km away (stored before the site was set) then says so on its
 * card, with the phone's clock that was two hours behind; 'Di luar lokasi' filters to it. Screenshots of
 * the contract card and a photo card at 390x844 and 1440x900 go to /tmp/shots-contract.
 */

const SHOTS = '/tmp/shots-contract'
/** Monas (the site) and Bundaran HI (2.2 km south). */
const SITE = { lat: '-6,175392', lng: '106,827153', radius: '300' }
const FAR = { lat: -6.195, lng: 106.823 }
const NEAR = { lat: -6.174493, lng: 106.827153 }

const snap = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${test.info().project.name}-${name}.png`) })

test('an admin sets the contract and site; a photo card shows its distance and the phone clock', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  fs.mkdirSync(SHOTS, { recursive: true })
  const { admin, supervisor, project } = await setupProject(request)
  // Two photos stored before the site is set: one taken at Bundaran HI by a phone two hours behind.
  for (const [description, place, deviceTime] of [
    ['Pemasangan rambu di Bundaran HI', FAR, new Date(Date.now() - 2 * 3_600_000).toISOString()],
    ['Pengecoran pelat lantai 2 di lokasi', NEAR, new Date().toISOString()],
  ] as const) {
    const res = await request.post(`/api/doc/${project.slug}/upload`, {
      headers: { authorization: `Bearer ${supervisor.token}` },
      multipart: {
        description,
        device_time: deviceTime,
        meta: JSON.stringify([{ lat: place.lat, lng: place.lng, accuracy_m: 6, source: 'camera' }]),
        files: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.kolom) },
      },
    })
    expect(res.status()).toBe(201)
  }

  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}`)
  const card = page.getByRole('region', { name: 'Kontrak' })
  await expect(card).toContainText('Lokasi proyek belum diatur')
  await card.getByRole('button', { name: 'Ubah Kontrak' }).click()
  const dialog = page.getByRole('dialog', { name: 'Kontrak Proyek' })
  await dialog.getByLabel('Nomor kontrak').fill('602/KTR/PPK-JLN/2026')
  await dialog.getByLabel('Kontraktor pelaksana').fill('PT Bangun Jaya Abadi')
  await dialog.getByLabel('Pemilik / PPK').fill('PPK Jalan Kota 2')
  await dialog.getByLabel('Nilai kontrak (Rp)').fill('3.250.000.000')
  await dialog.getByLabel('Tanggal mulai (SPMK)').fill('2026-03-01')
  await dialog.getByLabel('Durasi (hari kalender)').fill('120')
  // A radius below 10 m is refused before anything is sent.
  await dialog.getByLabel('Lintang').fill(SITE.lat)
  await dialog.getByLabel('Bujur').fill(SITE.lng)
  await dialog.getByLabel('Radius (meter)').fill('5')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Radius harus bilangan bulat 10 sampai 50.000 meter')).toBeVisible()
  await dialog.getByLabel('Radius (meter)').fill(SITE.radius)
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expectToast(page, 'Kontrak proyek disimpan')
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('Rp 3.250.000.000')
  await expect(card).toContainText('PT Bangun Jaya Abadi')
  await expect(card).toContainText('28 Juni 2026')
  await expect(card).toContainText('Lokasi proyek: -6,175392; 106,827153 · radius 300 m')
  await card.screenshot({ path: path.join(SHOTS, `${test.info().project.name}-contract-card.png`) })
  await snap(page, 'project-page')

  // The Dokumentasi tab: each photo measured against the site just set.
  await page.goto(`/project/${project.slug}#dokumentasi`)
  const far = docCard(page, 'Bundaran HI')
  await expect(far.getByTestId('site-distance')).toHaveText('Di luar lokasi: 2,2 km dari proyek')
  await expect(far.getByTestId('clock-skew')).toHaveText('Jam perangkat selisih 2 jam')
  const near = docCard(page, 'pelat lantai 2')
  await expect(near.getByTestId('site-distance')).toHaveText('Di lokasi')
  await expect(near.getByTestId('clock-skew')).toHaveCount(0)
  // A photo without a place says so once, on its place line (no second 'Tanpa lokasi').
  const placeless = docCard(page, 'Galian pondasi')
  await expect(placeless.getByText('Lokasi tidak diketahui')).toBeVisible()
  await expect(placeless.getByTestId('site-distance')).toHaveCount(0)
  await expect(far.getByText('Menyiapkan pratinjau…')).toHaveCount(0, { timeout: 15_000 })
  await far.screenshot({ path: path.join(SHOTS, `${test.info().project.name}-photo-card.png`) })

  // 'Di luar lokasi' keeps the one taken outside.
  const panel = page.locator('section[data-area="dokumentasi"]')
  const filters = panel.getByLabel('Filter dokumentasi')
  if (!(await filters.evaluate((d) => (d as HTMLDetailsElement).open)))
    await filters.locator('summary').click()
  await filters.getByLabel('Lokasi').selectOption('outside')
  await expect(panel.getByRole('article')).toHaveCount(1)
  await expect(docCard(page, 'Bundaran HI')).toHaveCount(1)
  expect((await serverDocs(request, admin, project.slug)).length).toBe(3)

  // The viewer says it too.
  await far.getByRole('img').first().click()
  const viewer = page.getByRole('dialog')
  await expect(viewer.getByTestId('site-distance')).toHaveText('Di luar lokasi: 2,2 km dari proyek')
  await expect(viewer.getByTestId('clock-skew')).toHaveText('Jam perangkat selisih 2 jam')
  await snap(page, 'viewer')
  await page.keyboard.press('Escape')

  // The same card and contract at desktop size.
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/project/${project.slug}`)
  await expect(card).toContainText('Rp 3.250.000.000')
  await card.screenshot({ path: path.join(SHOTS, `${test.info().project.name}-1440-contract-card.png`) })
  await snap(page, '1440-project-page')
  await page.goto(`/project/${project.slug}?site=outside#dokumentasi`)
  await expect(far.getByTestId('site-distance')).toHaveText('Di luar lokasi: 2,2 km dari proyek')
  await far.screenshot({ path: path.join(SHOTS, `${test.info().project.name}-1440-photo-card.png`) })
  await snap(page, '1440-docs')
})
