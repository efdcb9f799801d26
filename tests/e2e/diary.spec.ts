import fs from 'node:fs'
import path from 'node:path'
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { controlledBySw } from './field-support'
import { type Account, apiCall, createAdmin, createEmployee, loginViaUi, secondPage, unique } from './support'

/*
 * Laporan Harian on a phone (issue 34, decision 0090): a supervisor fills today's diary offline in two
 * sittings with the app closed between them; a second supervisor, offline too, writes another section and
 * the same one; both land merged, the same section asks the second writer to choose; the day is submitted,
 * the contractor signs from the link in a fresh phone without an account, the supervisor signs in the app.
 * Every landing is checked through the real server's API.
 */

const screens = path.join(path.resolve(import.meta.dirname, '../..'), 'test-results', 'diary-screens')
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: false })

const firmToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

type Day = {
  status: string
  version: number
  sections: Record<string, unknown>
  signatures: Array<{ role: string; name: string }>
}

async function serverDay(request: Parameters<typeof apiCall>[0], who: Account, slug: string, day: string) {
  return (await apiCall(request, who, 'GET', `/api/diary/${slug}/day/${day}`)).data as Day
}

/** Draws a stroke across a canvas with the pointer. */
async function draw(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded()
  const box = await canvas.boundingBox()
  if (!box) throw new Error('no canvas')
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + 20 + i * (box.width / 10), box.y + box.height * (i % 2 ? 0.3 : 0.7), {
      steps: 2,
    })
  await page.mouse.up()
}

const weatherChip = (page: Page, block: string, label: string) =>
  page.getByRole('group', { name: `Cuaca ${block}` }).getByRole('button', { name: label, exact: true })

async function openDay(page: Page, slug: string, day: string) {
  await page.goto(`/project/${slug}/harian/${day}`)
  await expect(page.getByTestId('diary-day-title')).toBeVisible()
}

