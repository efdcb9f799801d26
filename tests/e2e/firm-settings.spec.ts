import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { apiCall, createAdmin, expectToast, isPhone, loginViaUi, unique, watchConsole } from './support'

/*
 * Issue 30, "reports an owner accepts": an admin sets the firm's name, address, phone, logo and the
 * report's signature block in 'Pengaturan Firma', reached from the menu; sets up a project's start day
 * and its work items in order with codes in 'Pengaturan Proyek'; and opens 'Buat Laporan' to see the
 * dates beside every period choice and how many photos the report will hold. Screenshots go to
 * /tmp/shots-h3 (FIRM_SHOTS).
 */

const shots = process.env.FIRM_SHOTS ?? '/tmp/shots-h3'

test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }))

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: path.join(shots, `${test.info().project.name}-${name}.png`), fullPage })
}

/** WCAG 2.1 AA faults (axe-core) in part of the screen, as 'rule: targets' lines (as reports.spec.ts). */
async function axeFaults(page: Page, include: string) {
  await page.waitForTimeout(400)
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(include)
    .analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function openFromMenu(page: Page, name: string) {
  if (await isPhone(page)) {
    await page.getByRole('button', { name: 'Buka menu' }).click()
    await page.getByRole('navigation', { name: 'Menu samping' }).getByRole('link', { name }).click()
  } else
    await page
      .getByRole('navigation', { name: 'Navigasi utama' })
      .getByRole('link', { name: name.split(' ')[0] })
      .click()
}

test('an admin sets the firm, its logo and signature block, and a project’s start day and work item order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page)
  const admin = await createAdmin(request, `Rina Admin ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gedung Puskesmas ${unique()}`,
      description: 'Pembangunan gedung puskesmas dua lantai',
    })
  ).data as { id: number; slug: string; name: string }
  for (const name of ['Struktur', 'Pekerjaan Persiapan'])
    await apiCall(request, admin, 'POST', `/api/project/${project.id}/work-items`, { name })

  await loginViaUi(page, admin.email, admin.password)
  await openFromMenu(page, 'Pengaturan Firma')
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('heading', { name: 'Pengaturan Firma', level: 1 })).toBeVisible()

  // The three columns every supervision report signs are offered until the firm saves its own.
  const name = page.getByLabel('Nama firma')
  await expect(name).not.toHaveValue('')
  await name.fill('PT Cipta Rekayasa Konsultan')
  await page.getByLabel('Alamat').fill('Jl. Diponegoro 21, Semarang')
  await page.getByLabel('Telepon').fill('024 555 0101')
  // The diary reminder's hour (issue 34, decision 0092): 16.00 until chosen, or off.
  const reminder = page.getByLabel('Jam pengingat')
  await expect(reminder.locator('option')).toHaveCount(25)
  await reminder.selectOption({ label: 'Pukul 15.00' })
  const columns = page.getByRole('group', { name: /Kolom/ })
  await expect(columns).toHaveCount(3)
  await expect(columns.nth(2).getByLabel('Keterangan')).toHaveValue('Disetujui oleh')
  // A column without a name is refused in Indonesian before anything is sent. (The settings are the
  // firm's, one for the whole server: the other screen size's run may have saved names already.)
  await columns.nth(0).getByLabel('Nama').fill('')
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click()
  await expect(columns.nth(0).getByText('Nama penanda tangan harus diisi')).toBeVisible()
  const people = [
    ['Rina Putri', 'Inspector'],
    ['Agus Salim', 'Site Engineer'],
    ['Ir. Budi Santoso', 'Team Leader'],
  ]
  for (const [i, [person, title]] of people.entries()) {
    await columns.nth(i).getByLabel('Nama').fill(person)
    await columns.nth(i).getByLabel('Jabatan').fill(title)
  }
  await page.getByRole('button', { name: 'Simpan pengaturan' }).click()
  await expectToast(page, 'Pengaturan firma berhasil disimpan')

  // The logo: a PNG picked, previewed at once.
  const logo = await sharp({ create: { width: 360, height: 120, channels: 4, background: '#1f3a5f' } })
    .png()
    .toBuffer()
  await page
    .getByLabel('Pilih file logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
  await expectToast(page, 'Logo firma berhasil diperbarui')
  await expect(page.getByRole('img', { name: 'Logo PT Cipta Rekayasa Konsultan' })).toBeVisible()
  await shot(page, 'pengaturan-firma')
  expect(await axeFaults(page, 'main')).toEqual([])

  // What was saved is what the server holds.
  const saved = (await apiCall(request, admin, 'GET', '/api/settings/firm')).data as {
    name: string
    signatories: { name: string }[]
    logo_url: string | null
    diary_reminder_hour: number | null
  }
  expect(saved.name).toBe('PT Cipta Rekayasa Konsultan')
  expect(saved.diary_reminder_hour).toBe(15)
  expect(saved.signatories.map((s) => s.name)).toEqual(people.map(([person]) => person))
  expect(saved.logo_url).toMatch(/^\/storage\//)

  // --- The project is set up where it lives: start day, work items in bill-of-quantities order -----
  await page.goto(`/project/${project.slug}`)
  await page.getByRole('button', { name: 'Pengaturan Proyek' }).click()
  const setup = page.getByRole('dialog', { name: 'Pengaturan Proyek' })
  const order = setup.getByRole('list', { name: 'Urutan item pekerjaan' })
  await expect(order.getByRole('listitem')).toHaveCount(2)
  await setup.getByRole('button', { name: 'Pindahkan Pekerjaan Persiapan ke atas' }).click()
  await expect(order.getByRole('listitem').first().getByLabel('Nama Pekerjaan Persiapan')).toBeVisible()
  await setup.getByLabel('Kode Pekerjaan Persiapan').fill('I.1')
  await setup.getByRole('button', { name: 'Simpan' }).last().click()
  // Seen, not closed: a tap outside the dialog (the toast's close) would close the dialog too.
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first()
  await expect(toast('Item pekerjaan berhasil diubah')).toBeVisible()
  const startDay = new Date(Date.now() + 7 * 3600_000 - 16 * 86_400_000).toISOString().slice(0, 10)
  await setup.getByLabel('Tanggal mulai proyek').fill(startDay)
  await setup.getByRole('button', { name: 'Simpan' }).first().click()
  await expect(toast('Tanggal mulai proyek disimpan')).toBeVisible()
  await expect(setup.getByText(/Minggu ke-1 laporan dimulai/)).toBeVisible()
  await shot(page, 'pengaturan-proyek', false)
  expect(await axeFaults(page, '[role="dialog"]')).toEqual([])
  const items = (await apiCall(request, admin, 'GET', `/api/project/${project.id}/work-items`)).data as {
    name: string
    code: string | null
  }[]
  expect(items).toEqual([
    { id: expect.any(Number), name: 'Pekerjaan Persiapan', code: 'I.1' },
    { id: expect.any(Number), name: 'Struktur', code: null },
  ])
  // Deleting one asks first; the setup stays open with the rest.
  await setup.getByRole('button', { name: 'Hapus Struktur' }).click()
  await page
    .getByRole('alertdialog', { name: 'Hapus item pekerjaan?' })
    .getByRole('button', { name: 'Hapus' })
    .click()
  await expect(order.getByRole('listitem')).toHaveCount(1)
  await setup.getByRole('button', { name: 'Selesai' }).click()

  // --- 'Buat Laporan' starts on the last complete week, dates beside every choice, and the count -----
  await page.goto(`/project/${project.slug}/laporan`)
  await page.getByRole('button', { name: 'Buat Laporan' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Buat Laporan' })
  await expect(dialog.getByRole('radio', { name: /Minggu lalu/ })).toBeChecked()
  await expect(dialog.getByTestId('chosen-period')).toContainText('Minggu ke-2 ·')
  await expect(dialog.getByTestId('report-count')).toHaveText('Tidak ada foto pada periode dan pilihan ini')
  await shot(page, 'buat-laporan', false)

  expect(problems).toEqual([])
})
