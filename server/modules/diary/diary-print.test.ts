import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodLabel } from '../../../src/contracts/days'
import { PUBLIC_PAGE_PREFIXES } from '../../../src/contracts/public-paths'
import { REPORT_MSG } from '../../../src/contracts/reports'
import { type Cast, cast, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, formWith, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { downloadPdf, pdfPages, pdfText, review, uploadDoc, workItem } from '../reports/report-fixtures'
import { PRINT_MSG } from './diary-print.service'

/*
 * The printed diary (issue 34, decision 0091) on this database: the day's PDF made by the job queue
 * when first asked for (409 'sedang dibuat' with Retry-After until then), every section, the contract,
 * the photos, the three signatures' names and the verification code on every page; its code on /v/;
 * a revision keeps the signed version's PDF served and its code answers 'superseded'. With
 * DIARY_LOOK_DIR set, the PDFs are kept there to be rendered (pdftoppm) and looked at.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
let dir: string
const DAY = '2026-11-30'
/** A long note (a real 'masalah' runs to paragraphs): printed whole, never cut. */
const LONG_NOTE = Array.from(
  { length: 12 },
  (_, i) =>
    `Butir ${i + 1}: pengiriman beton ready mix terlambat karena akses jalan desa tergenang, truk menunggu di simpang kecamatan.`,
).join(' ')

/** A drawn signature: a pen stroke on white (PNG, a few KB). */
async function signature(hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="140">
    <rect width="100%" height="100%" fill="#fff"/>
    <path d="M20 100 C 60 10, 90 140, 130 70 S 200 20, 230 90 S 300 120, 340 40" stroke="hsl(${hue},70%,25%)"
      stroke-width="5" fill="none" stroke-linecap="round"/></svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return `data:image/png;base64,${png.toString('base64')}`
}

const dayPath = (day: string) => `/api/diary/${project.slug}/day/${day}`

async function getPdf(token: string, query = '') {
  return t.app.request(`${dayPath(DAY)}/pdf${query}`, { headers: { authorization: `Bearer ${token}` } })
}

/** Asks for the PDF, lets the queue make it, asks again: the file. */
async function madePdf(token: string, query = ''): Promise<{ file: string; bytes: Buffer }> {
  let res = await getPdf(token, query)
  if (res.status === 409) {
    expect(res.headers.get('retry-after')).toBe('3')
    expect((await res.json()).message).toBe(PRINT_MSG.making)
    await t.runJobs()
    res = await getPdf(token, query)
  }
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  const bytes = Buffer.from(await res.arrayBuffer())
  const file = path.join(dir, `laporan-harian-${TEST_DB}${query.replace(/\W/g, '-')}-${Date.now()}.pdf`)
  fs.writeFileSync(file, bytes)
  return { file, bytes }
}

const codeOf = (text: string) =>
  /Kode verifikasi: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1] ?? ''
async function verify(code: string) {
  const res = await t.request('GET', `/api/public/verify/${code}`)
  expect(res.status, res.text).toBe(200)
  return res.json.data
}