test('the diary offline in two sittings, a second writer merged, a clash chosen, signed from the link', async ({
  page,
  context,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone story (screenshots at both sizes are taken in it)')
  const admin = await createAdmin(request)
  const sari = await createEmployee(request, admin, 'pengawasan', `Sari Pengawas ${unique()}`)
  const budi = await createEmployee(request, admin, 'pengawasan', `Budi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gedung Puskesmas ${unique()}`,
      description: 'Pembangunan puskesmas dua lantai',
    })
  ).data as { id: number; slug: string; name: string }
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [sari.id, budi.id] })
  const today = firmToday()

  // Sari opens the project once with signal: the app, the project and today's diary are on the phone.
  await loginViaUi(page, sari.email, sari.password)
  await controlledBySw(page)
  await page.goto(`/project/${project.slug}`)
  await page.getByTestId('diary-link').click()
  await expect(page.getByRole('heading', { name: 'Laporan Harian' })).toBeVisible()
  await expect(page.getByTestId(`diary-day-${today}`)).toBeVisible()
  await page.getByRole('link', { name: /Isi laporan hari ini/ }).click()
  await expect(page.getByTestId('diary-day-title')).toBeVisible()
  await expect(page.getByText('Belum ada tanda tangan.')).toBeVisible()

  // Budi opens today's diary too, on his own phone, before anything of Sari's landed.
  const budiPage = await secondPage(browser)
  await loginViaUi(budiPage, budi.email, budi.password)
  await openDay(budiPage, project.slug, today)

  // Sitting 1, no signal: weather and manpower.
  await context.setOffline(true)
  await weatherChip(page, '07.00–10.00', 'Cerah').click()
  await weatherChip(page, '13.00–16.00', 'Hujan').click()
  await page
    .getByRole('group', { name: 'Tambah keahlian' })
    .getByRole('button', { name: 'Tukang batu' })
    .click()
  await page.getByRole('button', { name: 'Tambah Tukang batu' }).click()
  await page.getByRole('button', { name: 'Tambah Tukang batu' }).click()
  await expect(page.getByRole('group', { name: 'Tukang batu' }).getByRole('status')).toHaveText('3')
  await expect(page.getByText('Belum terkirim').first()).toBeVisible()

  // The app is closed and opened again, still without signal: the unsent changes are there.
  await page.close()
  let sariPage = await context.newPage()
  await openDay(sariPage, project.slug, today)
  await expect(weatherChip(sariPage, '07.00–10.00', 'Cerah')).toHaveAttribute('aria-pressed', 'true')
  await expect(sariPage.getByRole('group', { name: 'Tukang batu' }).getByRole('status')).toHaveText('3')

  // Sitting 2: notes. Closed again.
  await sariPage.getByLabel('Masalah dan penyebabnya').fill('Hujan deras pukul 14.00, pengecoran ditunda')
  await expect(sariPage.getByText('Belum terkirim').first()).toBeVisible()
  await sariPage.close()

  // Budi, offline as well, writes the equipment and the manpower (the same section as Sari).
  await budiPage.context().setOffline(true)
  await budiPage.getByRole('button', { name: 'Tambah alat' }).click()
  await budiPage.getByLabel('Nama alat').fill('Molen')
  await budiPage
    .getByRole('group', { name: 'Tambah keahlian' })
    .getByRole('button', { name: 'Mandor' })
    .click()
  await expect(budiPage.getByText('Belum terkirim').first()).toBeVisible()

  // Sari's signal returns; the app opens and sends what waited.
  await context.setOffline(false)
  sariPage = await context.newPage()
  await openDay(sariPage, project.slug, today)
  await expect
    .poll(async () => (await serverDay(request, sari, project.slug, today)).sections, { timeout: 30_000 })
    .toMatchObject({
      weather: {
        blocks: [
          { from: '07:00', condition: 'cerah' },
          { from: '13:00', condition: 'hujan' },
        ],
      },
      manpower: [{ trade: 'Tukang batu', count: 3 }],
      notes: { problems: 'Hujan deras pukul 14.00, pengecoran ditunda' },
    })

  // Budi's signal returns: the equipment merges, the manpower clashes and he chooses.
  await budiPage.context().setOffline(false)
  const clash = budiPage.getByTestId('diary-clash')
  await expect(clash).toContainText(/Bagian Tenaga kerja juga diubah oleh .+ pukul \d\d\.\d\d/, {
    timeout: 30_000,
  })
  // Who changed that section (Sari), not the day's last writer (Budi's own equipment merged just before).
  await expect(clash).toContainText(`Bagian Tenaga kerja juga diubah oleh ${sari.name} pukul`, {
    timeout: 30_000,
  })
  await expect(clash).toContainText('Milik saya')
  await expect(clash).toContainText('Mandor: 1 orang')
  await expect(clash).toContainText('Tukang batu: 3 orang')
  await expect
    .poll(async () => (await serverDay(request, sari, project.slug, today)).sections.equipment)
    .toMatchObject([{ name: 'Molen', count: 1, condition: 'baik' }])
  await budiPage.screenshot({ path: path.join(screens, 'phone-clash.png') })
  await clash.getByRole('button', { name: 'Pakai milik saya' }).click()
  await expect(clash).toBeHidden()
  await expect
    .poll(async () => (await serverDay(request, sari, project.slug, today)).sections)
    .toMatchObject({
      manpower: [{ trade: 'Mandor', count: 1 }],
      equipment: [{ name: 'Molen' }],
      notes: { problems: 'Hujan deras pukul 14.00, pengecoran ditunda' },
    })
  await budiPage.context().close()

  // Screens: the list and the day, on a phone and on a desktop.
  await sariPage.reload()
  await expect(sariPage.getByRole('group', { name: 'Mandor' })).toBeVisible()
  await shot(sariPage, 'phone-day')
  await sariPage.goto(`/project/${project.slug}/harian`)
  await expect(sariPage.getByTestId(`diary-day-${today}`)).toContainText('Draf')
  await shot(sariPage, 'phone-list')
  await sariPage.setViewportSize({ width: 1440, height: 900 })
  await shot(sariPage, 'desktop-list')
  await openDay(sariPage, project.slug, today)
  await shot(sariPage, 'desktop-day')
  await sariPage.setViewportSize({ width: 390, height: 844 })

  // Ajukan tanda tangan: the contractor's link.
  await sariPage.getByRole('button', { name: 'Ajukan tanda tangan' }).click()
  await sariPage.getByRole('button', { name: 'Ajukan', exact: true }).click()
  const link = (await sariPage.getByTestId('sign-link').textContent())?.trim() ?? ''
  expect(link).toMatch(/\/t\/[A-Za-z0-9_-]+$/)
  await expect(sariPage.getByRole('link', { name: 'Bagikan lewat WhatsApp' })).toHaveAttribute(
    'href',
    /wa\.me/,
  )
  await sariPage.getByRole('button', { name: 'Selesai' }).click()

  // The contractor signs on a fresh phone, without an account.
  const contractor: BrowserContext = await browser.newContext({
    ...testInfo.project.use,
    storageState: undefined,
  })
  const phone = await contractor.newPage()
  await phone.goto(new URL(link).pathname)
  await phone.getByLabel('Nama', { exact: true }).fill('Joko Pelaksana')
  await phone.getByLabel('Jabatan').fill('Site manager PT Karya')
  await draw(phone, phone.locator('canvas#sig'))
  await phone.getByRole('button', { name: 'Setuju' }).click()
  await expect
    .poll(async () => (await serverDay(request, sari, project.slug, today)).signatures.map((s) => s.role))
    .toEqual(['kontraktor'])
  await phone.context().close()

  // The pengawas signs in the app with a drawn signature: the day is signed and read-only.
  await sariPage.reload()
  await sariPage.getByRole('button', { name: 'Tanda tangani sebagai pengawas' }).click()
  await sariPage.getByLabel('Jabatan').fill('Pengawas lapangan')
  await draw(sariPage, sariPage.getByTestId('signature-pad'))
  await sariPage.getByRole('button', { name: 'Tanda tangani', exact: true }).click()
  await expect(sariPage.getByTestId('diary-signing')).toContainText('Joko Pelaksana')
  await expect(sariPage.getByTestId('diary-signing')).toContainText(sari.name)
  await expect(sariPage.getByText('Ditandatangani').first()).toBeVisible()
  await expect(sariPage.getByRole('button', { name: 'Revisi' })).toBeVisible()
  await expect(sariPage.getByRole('button', { name: 'Tambah alat' })).toHaveCount(0)
  const signed = await serverDay(request, sari, project.slug, today)
  expect(signed.status).toBe('signed')
  expect(signed.signatures.map((s) => s.name).sort()).toEqual(['Joko Pelaksana', sari.name].sort())
  await shot(sariPage, 'phone-signed')
})

