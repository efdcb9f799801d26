import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { type Account, apiCall, createAdmin, createEmployee, loginViaUi, unique } from './support'

/*
 * What a field worker sees when the signal goes while the app stays open (issue 20): what cannot work
 * without the network says so before it is tried, cached lists carry the offline note instead of a red
 * error, and a comment on a thread never opened on this phone is written and queued. Phone size only:
 * that is where it happens.
 */

const root = path.resolve(import.meta.dirname, '../..')
const screens = path.join(root, 'test-results', 'screens', 'offline-states')

test.skip(({ isMobile }) => !isMobile, 'the field worker is on a phone')
test.beforeAll(() => fs.mkdirSync(screens, { recursive: true }))

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screens, `${name}.png`) })

type Project = { id: number; slug: string; name: string }

async function setup(request: APIRequestContext) {
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan', `Rudi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gedung Serbaguna ${unique()}`,
      description: 'Pembangunan gedung serbaguna dua lantai',
    })
  ).data as Project
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [field.id] })
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a7f70' } })
    .jpeg()
    .toBuffer()
  const doc = await request.post(`/api/doc/${project.slug}/upload`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      description: 'Pemasangan besi tulangan plat lantai 2',
      files: { name: 'besi.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  })
  expect(doc.status()).toBe(201)
  const recap = await request.post(`/api/rekap/${project.slug}/upload`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      file: {
        name: 'Rekap Mingguan 12.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  })
  expect(recap.status()).toBe(201)
  return { admin, field, project }
}

async function serverDoc(request: APIRequestContext, who: Account, slug: string) {
  const docs = (await apiCall(request, who, 'GET', `/api/doc/${slug}/list`)).data as Array<{
    uuid: string
    comments: number
  }>
  return docs[0]
}

test('signal lost with the app open: actions that need it say so, cached lists stay calm, comments queue', async ({
  page,
  context,
  request,
}) => {
  const { field, project } = await setup(request)
  await loginViaUi(page, field.email, field.password)
  // With signal: the Rekap tab and the Dokumentasi tab are seen once (their lists are on the phone now).
  await page.goto(`/project/${project.slug}#rekap`)
  await expect(page.getByText('Rekap Mingguan 12.pdf')).toBeVisible()
  await page.getByRole('tab', { name: /Dokumentasi/ }).click()
  const card = page.getByRole('list', { name: 'Daftar dokumentasi' }).getByRole('listitem').first()
  await expect(card).toContainText('Pemasangan besi tulangan')

  // The signal goes; the app stays open (no reload).
  await context.setOffline(true)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()

  // Deleting needs the server: the button says so, no dialog opens, nothing fails.
  const trash = card.getByRole('button', { name: 'Hapus dokumentasi' })
  await expect(trash).toHaveAttribute('aria-disabled', 'true')
  // Playwright will not click an aria-disabled button; a thumb does, and must learn why nothing happens.
  await trash.click({ force: true })
  await expect(page.getByRole('status').filter({ hasText: 'Perlu sinyal untuk menghapus' })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByText('Failed to delete document')).toHaveCount(0)
  await shot(page, 'phone-delete-needs-signal')

  // A sheet opened while that toast still shows: the toast moves to the top, clear of the sheet's buttons.
  const toast = page.getByRole('status').filter({ hasText: 'Perlu sinyal untuk menghapus' })
  await page.getByRole('button', { name: 'Unggah Foto' }).first().click()
  const sheet = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
  const cancel = sheet.getByRole('button', { name: 'Batal' })
  await expect(cancel).toBeVisible()
  await expect(async () => {
    const [t, b] = [await toast.boundingBox(), await cancel.boundingBox()]
    expect(t && b).toBeTruthy()
    if (t && b) expect(t.y + t.height).toBeLessThanOrEqual(b.y)
  }).toPass({ timeout: 5000 })
  await shot(page, 'phone-toast-over-sheet')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()

  // A thread never opened on this phone: no red failure; a comment is written and queued.
  await card.getByRole('button', { name: 'Komentar (0)' }).click()
  const thread = page.getByRole('dialog', { name: 'Komentar' })
  await expect(thread.getByText('Komentar lama belum tersimpan di perangkat ini')).toBeVisible()
  await expect(thread.getByText('Gagal memuat komentar')).toHaveCount(0)
  await thread.getByLabel('Komentar', { exact: true }).fill('Jarak sengkang di as B perlu dirapatkan.')
  await thread.getByRole('button', { name: 'Kirim komentar' }).click()
  await expect(thread.getByTestId('queued-comment')).toContainText('Jarak sengkang di as B')
  await expect(thread.getByLabel('Komentar', { exact: true })).toHaveValue('')
  await shot(page, 'phone-comments-not-saved')
  await page.keyboard.press('Escape')
  await expect(thread).toBeHidden()

  // Rekap: the saved list with the offline note; download says it needs signal. A reload without signal
  // starts the app from the phone's copy: the refetch that cannot run must not turn into a red error.
  await page.reload()
  await page.getByRole('tab', { name: /Rekap/ }).click()
  await expect(page.getByText('Rekap Mingguan 12.pdf')).toBeVisible()
  await expect(page.getByTestId('offline-note')).toBeVisible()
  // TanStack's retries of a failed refetch take about 3 s; the error would show by then.
  await page.waitForTimeout(5000)
  await expect(page.getByText('Gagal memuat daftar rekap')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  const download = page.getByRole('button', { name: 'Unduh Rekap Mingguan 12.pdf' })
  await expect(download).toHaveAttribute('aria-disabled', 'true')
  await download.click({ force: true })
  await expect(page.getByRole('status').filter({ hasText: 'Perlu sinyal untuk mengunduh' })).toBeVisible()
  await shot(page, 'phone-rekap-offline')

  // Signal back: the queued comment lands once.
  await context.setOffline(false)
  await expect
    .poll(async () => (await serverDoc(request, field, project.slug)).comments, { timeout: 20_000 })
    .toBe(1)
  await page.waitForTimeout(1500)
  expect((await serverDoc(request, field, project.slug)).comments).toBe(1)
})