async function signDay(day: string) {
  const submit = await t.request('POST', `${dayPath(day)}/submit`, { token: c.supervisor.token, json: {} })
  expect(submit.status, submit.text).toBe(201)
  const token = (submit.json.data.url as string).split(PUBLIC_PAGE_PREFIXES.sign)[1]
  const contractor = await t.request('POST', `/api/public/sign/${token}`, {
    json: {
      decision: 'setuju',
      name: 'Ir. Budi Santoso',
      position: 'Site Manager',
      signature: await signature(220),
    },
  })
  expect(contractor.status, contractor.text).toBe(200)
  const pengawas = await t.request('POST', `${dayPath(day)}/sign`, {
    token: c.supervisor.token,
    json: { name: 'Pengawas Satu', position: 'Pengawas Lapangan', signature: await signature(10) },
  })
  expect(pengawas.status, pengawas.text).toBe(200)
  const tahu = await t.request('POST', `${dayPath(day)}/sign`, {
    token: c.admin.token,
    json: {
      role: 'mengetahui',
      name: 'Dra. Wulan Sari',
      position: 'Direksi Teknis',
      signature: await signature(140),
    },
  })
  expect(tahu.status, tahu.text).toBe(200)
  expect(tahu.json.data.status).toBe('signed')
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://berkas.firma.co.id', firmName: 'PT Cipta Karya Konsultan' })
  c = await cast(t)
  dir = process.env.DIARY_LOOK_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-diary-'))
  fs.mkdirSync(dir, { recursive: true })
  project = await projectWithMembers(t, c, 'Rehabilitasi Gedung Puskesmas Kecamatan Cibinong')
  const contract = await t.request('PUT', `/api/project/${project.id}/contract`, {
    token: c.admin.token,
    json: {
      number: '027/SPK/PUPR-CK/2026',
      contractor: 'CV Bangun Persada',
      owner: 'Dinas PUPR Kab. Bogor (PPK: Ir. Hendra)',
      value: 1_250_000_000,
    },
  })
  expect(contract.status, contract.text).toBe(200)
  const firm = await t.request('PUT', '/api/settings/firm', {
    token: c.admin.token,
    json: {
      name: 'PT Cipta Karya Konsultan',
      address: 'Jl. Pajajaran 12, Bogor',
      phone: '0251 555 0101',
      signatories: [],
    },
  })
  expect(firm.status, firm.text).toBe(200)
  const logo = await t.request('PUT', '/api/settings/firm/logo', {
    token: c.admin.token,
    body: formWith({ logo: { data: await samplePng(240, 80), name: 'logo.png', type: 'image/png' } }),
  })
  expect(logo.status, logo.text).toBe(200)
  const struktur = await workItem(t, c.admin, project.id, 'Pekerjaan Struktur Beton')
  for (const [i, description] of ['Pengecoran kolom K1 lantai 2', 'Pemasangan bekisting balok'].entries()) {
    const uuid = await uploadDoc(t, c.supervisor, project.slug, {
      description,
      takenAt: `2026-11-30T0${2 + i}:14:00.000Z`,
      workItemId: struktur,
      location: 'Zona B',
    })
    await review(t, c.admin, project.slug, uuid, 'approved')
  }
  const trades = ['Mandor', 'Tukang batu', 'Tukang besi', 'Tukang kayu', 'Pekerja', 'Operator']
  const save = await t.request('PUT', dayPath(DAY), {
    token: c.supervisor.token,
    json: {
      base_version: 0,
      sections: {
        weather: {
          blocks: [
            { from: '07:00', to: '10:00', condition: 'cerah' },
            { from: '10:00', to: '13:00', condition: 'berawan' },
            { from: '13:00', to: '16:00', condition: 'hujan_lebat' },
          ],
          lost_hours: 2.5,
        },
        manpower: trades.map((trade, i) => ({ trade, count: i + 2 })),
        equipment: [
          { name: 'Concrete mixer', count: 2, condition: 'baik', hours: 6 },
          { name: 'Vibrator beton', count: 1, condition: 'rusak' },
        ],
        materials: [
          { name: 'Semen Portland', quantity: 120, unit: 'zak', accepted: true, note: 'SJ 0451' },
          { name: 'Besi D13', quantity: 1.5, unit: 'ton', accepted: false, note: 'Diameter kurang' },
        ],
        work: [
          {
            work_item_id: struktur,
            description: 'Pengecoran kolom K1 lantai 2 as A-D',
            volume: 12.75,
            unit: 'm3',
            progress: 35,
          },
          { description: 'Pembersihan lokasi' },
        ],
        notes: {
          problems: `Hujan lebat pukul 13.00, pengecoran ditunda 2,5 jam\n${LONG_NOTE}`,
          instructions: 'Kontraktor menambah terpal penutup beton segar',
          safety: 'Nihil kecelakaan; APD lengkap',
          visitors: 'Direksi teknis PPK',
        },
      },
    },
  })
  expect(save.status, save.text).toBe(200)
  await signDay(DAY)
})
afterAll(() => t.close())