test('a diary never opened on this phone says so offline, in the shell, and fills in when the signal returns', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone only')
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan', `Rudi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Drainase Kota ${unique()}`,
      description: 'Saluran drainase 1,2 km',
    })
  ).data as { id: number; slug: string; name: string }
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [field.id] })
  await apiCall(request, field, 'PUT', `/api/diary/${project.slug}/day/${firmToday()}`, {
    base_version: 0,
    sections: { manpower: [{ trade: 'Pekerja', count: 6 }] },
  })
  await loginViaUi(page, field.email, field.password)
  await controlledBySw(page)
  await page.goto(`/project/${project.slug}`)
  await expect(page.getByRole('heading', { name: project.name })).toBeVisible()
  await page.waitForTimeout(1500)

  await context.setOffline(true)
  await page.goto(`/project/${project.slug}/harian`)
  await expect(page.getByTestId('not-stored')).toBeVisible()
  await expect(page.getByRole('link', { name: project.name })).toBeVisible()
  await page.goto(`/project/${project.slug}/harian/${firmToday()}`)
  await expect(page.getByTestId('not-stored')).toBeVisible()
  await expect(page.getByTestId('diary-day-title')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('group', { name: 'Pekerja' }).getByRole('status')).toHaveText('6', {
    timeout: 15_000,
  })
})

