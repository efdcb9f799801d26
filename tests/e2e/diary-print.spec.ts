import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { makePhotos, photos } from './field-support'
import { apiCall, createAdmin, loginViaUi, unique, watchConsole } from './support'

/*
 * Issue 34, 'The printed diary and the week' (decision 0091): today's diary, signed by the contractor
 * from the link and by the pengawas, printed as a PDF (pdftotext holds the sections and the signers'
 * names) whose code the /v/ page calls 'sah'; then 'Buat Laporan' with the kind 'Mingguan (dari laporan
 * harian)' makes the weekly report from the app. Screenshots go to /tmp/shots-diary-print.
 */

const shots = process.env.DIARY_PRINT_SHOTS ?? '/tmp/shots-diary-print'
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  await makePhotos()
})

test('a signed day prints with its signers and verifies as sah; the weekly report is made from the dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const problems = watchConsole(page)
  const admin = await createAdmin(request, `Wulan Admin ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Puskesmas Cibinong ${unique()}`,
      description: 'Rehabilitasi gedung puskesmas',
    })
  ).data as { id: number; slug: string; name: string }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date())
  const day = `/api/diary/${project.slug}/day/${today}`
  await apiCall(request, admin, 'PUT', day, {
    base_version: 0,
    sections: {
      weather: { blocks: [{ from: '07:00', to: '10:00', condition: 'cerah' }], lost_hours: 1.5 },
      manpower: [
        { trade: 'Tukang besi', count: 6 },
        { trade: 'Pekerja', count: 12 },
      ],
      work: [{ description: 'Pembesian kolom lantai 2', volume: 1.2, unit: 'ton' }],
      notes: { visitors: 'Direksi teknis' },
    },
  })
  const upload = await request.post(`/api/doc/${project.slug}/upload`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      description: 'Pembesian kolom K2',
      files: { name: 'kolom.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.kolom) },
    },
  })
  expect(upload.status()).toBe(201)
  const uuid = (await upload.json()).data.docs[0].uuid as string
  await apiCall(request, admin, 'PATCH', `/api/doc/${project.slug}/status/${uuid}/approved`)
  const submitted = await apiCall(request, admin, 'POST', `${day}/submit`, {})
  const token = (submitted.data.url as string).split('/t/')[1]
  const contractor = await request.post(`/api/public/sign/${token}`, {
    data: { decision: 'setuju', name: 'Ir. Budi Santoso', position: 'Site Manager', signature: SIGNATURE },
  })
  expect(contractor.status()).toBe(200)
  const pengawas = await apiCall(request, admin, 'POST', `${day}/sign`, {
    name: admin.name,
    position: 'Pengawas Lapangan',
    signature: SIGNATURE,
  })
  expect(pengawas.data.status).toBe('signed')

  // The day's PDF: 'sedang dibuat' (409) until the job made it, then the file.
  let pdf: Buffer = Buffer.alloc(0)
  await expect(async () => {
    const res = await request.get(`${day}/pdf`, { headers: { authorization: `Bearer ${admin.token}` } })
    expect(res.status()).toBe(200)
    pdf = await res.body()
  }).toPass({ timeout: 60_000 })
  const file = path.join(shots, 'laporan-harian.pdf')
  fs.writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ')
  for (const words of [
    'LAPORAN HARIAN',
    'Tukang besi',
    'Pembesian kolom lantai 2',
    'Ir. Budi Santoso',
    admin.name,
  ])
    expect(text).toContain(words)
  const code = /Kode verifikasi: ([0-9A-Z-]{14})/.exec(text)?.[1] as string

  await page.goto(`/v/${code}`)
  await expect(page.getByText('Laporan harian sah')).toBeVisible()
  await expect(page.getByText(/Laporan harian ini sah: ditandatangani oleh Ir\. Budi Santoso/)).toBeVisible()
  await page.screenshot({ path: path.join(shots, `${test.info().project.name}-verify.png`), fullPage: true })

  // The weekly report, chosen in the dialog.
  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}/laporan`)
  await page.getByRole('button', { name: 'Buat Laporan' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Buat Laporan' })
  await dialog.getByText('Mingguan (dari laporan harian)').click()
  await expect(dialog.getByRole('radio', { name: 'Mingguan (dari laporan harian)' })).toBeChecked()
  await expect(dialog.getByLabel('Judul')).toHaveValue(new RegExp(`^Laporan Mingguan - ${project.name}`))
  await expect(dialog.getByText('Foto per halaman')).toBeHidden()
  await page.screenshot({ path: path.join(shots, `${test.info().project.name}-dialog.png`) })
  await dialog.getByRole('button', { name: 'Buat Laporan' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('list', { name: 'Daftar laporan' }).getByTestId('report-row').first()
  await expect(row).toContainText('Laporan Mingguan')
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Unduh' }).click(),
  ])
  const week = path.join(shots, 'laporan-mingguan.pdf')
  fs.copyFileSync((await download.path()) as string, week)
  const weekText = execFileSync('pdftotext', ['-enc', 'UTF-8', week, '-'])
    .toString('utf8')
    .replace(/\s+/g, ' ')
  expect(weekText).toContain('LAPORAN MINGGUAN')
  expect(weekText).toContain('1 dari 1 hari ditandatangani')
  expect(weekText).toContain('Pembesian kolom K2')
  expect(problems).toEqual([])
})