describe(`the printed diary day (${TEST_DB})`, () => {
  let signedCode = ''
  let signedPdf: Buffer

  it('is made by the queue when first asked for and holds every section, the signers and the code on every page', async () => {
    const { file, bytes } = await madePdf(c.planner.token)
    signedPdf = bytes
    const text = pdfText(file).replace(/\s+/g, ' ')
    for (const words of [
      'LAPORAN HARIAN',
      'Senin, 30 November 2026',
      'PT Cipta Karya Konsultan',
      'Jl. Pajajaran 12, Bogor - Telp. 0251 555 0101',
      'Rehabilitasi Gedung Puskesmas Kecamatan Cibinong',
      '027/SPK/PUPR-CK/2026',
      'CV Bangun Persada',
      'Dinas PUPR Kab. Bogor',
      '1. Cuaca',
      'Hujan lebat',
      'Jam kerja hilang karena hujan: 2,5 jam',
      '2. Tenaga Kerja',
      'Tukang besi',
      'Jumlah tenaga kerja 27',
      '3. Peralatan',
      'Concrete mixer',
      'Rusak',
      '4. Bahan / Material',
      'Semen Portland',
      'Ditolak',
      '5. Pekerjaan yang Dilaksanakan',
      'Pekerjaan Struktur Beton',
      '12,75',
      '6. Catatan',
      'Kontraktor menambah terpal',
      'Nihil kecelakaan',
      'Butir 12: pengiriman beton ready mix terlambat',
      '7. Dokumentasi Foto',
      'Pengecoran kolom K1 lantai 2',
      'Pukul 09.14',
      'Kontraktor Pelaksana',
      'Konsultan Pengawas',
      'Mengetahui',
      'Ir. Budi Santoso',
      'Pengawas Satu',
      'Dra. Wulan Sari',
      'Ditandatangani',
    ])
      expect(text).toContain(words)
    // The letterhead's logo is the first page's first image.
    const images = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file]).toString('utf8')
    expect(images).toMatch(/\n\s*1\s+\d+\s+image\s+240\s+80\b/)
    signedCode = codeOf(text)
    expect(signedCode).not.toBe('')
    const pages = pdfPages(file)
    expect(pages).toBeGreaterThanOrEqual(2)
    expect(text.split(`Kode verifikasi: ${signedCode}`).length - 1).toBe(pages)
    expect(text).toContain(`Halaman ${pages} dari ${pages}`)
  })

  it('answers the same stored file again, without a new job', async () => {
    const res = await getPdf(c.supervisor.token)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(signedPdf)).toBe(true)
  })

  it('is read by every member and no one else', async () => {
    expect((await getPdf(c.outsider.token)).status).toBe(404)
    expect((await getPdf(c.admin.token)).status).toBe(200)
  })

  it('refuses a bad revision and a day in the future in Indonesian', async () => {
    const bad = await getPdf(c.planner.token, '?revision=abc')
    expect(bad.status).toBe(422)
    expect((await bad.json()).message).toBe(PRINT_MSG.revision)
    expect((await getPdf(c.planner.token, '?revision=9')).status).toBe(404)
    const never = await t.app.request(`/api/diary/${project.slug}/day/2026-11-02/pdf`, {
      headers: { authorization: `Bearer ${c.planner.token}` },
    })
    expect(never.status).toBe(404)
    expect((await never.json()).message).toBe(PRINT_MSG.empty)
  })

  it('its code verifies as signed and current on /v/', async () => {
    const v = await verify(signedCode)
    expect(v.valid).toBe(true)
    expect(v.diary.state).toBe('signed')
    expect(v.diary.message).toContain('Laporan harian ini sah: ditandatangani oleh Ir. Budi Santoso')
    expect(v.diary.message).toContain('versi terkini')
    const page = await t.app.request(`/v/${signedCode.toLowerCase()}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Laporan harian sah')
    expect(html).toContain('Dra. Wulan Sari')
  })

  it('after a revision: the signed PDF is still served and its code says superseded', async () => {
    const revise = await t.request('POST', `${dayPath(DAY)}/revise`, {
      token: c.supervisor.token,
      json: { reason: 'Volume pengecoran salah ketik' },
    })
    expect(revise.status, revise.text).toBe(200)
    const old = await getPdf(c.planner.token, '?revision=1')
    expect(old.status).toBe(200)
    expect(Buffer.from(await old.arrayBuffer()).equals(signedPdf)).toBe(true)
    const v = await verify(signedCode)
    expect(v.valid).toBe(false)
    expect(v.diary.state).toBe('superseded')
    expect(v.reason).toMatch(/^Versi ini sudah diganti oleh revisi 2 pada .+Volume pengecoran salah ketik/)
    const page = await (await t.app.request(`/v/${signedCode}`)).text()
    expect(page).toContain('Versi ini sudah diganti oleh revisi 2')

    const { file } = await madePdf(c.planner.token)
    const text = pdfText(file)
    const code = codeOf(text)
    expect(code).not.toBe(signedCode)
    expect(text).toContain('revisi 2: Volume pengecoran salah ketik')
    expect(text).toContain('(belum ditandatangani)')
    const now = await verify(code)
    expect(now.valid).toBe(false)
    expect(now.diary.state).toBe('unsigned')
  })

  it('a print of a state edited since says so', async () => {
    const day = (await t.request('GET', dayPath(DAY), { token: c.supervisor.token })).json.data
    const { file } = await madePdf(c.planner.token)
    const code = codeOf(pdfText(file))
    const save = await t.request('PUT', dayPath(DAY), {
      token: c.supervisor.token,
      json: { base_version: day.version, sections: { notes: { visitors: 'Konsultan perencana' } } },
    })
    expect(save.status, save.text).toBe(200)
    expect((await verify(code)).diary.state).toBe('changed')
  })
})

describe(`Laporan Mingguan (${TEST_DB})`, () => {
  const create = (json: unknown) =>
    t.request('POST', `/api/report/${project.slug}/create`, { token: c.admin.token, json })

  it('refuses a week too long, an unknown kind and an empty week in Indonesian', async () => {
    const long = await create({ kind: 'mingguan', from: '2026-11-20', to: '2026-11-30' })
    expect(long.status).toBe(422)
    expect(long.json.message).toBe(REPORT_MSG.weekTooLong)
    const bad = await create({ kind: 'bulanan', from: '2026-11-30', to: '2026-11-30' })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.kind).toBe(REPORT_MSG.badKind)
    const empty = await create({ kind: 'mingguan', from: '2026-11-16', to: '2026-11-22' })
    expect(empty.status).toBe(422)
    expect(empty.json.message).toBe(REPORT_MSG.weekEmpty)
  })

  it("rolls up the week's diaries: per day and in total, rain, materials, work per item, who signed, photos", async () => {
    const second = '2026-12-01'
    const save = await t.request('PUT', dayPath(second), {
      token: c.supervisor.token,
      json: {
        base_version: 0,
        sections: {
          weather: { blocks: [{ from: '07:00', to: '12:00', condition: 'gerimis' }], lost_hours: 1 },
          manpower: [
            { trade: 'Pekerja', count: 10 },
            { trade: 'Tukang batu', count: 4 },
          ],
          equipment: [{ name: 'Concrete mixer', count: 1, condition: 'baik' }],
          materials: [{ name: 'Pasir beton', quantity: 8, unit: 'm3', accepted: true }],
          work: [{ description: 'Pasangan bata dinding lantai 2', volume: 24, unit: 'm2', progress: 15 }],
        },
      },
    })
    expect(save.status, save.text).toBe(200)
    await signDay(second)
    const res = await create({ kind: 'mingguan', from: '2026-11-30', to: '2026-12-04' })
    expect(res.status, res.text).toBe(202)
    expect(res.json.data.kind).toBe('mingguan')
    expect(res.json.data.title).toMatch(/^Laporan Mingguan - /)
    await t.runJobs()
    const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
    const report = list.json.data.find((r: { id: number }) => r.id === res.json.data.id)
    expect(report.status, report.error).toBe('ready')
    const file = await downloadPdf(t, c.planner.token, project.slug, report.id, dir)
    const text = pdfText(file.file).replace(/\s+/g, ' ')
    for (const words of [
      'LAPORAN MINGGUAN',
      periodLabel('2026-11-30', '2026-12-04'),
      '027/SPK/PUPR-CK/2026',
      '1. Ringkasan Harian',
      'Senin, 30 November 2026',
      'Selasa, 1 Desember 2026',
      'Tidak ada laporan',
      '1 dari 2 hari ditandatangani',
      '2. Tenaga Kerja per Hari',
      'Pekerja',
      // 27 on Monday and 14 on Tuesday.
      'Jumlah 27 14 - - - 41',
      '3. Peralatan per Hari',
      '4. Bahan yang Datang',
      'Pasir beton',
      'Semen Portland',
      '5. Pekerjaan per Item Pekerjaan',
      'Pekerjaan Struktur Beton',
      'Volume minggu ini per item pekerjaan',
      '6. Tanda Tangan Laporan Harian',
      'Ir. Budi Santoso',
      '7. Dokumentasi Foto',
      'Pengecoran kolom K1 lantai 2',
    ])
      expect(text).toContain(words)
    // Rain: 2,5 hours on Monday (its revision keeps the weather) and 1 on Tuesday.
    expect(text).toMatch(/Jumlah 1 dari 2 hari ditandatangani 41 \d+ 3,5/)
    const pages = pdfPages(file.file)
    expect(text.split(`Kode verifikasi: ${report.code}`).length - 1).toBe(pages)
    const v = await verify(report.code)
    expect(v.valid).toBe(true)
    expect(v.diary).toBeUndefined()
  })
})

describe(`a deleted project (${TEST_DB})`, () => {
  it("takes its printed diary days' files with it", async () => {
    const rows = await t.db
      .selectFrom('diary_pdfs')
      .select('blob_key')
      .where('status', '=', 'ready')
      .execute()
    const keys = rows.flatMap((r) => (r.blob_key ? [r.blob_key] : []))
    expect(keys.length).toBeGreaterThan(1)
    for (const key of keys) expect(await t.deps.store.head(key, 'private')).toBeDefined()
    const res = await t.request('DELETE', `/api/project/delete/${project.id}`, { token: c.admin.token })
    expect(res.status, res.text).toBe(200)
    for (const key of keys) expect(await t.deps.store.head(key, 'private')).toBeUndefined()
    expect(await t.db.selectFrom('diary_pdfs').select('id').execute()).toEqual([])
  })
})
