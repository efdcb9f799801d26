import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, formWith, samplePng, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ firmName: 'PT Bawaan Lingkungan' })
})
afterAll(() => t.close())

const VALID = {
  name: 'PT Cipta Konsultan',
  address: 'Jl. Merdeka 10, Bandung',
  phone: '(022) 555-0101',
  signatories: [
    { label: 'Dibuat oleh', name: 'Rina Putri', title: 'Inspector' },
    { label: 'Disetujui oleh', name: 'Ir. Budi Santoso', title: 'Team Leader' },
  ],
}

const logoForm = (data: Buffer, name = 'logo.png', type = 'image/png') =>
  formWith({ logo: { data, name, type } })

describe('firm settings', () => {
  it('reads FIRM_NAME and nothing else before an admin saved, for every signed-in user', async () => {
    const worker = await t.user('pengawasan')
    const res = await t.request('GET', '/api/settings/firm', { token: worker.token })
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual({
      name: 'PT Bawaan Lingkungan',
      address: '',
      phone: '',
      signatories: [],
      logo_url: null,
      updated_at: null,
      // The diary reminder's default hour (decision 0092).
      diary_reminder_hour: 16,
    })
  })

  it('saves what an admin sets (trimmed), and every user reads it', async () => {
    const admin = await t.user('admin')
    const saved = await t.request('PUT', '/api/settings/firm', {
      token: admin.token,
      json: { ...VALID, name: '  PT Cipta Konsultan ' },
    })
    expect(saved.status).toBe(200)
    expect(saved.json.message).toBe('Pengaturan firma berhasil disimpan')
    expect(saved.json.data).toMatchObject(VALID)
    const worker = await t.user('perencanaan')
    const read = await t.request('GET', '/api/settings/firm', { token: worker.token })
    expect(read.json.data).toMatchObject({ ...VALID, logo_url: null })
    expect(read.json.data.updated_at).toEqual(expect.any(String))
  })

  it('refuses employees (403) and lets the superadmin set the office up', async () => {
    const worker = await t.user('pengawasan')
    const refused = await t.request('PUT', '/api/settings/firm', { token: worker.token, json: VALID })
    expect(refused.status).toBe(403)
    const superadmin = await t.user('superadmin')
    const ok = await t.request('PUT', '/api/settings/firm', { token: superadmin.token, json: VALID })
    expect(ok.status).toBe(200)
  })

  it('answers 422 with Indonesian field messages', async () => {
    const admin = await t.user('admin')
    const put = (json: unknown) => t.request('PUT', '/api/settings/firm', { token: admin.token, json })
    const empty = await put({ ...VALID, name: '   ' })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({ name: 'Nama firma harus diisi' })
    const long = await put({ ...VALID, name: 'x'.repeat(121), phone: 'telepon saya' })
    expect(long.json.errors).toEqual({
      name: 'Nama firma terlalu panjang (maks. 120 karakter)',
      phone: 'Nomor telepon hanya boleh berisi angka, spasi, +, -, ( dan )',
    })
    const five = Array.from({ length: 5 }, () => VALID.signatories[0])
    expect((await put({ ...VALID, signatories: five })).json.errors).toEqual({
      signatories: 'Paling banyak 4 penanda tangan',
    })
    const unnamed = await put({ ...VALID, signatories: [{ label: 'Diperiksa oleh', name: '', title: '' }] })
    expect(unnamed.json.errors).toEqual({ 'signatories.0.name': 'Nama penanda tangan harus diisi' })
    const notList = await put({ ...VALID, signatories: 'Budi' })
    expect(notList.status).toBe(422)
    expect(notList.json.errors.signatories).toBe('Daftar penanda tangan tidak valid')
  })
})

describe('firm logo', () => {
  it('stores a PNG or JPEG as a public image, replaces and removes it', async () => {
    const admin = await t.user('admin')
    const png = await t.request('PUT', '/api/settings/firm/logo', {
      token: admin.token,
      body: logoForm(await samplePng(300, 120)),
    })
    expect(png.status).toBe(200)
    expect(png.json.message).toBe('Logo firma berhasil diperbarui')
    const first: string = png.json.data.logo_url
    expect(first).toMatch(/^\/storage\/[\w-]+\.png$/)
    const served = await t.app.request(first)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([300, 120])

    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer()
    const replaced = await t.request('PUT', '/api/settings/firm/logo', {
      token: admin.token,
      body: logoForm(jpeg, 'logo.jpg', 'image/jpeg'),
    })
    expect(replaced.status).toBe(200)
    expect(replaced.json.data.logo_url).not.toBe(first)
    // The replaced logo is gone from the store.
    expect((await t.app.request(first)).status).toBe(404)

    const worker = await t.user('pengawasan')
    expect((await t.request('DELETE', '/api/settings/firm/logo', { token: worker.token })).status).toBe(403)
    const removed = await t.request('DELETE', '/api/settings/firm/logo', { token: admin.token })
    expect(removed.status).toBe(200)
    expect(removed.json.data.logo_url).toBeNull()
    expect((await t.app.request(replaced.json.data.logo_url)).status).toBe(404)
  })

  it('refuses other kinds by their bytes (415) and files over 1 MB (413), in Indonesian', async () => {
    const admin = await t.user('admin')
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer()
    const wrong = await t.request('PUT', '/api/settings/firm/logo', {
      token: admin.token,
      body: logoForm(webp, 'logo.png', 'image/png'),
    })
    expect(wrong.status).toBe(415)
    expect(wrong.json.message).toBe('Logo harus berupa gambar PNG atau JPEG')

    const big = Buffer.concat([await samplePng(), randomBytes(1024 * 1024 + 10)])
    const tooBig = await t.request('PUT', '/api/settings/firm/logo', {
      token: admin.token,
      body: logoForm(big, 'besar.png'),
    })
    expect(tooBig.status).toBe(413)
    expect(tooBig.json.message).toBe('Ukuran file besar.png melebihi batas 1 MB')
    const now = await t.request('GET', '/api/settings/firm', { token: admin.token })
    expect(now.json.data.logo_url).toBeNull()
  })
})
