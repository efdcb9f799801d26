import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import {
  type Account,
  apiCall,
  createAdmin,
  createEmployee,
  expectToast,
  loginViaUi,
  unique,
  watchConsole,
} from './support'

/*
 * The 'Rekapitulasi' tab and the whole-project download: an admin uploads, downloads and deletes a recap
 * file; an employee downloads but has no upload or delete; an admin downloads a project through the
 * 'Mengunduh Project' modal up to 100 %.
 */

const root = path.resolve(import.meta.dirname, '../..')
const screens = path.join(root, 'test-results', 'rekap-screens')

type ProjectData = { id: number; slug: string; name: string }

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${text}) >> endobj\ntrailer <<>>\n%%EOF\n`)

async function projectFor(request: APIRequestContext, admin: Account, members: Account[] = []) {
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gedung Kantor Desa ${unique()}`,
      description: 'Rehabilitasi gedung kantor desa dua lantai',
    })
  ).data as ProjectData
  if (members.length > 0)
    await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, {
      user_ids: members.map((m) => m.id),
    })
  return project
}

async function recapViaApi(
  request: APIRequestContext,
  admin: Account,
  slug: string,
  name: string,
  data: Buffer,
) {
  const res = await request.post(`/api/rekap/${slug}/upload`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: data } },
  })
  expect(res.status()).toBe(201)
  return (await res.json()).data as { id: number; name: string }
}

async function openRecap(page: Page, project: ProjectData) {
  await page.goto(`/project/${project.slug}#rekap`)
  await expect(page.getByRole('heading', { name: project.name })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Rekapitulasi' })).toBeVisible()
}

const recapRow = (page: Page, name: string) => page.getByTestId('recap-row').filter({ hasText: name })

async function shot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(screens, { recursive: true })
  const size = page.viewportSize()
  await page.screenshot({
    path: path.join(screens, `${name}-${size?.width}x${size?.height}.png`),
    fullPage,
  })
}

type SeenUi = { percents: number[]; downloading: boolean; done: boolean; wait: boolean; toast: boolean }

/** Records every state of the 'Mengunduh Project' modal and whether the success toast came. */
async function watchDownloadUi(page: Page) {
  await page.evaluate(() => {
    const seen = { percents: [] as number[], downloading: false, done: false, wait: false, toast: false }
    ;(window as unknown as { __seenDownload: typeof seen }).__seenDownload = seen
    const look = () => {
      const modal = [...document.querySelectorAll('[role=alertdialog]')].find((d) =>
        d.textContent?.includes('Mengunduh Project'),
      )
      const text = modal?.textContent ?? ''
      const percent = modal?.querySelector('[data-testid=project-download-percent]')?.textContent
      if (percent) {
        const n = Number(percent.replace('%', ''))
        if (seen.percents.at(-1) !== n) seen.percents.push(n)
      }
      if (text.includes('Sedang mengunduh...')) seen.downloading = true
      if (text.includes('Unduhan selesai!')) seen.done = true
      if (text.includes('Mohon tunggu hingga proses unduhan selesai. Jangan tutup halaman ini.'))
        seen.wait = true
      for (const s of document.querySelectorAll('[role=status]'))
        if (s.textContent?.includes('Project berhasil diunduh')) seen.toast = true
    }
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

const seenDownloadUi = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seenDownload: SeenUi }).__seenDownload)

