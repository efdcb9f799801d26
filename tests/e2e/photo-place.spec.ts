import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import {
  controlledBySw,
  docCard,
  fixtures,
  makePhotos,
  photos,
  serverDocs,
  setupProject,
} from './field-support'
import { expectToast, loginViaUi } from './support'

/*
 * Issue 30 at phone and desktop size: a photo shot yesterday at the site (its EXIF GPS and capture
 * time) is picked from the gallery in the site office, 85 m away and offline. After sync it carries its
 * own place ('Lokasi dari GPS foto ±12 m'), never the office's, sits under yesterday's heading with the
 * upload time beside the capture time, and the same photo uploaded again is flagged. Screenshots of the
 * card and the viewer go to /tmp/shots-h1.
 */

/** Where the photo was taken (the column at the site) and where the phone is when uploading. */
const SITE = { lat: -6.9147722, lng: 107.6098056 }
const OFFICE = { latitude: -6.914, longitude: 107.6105, accuracy: 8 }
const shots = '/tmp/shots-h1'

const snap = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${test.info().project.name}-${name}.png`) })

/** Yesterday 14.02 in Jakarta, as a camera writes it: '2026:11:26 14:02:00' with '+07:00'. */
function yesterdayAt1402() {
  const jakarta = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10)
  return { exif: `${jakarta.replace(/-/g, ':')} 14:02:00`, day: jakarta }
}

/** A site photo (columns over soil) with the camera's GPS (±12 m) and capture time. */
async function gpsPhoto(): Promise<string> {
  await makePhotos()
  const file = path.join(fixtures, `kolom-gps-${test.info().project.name}.jpg`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="100%" height="100%" fill="hsl(35,45%,72%)"/><rect y="760" width="100%" height="440" fill="#6d5d4b"/>
    <rect x="300" y="260" width="120" height="560" fill="#9aa3ad"/><rect x="900" y="260" width="120" height="560" fill="#9aa3ad"/>
    <rect x="240" y="220" width="1120" height="70" fill="#b8bec6"/></svg>`
  await sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Samsung', Model: 'Galaxy A54' },
      IFD2: { DateTimeOriginal: yesterdayAt1402().exif, OffsetTimeOriginal: '+07:00' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '6/1 54/1 5318/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '107/1 36/1 3530/100',
        GPSHPositioningError: '12/1',
      },
    })
    .toFile(file)
  return file
}

