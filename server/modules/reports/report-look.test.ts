import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../../src/contracts/reports'
import { type Cast, cast, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { downloadPdf, pdfPages, pdfText, review, uploadDoc, workItem } from './report-fixtures'

/*
 * What a report looks like with awkward content: text the built-in font cannot show, descriptions too
 * long for their caption, portrait and EXIF-rotated photos, a photo that does not decode. With
 * REPORT_LOOK_DIR set, the PDFs are kept there to be rendered (pdftoppm) and looked at.
 */

let t: TestApp
let c: Cast
let project: { id: number; slug: string }
let dir: string
const LONG =
  'Pengecoran plat lantai 3 zona B dilaksanakan setelah pemeriksaan pembesian oleh pengawas lapangan, ' +
  'slump test 10 cm, benda uji silinder 6 buah diambil dan diberi label, cuaca cerah sepanjang pekerjaan, ' +
  'pekerja 24 orang, concrete pump 1 unit, vibrator 3 unit, selesai pukul 16.40 tanpa kendala berarti.'

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://berkas.firma.co.id', firmName: 'PT Cipta Karya Konsultan' })
  c = await cast(t)
  dir = process.env.REPORT_LOOK_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-look-'))
  fs.mkdirSync(dir, { recursive: true })
  project = await projectWithMembers(t, c, 'Rehabilitasi Gedung Sekolah SDN 03 Kecamatan Cibinong')
  const slug = project.slug
  const struktur = await workItem(t, c.admin, project.id, 'Pekerjaan Struktur Beton Bertulang')
  const atap = await workItem(t, c.admin, project.id, 'Pekerjaan Atap 🏠 屋根')
  const docs = [
    {
      description: LONG,
      takenAt: '2025-05-12T02:14:00.000Z',
      workItemId: struktur,
      progress: 60,
      location: 'Lantai 3 zona B, as 4-7 / C-F, sisi utara dekat tangga darurat dan shaft lift barang',
      lat: -6.4817,
      lng: 106.854,
      accuracy: 12,
    },
    {
      description: 'Bekisting kolom 🚧👷‍♂️ sudah terpasang ✅',
      takenAt: '2025-05-12T03:00:00.000Z',
      workItemId: struktur,
      orientation: 6,
    },
    {
      description: '屋根の工事 rangka baja ringan — naïve façade “kuda-kuda” №5',
      takenAt: '2025-05-13T07:45:00.000Z',
      workItemId: atap,
      progress: 30,
    },
    {
      description: 'Pemasangan genteng metal',
      takenAt: '2025-05-13T08:00:00.000Z',
      workItemId: atap,
      photos: 3,
    },
    { description: 'Foto tanpa waktu pengambilan', takenAt: null },
  ]
  for (const d of docs) {
    const uuid = await uploadDoc(t, c.supervisor, slug, d)
    await review(t, c.admin, slug, uuid, 'approved')
  }
  // A portrait photo: tall in the report, not stretched.
  const tall = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('description', 'Foto potret kolom praktis')
  form.append('work_item_id', String(atap))
  form.append(
    'meta',
    JSON.stringify([{ taken_at: '2025-05-13T09:00:00.000Z', lat: null, lng: null, accuracy_m: null }]),
  )
  form.append('files', new Blob([new Uint8Array(tall)], { type: 'image/jpeg' }), 'potret.jpg')
  const res = await t.request('POST', `/api/doc/${slug}/upload`, { token: c.supervisor.token, body: form })
  await review(t, c.admin, slug, res.json.data.docs[0].uuid, 'approved')
  // No capture time: the upload's day (set back into the period) stands in, and the caption says so.
  await t.db
    .updateTable('docs')
    .set({ created_at: '2025-05-14T04:00:00.000Z' })
    .where('description', '=', 'Foto tanpa waktu pengambilan')
    .execute()
  await t.runJobs()
})
afterAll(async () => {
  await t.close()
  if (!process.env.REPORT_LOOK_DIR) fs.rmSync(dir, { recursive: true, force: true })
})

async function report(body: Record<string, unknown>, name: string) {
  const res = await t.request('POST', `/api/report/${project.slug}/create`, {
    token: c.admin.token,
    json: body,
  })
  expect(res.status, res.text).toBe(202)
  await t.runJobs()
  const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
  const made = (list.json.data as Report[]).find((r) => r.id === res.json.data.id) as Report
  expect(made.status).toBe('ready')
  const { file } = await downloadPdf(t, c.admin.token, project.slug, made.id, dir)
  const named = path.join(dir, `${name}.pdf`)
  fs.renameSync(file, named)
  return { made, file: named }
}

describe(`how a report looks (${TEST_DB})`, () => {
  it('text the font cannot show degrades; long text ends with an ellipsis; pdftotext reads it', async () => {
    const { made, file } = await report({ from: '2025-05-12', to: '2025-05-18', per_page: 4 }, 'look-4')
    const text = pdfText(file)
    // Emoji go, CJK becomes '?', accents and WinAnsi punctuation stay.
    expect(text).toContain('Bekisting kolom sudah terpasang')
    expect(text).toContain('? rangka baja ringan — naïve façade “kuda-kuda” ?5')
    expect(text).toContain('Pekerjaan Atap ?')
    // The long description is cut (two lines and an ellipsis), never over the next caption.
    expect(text).toContain('Pengecoran plat lantai 3 zona B')
    expect(text).not.toContain('tanpa kendala berarti')
    expect(text).toContain('…')
    expect(text).toContain('Diunggah 14 Mei 2025 11.00 WIB')
    expect(pdfPages(file)).toBe(made.pages)
    // The configured firm and the absolute verification address (PUBLIC_URL) on every page.
    expect(text).toContain('PT Cipta Karya Konsultan')
    expect(text.split(`${made.code} - periksa di https://berkas.firma.co.id/v/${made.code}`).length - 1).toBe(
      made.pages,
    )
    expect(made.size_bytes).toBeLessThan(made.photo_count * 150 * 1024)
  })

  it('2 and 6 per page, and every status', async () => {
    const two = await report({ from: '2025-05-12', to: '2025-05-18', per_page: 2 }, 'look-2')
    const six = await report(
      { from: '2025-05-12', to: '2025-05-18', per_page: 6, include: 'all' },
      'look-6-all',
    )
    expect(pdfText(two.file)).toContain('Lantai 3 zona B')
    expect(pdfText(six.file)).toContain('Status: Disetujui')
  })
})