test('an admin uploads, downloads and deletes a recap file; a wrong type shows the red banner', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request, `Admin Rekap ${unique()}`)
  const project = await projectFor(request, admin)
  await loginViaUi(page, admin.email, admin.password)
  await openRecap(page, project)

  await expect(page.getByText('Belum ada file rekap')).toBeVisible()
  await expect(page.getByText('Klik tombol Upload File untuk menambahkan')).toBeVisible()
  await shot(page, 'rekap-empty-admin')

  // Upload starts as soon as the file is chosen.
  const name = 'Rekap Bulanan – Maret ü.pdf'
  const bytes = pdf('rekap bulan maret')
  await page
    .getByTestId('recap-file-input')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes })
  await expectToast(page, 'File rekap berhasil diunggah')
  const row = recapRow(page, name)
  await expect(row).toBeVisible()
  await expect(row.getByText('PDF', { exact: true })).toBeVisible()
  await expect(row.getByText(`${(bytes.length / 1024).toFixed(2)} KB`)).toBeVisible()
  // Beside the size on wide screens, on a line of its own on phones: one of the two is shown.
  await expect(row.getByText(admin.name).filter({ visible: true })).toHaveCount(1)
  const today = new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  }).format(new Date())
  await expect(row.getByText(today)).toBeVisible()

  // A program renamed to .pdf: refused by its bytes, the message in a red banner until 'Tutup'.
  const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(200)])
  await page
    .getByTestId('recap-file-input')
    .setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: exe })
  const banner = page.getByRole('alert').filter({ hasText: 'Jenis file tidak didukung' })
  await expect(banner).toBeVisible()
  await shot(page, 'rekap-list-admin-error')
  await banner.getByRole('button', { name: 'Tutup' }).click()
  await expect(banner).toBeHidden()
  await expect(page.getByTestId('recap-row')).toHaveCount(1)
  // The same refusal's toast may still sit over the list's last row on a phone (the project header grew
  // taller): close it as a person would before tapping there. A pointer resting on it would pause it.
  const refusal = page.getByRole('status').filter({ hasText: 'Jenis file tidak didukung' })
  if (await refusal.isVisible()) await refusal.getByRole('button', { name: 'Tutup notifikasi' }).click()
  await expect(refusal).toBeHidden()

  // Download: the exact bytes under the original name.
  const waiting = page.waitForEvent('download')
  await row.getByRole('button', { name: `Unduh ${name}` }).click()
  const download = await waiting
  expect(download.suggestedFilename()).toBe(name)
  expect(fs.readFileSync((await download.path()) as string).equals(bytes)).toBe(true)

  // Delete after 'Konfirmasi Penghapusan'.
  await row.getByRole('button', { name: `Hapus ${name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Konfirmasi Penghapusan' })
  await expect(dialog.getByText(`Apakah Anda yakin ingin menghapus file ${name}?`)).toBeVisible()
  await expect(dialog.getByText('Tindakan ini tidak dapat dibatalkan.')).toBeVisible()
  await shot(page, 'rekap-delete-confirm', false)
  await dialog.getByRole('button', { name: 'Hapus File' }).click()
  await expectToast(page, 'File rekap berhasil dihapus')
  await expect(row).toHaveCount(0)
  await expect(page.getByText('Belum ada file rekap')).toBeVisible()
  expect(problems.filter((p) => !p.includes('415'))).toEqual([])
})

test('an employee downloads recap files but has no upload or delete; a vanished file says so', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request)
  const planner = await createEmployee(request, admin, 'perencanaan', `Perencana ${unique()}`)
  const project = await projectFor(request, admin, [planner])
  const bytes = pdf('rekap untuk tim')
  const kept = await recapViaApi(request, admin, project.slug, 'Rekap Progres Minggu 4.pdf', bytes)
  const gone = await recapViaApi(request, admin, project.slug, 'Rekap Lama.pdf', pdf('lama'))

  await loginViaUi(page, planner.email, planner.password)
  await openRecap(page, project)
  await expect(recapRow(page, kept.name)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload File' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Hapus / })).toHaveCount(0)
  await shot(page, 'rekap-list-employee')

  const waiting = page.waitForEvent('download')
  await recapRow(page, kept.name)
    .getByRole('button', { name: `Unduh ${kept.name}` })
    .click()
  const download = await waiting
  expect(download.suggestedFilename()).toBe(kept.name)
  expect(fs.readFileSync((await download.path()) as string).equals(bytes)).toBe(true)

  // Removed by an admin meanwhile: SPEC's message with ': File tidak ditemukan'.
  await apiCall(request, admin, 'DELETE', `/api/rekap/${project.slug}/remove/${gone.id}`)
  await recapRow(page, gone.name)
    .getByRole('button', { name: `Unduh ${gone.name}` })
    .click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Gagal mengunduh file rekap: File tidak ditemukan' }),
  ).toBeVisible()
})

test('an admin downloads a project: the progress modal reaches 100 % and a toast follows', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request)
  const project = await projectFor(request, admin)
  // A few megabytes, so the zip streams in several chunks.
  for (let i = 1; i <= 3; i++) {
    // A PDF ends with its %%EOF trailer (the server checks for it in the last KB).
    const big = Buffer.concat([
      pdf(`lampiran ${i}`),
      Buffer.alloc(2 * 1024 * 1024, i),
      Buffer.from('\n%%EOF\n'),
    ])
    await recapViaApi(request, admin, project.slug, `Lampiran ${i}.pdf`, big)
  }
  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}#rekap`)
  await expect(page.getByRole('heading', { name: project.name })).toBeVisible()

  // What the modal and the toasts showed, recorded in the page: under load the whole download can be over
  // before the test looks, and 'Unduhan selesai!' stays on screen only briefly.
  await watchDownloadUi(page)
  const waiting = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Project' }).click()
  const download = await waiting
  await expect.poll(() => seenDownloadUi(page)).toMatchObject({ done: true, toast: true })
  const seen = await seenDownloadUi(page)
  expect(seen.percents.at(-1)).toBe(100)
  expect(seen.percents).toEqual([...seen.percents].sort((a, b) => a - b))
  expect(seen.wait).toBe(true)
  expect(seen.downloading).toBe(true)
  await expect(page.getByRole('alertdialog', { name: 'Mengunduh Project' })).toBeHidden()
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${project.name} - \\d{4}-\\d{2}-\\d{2}\\.zip$`))
  const zip = fs.readFileSync((await download.path()) as string)
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04')
  expect(zip.length).toBeGreaterThan(6 * 1024 * 1024)

  // The dashboard card's button uses the same flow.
  await page.goto('/')
  const again = page.waitForEvent('download')
  await watchDownloadUi(page)
  // Held back until the checks below are done, so the modal is seen (and photographed) while it waits for
  // the bytes: a fixed delay was over before the checks under load, and the finished modal had closed.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/project/download/*', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: `Download project ${project.name}` }).click()
  const modal = page.getByRole('alertdialog', { name: 'Mengunduh Project' })
  await expect(modal.getByText('Sedang mengunduh...')).toBeVisible()
  // Not closable while downloading: Escape and the close button do nothing.
  await page.keyboard.press('Escape')
  await expect(modal).toBeVisible()
  // The corner close button (the footer's 'Tutup' appears once done).
  await expect(modal.locator('button[aria-label="Tutup"]')).toBeDisabled()
  await shot(page, 'project-download-modal', false)
  release()
  await again
  await expect.poll(() => seenDownloadUi(page)).toMatchObject({ done: true, toast: true })
})