const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

test("a returned day shows the contractor's note; a signed day is read-only, 'Mengetahui' by an admin, 'Revisi' with a reason", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone only')
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan', `Rina Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Pasar Rakyat ${unique()}`,
      description: 'Revitalisasi pasar',
    })
  ).data as { id: number; slug: string; name: string }
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [field.id] })
  const day = firmToday()
  const base = `/api/diary/${project.slug}/day/${day}`
  await apiCall(request, field, 'PUT', base, { base_version: 0, sections: { notes: { visitors: 'PPK' } } })
  const contractorSigns = async (body: Record<string, unknown>) => {
    const { url } = (await apiCall(request, field, 'POST', `${base}/submit`, {})).data as { url: string }
    const token = new URL(url).pathname.split('/').pop()
    const res = await request.post(`/api/public/sign/${token}`, {
      data: { name: 'Joko', position: 'Site manager', ...body },
    })
    expect(res.ok()).toBe(true)
  }
  await contractorSigns({ decision: 'kembalikan', note: 'Jumlah pekerja kurang dua orang' })

  // The supervisor sees the return and its note, and may write again.
  await loginViaUi(page, field.email, field.password)
  await openDay(page, project.slug, day)
  await expect(page.getByTestId('diary-returned')).toContainText('Jumlah pekerja kurang dua orang')
  await expect(page.getByText('Dikembalikan').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ajukan tanda tangan' })).toBeEnabled()

  // Submitted again, signed by the contractor and the pengawas: read-only, 'Revisi' offered.
  await contractorSigns({ decision: 'setuju', signature: TINY_PNG })
  await apiCall(request, field, 'POST', `${base}/sign`, {
    name: field.name,
    position: 'Pengawas',
    signature: TINY_PNG,
  })
  await page.reload()
  await expect(page.getByTestId('diary-day-title')).toBeVisible()
  await expect(page.getByLabel('Tamu / kunjungan')).toHaveAttribute('readonly', '')
  await expect(page.getByRole('button', { name: 'Tambah alat' })).toHaveCount(0)
  // 'Unduh PDF' waits while the job queue prints the day (409 'sedang dibuat'), then saves the PDF.
  const saving = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Unduh PDF' }).click()
  const pdf = await saving
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/)
  expect(
    fs
      .readFileSync((await pdf.path()) as string)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-')

  // An admin adds 'Mengetahui' with a drawn signature.
  const adminPage = await secondPage(browser)
  await loginViaUi(adminPage, admin.email, admin.password)
  await openDay(adminPage, project.slug, day)
  await adminPage.getByRole('button', { name: 'Mengetahui' }).click()
  await adminPage.getByLabel('Jabatan').fill('Direksi teknis')
  await draw(adminPage, adminPage.getByTestId('signature-pad'))
  await adminPage.getByRole('button', { name: 'Tanda tangani', exact: true }).click()
  await expect
    .poll(async () =>
      ((await apiCall(request, field, 'GET', base)).data as Day).signatures.map((s) => s.role).sort(),
    )
    .toEqual(['kontraktor', 'mengetahui', 'pengawas'])
  await adminPage.context().close()

  // 'Revisi' with a reason: a draft again, the reason shown, writable.
  await page.reload()
  await page.getByRole('button', { name: 'Revisi' }).click()
  await page.getByRole('dialog').getByRole('textbox').fill('Volume galian salah ketik')
  await page.getByRole('dialog').getByRole('button', { name: 'Kirim Revisi' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByText('Revisi 2: Volume galian salah ketik')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tambah alat' })).toBeVisible()
  expect(((await apiCall(request, field, 'GET', base)).data as Day).status).toBe('draft')
})