test('a gallery photo with EXIF GPS, uploaded offline from elsewhere, keeps its own place and day; a second upload is flagged', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000)
  fs.mkdirSync(shots, { recursive: true })
  const photo = await gpsPhoto()
  const { admin, supervisor, project } = await setupProject(request)
  // An item queued by a build before issue 30: its place was the phone's at upload time, and says so.
  const old = await request.post(`/api/doc/${project.slug}/upload`, {
    headers: { authorization: `Bearer ${supervisor.token}` },
    multipart: {
      description: 'Bekisting balok B2 dari kotak keluar lama',
      meta: JSON.stringify([{ lat: OFFICE.latitude, lng: OFFICE.longitude, accuracy_m: 8 }]),
      files: { name: 'lama.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.kolom) },
    },
  })
  expect(old.status()).toBe(201)
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation(OFFICE)

  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  await controlledBySw(page)
  const panel = page.locator('section[data-area="dokumentasi"]')
  await expect(panel.getByRole('article')).toHaveCount(2)
  await expect(docCard(page, 'dari kotak keluar lama').getByTestId('card-place')).toHaveText(
    'Lokasi saat diunggah (belum tentu tempat foto diambil)',
  )
  await expect(docCard(page, 'Galian pondasi').getByTestId('card-place')).toHaveText('Lokasi tidak diketahui')
  await expect(docCard(page, 'dari kotak keluar lama').getByText('Menyiapkan pratinjau…')).toHaveCount(0, {
    timeout: 15_000,
  })
  await docCard(page, 'dari kotak keluar lama').screenshot({
    path: path.join(shots, `${test.info().project.name}-card-upload-place.png`),
  })

  // Offline in the site office: pick yesterday's photo from the gallery.
  await context.setOffline(true)
  await panel.getByRole('button', { name: 'Unggah Foto' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
  await dialog.getByLabel('Pilih foto dari galeri').setInputFiles([photo])
  await expect(
    dialog
      .getByRole('list', { name: 'Foto terpilih' })
      .getByRole('listitem')
      .and(page.locator('[data-status="ready"]')),
  ).toHaveCount(1, { timeout: 60_000 })
  // Its own place, read on the phone; the office's position is not asked for it.
  await expect(dialog.getByTestId('capture-place')).toContainText('Lokasi foto: 1 dari GPS foto')
  await dialog.getByLabel('Deskripsi').fill('Kolom K3 as D-2 setelah pembongkaran bekisting')
  await dialog.getByRole('button', { name: 'Unggah', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Disimpan di Kotak Keluar').first()).toBeVisible()

  // Back online: it lands with the photo's own place, recorded as such.
  await context.setOffline(false)
  await expect
    .poll(async () => (await serverDocs(request, admin, project.slug)).length, { timeout: 30_000 })
    .toBe(3)
  const landed = (await serverDocs(request, admin, project.slug))[0] as unknown as {
    taken_at: string
    images: { lat: number; lng: number; accuracy_m: number; location_source: string }[]
  }
  expect(landed.images[0]).toMatchObject({ accuracy_m: 12, location_source: 'exif' })
  expect(landed.images[0].lat).toBeCloseTo(SITE.lat, 6)
  expect(landed.images[0].lng).toBeCloseTo(SITE.lng, 6)
  expect(landed.taken_at).toBe(`${yesterdayAt1402().day}T07:02:00.000Z`)

  // Under yesterday's heading, the capture and upload times side by side, the place's source said.
  const yesterday = panel.locator(`section[data-day="${yesterdayAt1402().day}"]`)
  await expect(yesterday.getByRole('heading', { name: /Kemarin/ })).toBeVisible({ timeout: 30_000 })
  const card = docCard(page, 'Kolom K3 as D-2')
  await expect(yesterday.getByRole('article')).toHaveCount(1)
  await expect(card.getByTestId('card-place')).toHaveText('Lokasi dari GPS foto ±12 m')
  await expect(card.getByTestId('card-when')).toHaveText(
    /^Diambil \d+ \w+ 14\.02 · Diunggah \d+ \w+ \d{2}\.\d{2}$/,
  )
  await expect(card.getByText('Menyiapkan pratinjau…')).toHaveCount(0, { timeout: 15_000 })
  await page.waitForTimeout(400)
  await card.screenshot({ path: path.join(shots, `${test.info().project.name}-card.png`) })

  await card
    .getByRole('button', { name: /Lihat foto/ })
    .first()
    .click()
  const evidence = page.getByTestId('photo-evidence')
  await expect(evidence.getByTestId('photo-place')).toContainText('Lokasi dari GPS foto ±12 m')
  await expect(evidence.getByTestId('photo-place')).toContainText('-6.91477, 107.60981')
  await expect(evidence.getByTestId('photo-when')).toContainText(/Diambil \d+ \w+ \d{4} 14\.02 · Diunggah/)
  await expect(page.getByRole('button', { name: 'Tutup notifikasi' })).toHaveCount(0, { timeout: 15_000 })
  await page.waitForTimeout(300)
  await snap(page, 'viewer')
  await page.getByRole('button', { name: 'Tutup pratinjau' }).click()

  // The same photo again: flagged right after the upload, on its card and in its viewer.
  await panel.getByRole('button', { name: 'Unggah Foto' }).first().click()
  await dialog.getByLabel('Pilih foto dari galeri').setInputFiles([photo])
  await expect(
    dialog
      .getByRole('list', { name: 'Foto terpilih' })
      .getByRole('listitem')
      .and(page.locator('[data-status="ready"]')),
  ).toHaveCount(1, { timeout: 60_000 })
  await dialog.getByLabel('Deskripsi').fill('Foto ulang kolom dari kantor proyek')
  await dialog.getByRole('button', { name: 'Unggah', exact: true }).click()
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expectToast(page, 'Foto ini sudah pernah diunggah pada')
  const again = docCard(page, 'Foto ulang kolom dari kantor')
  await expect(again.getByTestId('duplicate-note')).toContainText('Foto ini sudah pernah diunggah pada')
  await expect(card.getByTestId('duplicate-note')).toHaveCount(0)
  await expect(again.getByText('Menyiapkan pratinjau…')).toHaveCount(0, { timeout: 15_000 })
  await page.waitForTimeout(400)
  await again.screenshot({ path: path.join(shots, `${test.info().project.name}-card-duplicate.png`) })
  await again
    .getByRole('button', { name: /Lihat foto/ })
    .first()
    .click()
  await expect(page.getByRole('dialog').getByTestId('duplicate-note')).toBeVisible()
  await page.waitForTimeout(300)
  await snap(page, 'viewer-duplicate')
  await page.getByRole('button', { name: 'Tutup pratinjau' }).click()
  await snap(page, 'grid')
})
