import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scratchDir as stagingDir } from '../../base/scratch'
import { createTestApp, formWith, samplePng, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/user/me', () => {
  it('requires auth', async () => {
    expect((await t.request('GET', '/api/user/me')).status).toBe(401)
  })
  it('returns the current user without secrets', async () => {
    const u = await t.user('pengawasan', { name: 'Sari Dewi' })
    const res = await t.request('GET', '/api/user/me', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual({
      id: u.id,
      name: 'Sari Dewi',
      email: u.email,
      phone: '081234567890',
      role: 'pengawasan',
      avatar: null,
      is_active: true,
      created_at: u.created_at,
      // What the policy lets a pengawasan do firm-wide: their projects and the bell, nothing of the office's.
      can: {
        manage_admins: false,
        manage_employees: false,
        projects: true,
        all_projects: false,
        create_projects: false,
        notifications: true,
        whatsapp: false,
        settings: false,
      },
    })
  })

  it('says what each role may do firm-wide, as the access policy decides (docs/access.md)', async () => {
    const canOf = async (role: 'superadmin' | 'admin' | 'perencanaan') => {
      const u = await t.user(role)
      return (await t.request('GET', '/api/user/me', { token: u.token })).json.data.can
    }
    expect(await canOf('superadmin')).toEqual({
      manage_admins: true,
      manage_employees: false,
      projects: false,
      all_projects: false,
      create_projects: false,
      notifications: false,
      whatsapp: false,
      settings: true,
    })
    expect(await canOf('admin')).toEqual({
      manage_admins: false,
      manage_employees: true,
      projects: true,
      all_projects: true,
      create_projects: true,
      notifications: true,
      whatsapp: true,
      settings: true,
    })
    expect(await canOf('perencanaan')).toMatchObject({ projects: true, all_projects: false, settings: false })
  })
  it('stops answering once the user is deactivated', async () => {
    const u = await t.user('perencanaan')
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', u.id).execute()
    expect((await t.request('GET', '/api/user/me', { token: u.token })).status).toBe(401)
  })
})

describe('PUT /api/user/update', () => {
  it('requires auth', async () => {
    expect(
      (await t.request('PUT', '/api/user/update', { json: { name: 'Nama Baru', phone: '0812345678901' } }))
        .status,
    ).toBe(401)
  })
  it('updates name and phone only; the email cannot change', async () => {
    const u = await t.user('admin')
    const res = await t.request('PUT', '/api/user/update', {
      token: u.token,
      json: { name: '  Andi Wijaya ', phone: '0811222333444', email: 'lain@berkas.test', role: 'superadmin' },
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Profil berhasil diperbarui')
    expect(res.json.data).toMatchObject({
      name: 'Andi Wijaya',
      phone: '0811222333444',
      email: u.email,
      role: 'admin',
    })
  })
  it('validates with the profile messages', async () => {
    const u = await t.user('admin')
    const empty = await t.request('PUT', '/api/user/update', {
      token: u.token,
      json: { name: ' ', phone: '' },
    })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({ name: 'Nama harus diisi', phone: 'Nomor telepon harus diisi' })
    const short = await t.request('PUT', '/api/user/update', {
      token: u.token,
      json: { name: 'Al', phone: '0812' },
    })
    expect(short.json.errors).toEqual({
      name: 'Nama minimal 3 karakter',
      phone: 'Nomor telepon minimal 10 karakter',
    })
    const types = await t.request('PUT', '/api/user/update', {
      token: u.token,
      json: { name: 123, phone: null },
    })
    expect(types.status).toBe(422)
    // A right-to-left override in a name reorders how it is shown ('Budi\u202enimdA' reads 'BudiAdmin').
    for (const name of ['Budi\u202enimdA', 'Sari\u2066 Admin', 'Tono\u202a'])
      expect(
        (
          await t.request('PUT', '/api/user/update', {
            token: u.token,
            json: { name, phone: '081234567890' },
          })
        ).json.errors,
      ).toEqual({ name: 'Teks berisi karakter yang tidak diperbolehkan' })
  })
})

describe('PATCH /api/user/update-avatar', () => {
  it('requires auth', async () => {
    const form = formWith({ avatar: { data: await samplePng(), name: 'a.png', type: 'image/png' } })
    expect((await t.request('PATCH', '/api/user/update-avatar', { body: form })).status).toBe(401)
  })
  it('stores a re-encoded avatar under an unguessable /storage/ path that serves the image', async () => {
    const u = await t.user('pengawasan')
    const form = formWith({
      avatar: { data: await samplePng(600, 400), name: 'foto saya.png', type: 'image/png' },
    })
    const res = await t.request('PATCH', '/api/user/update-avatar', { token: u.token, body: form })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Foto profil berhasil diperbarui')
    expect(res.json.data.avatar).toMatch(/^\/storage\/[0-9a-f-]{36}\.webp$/)
    const img = await t.app.request(res.json.data.avatar)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/webp')
    const me = await t.request('GET', '/api/user/me', { token: u.token })
    expect(me.json.data.avatar).toBe(res.json.data.avatar)

    // A second upload replaces the first and removes its blob.
    const again = await t.request('PATCH', '/api/user/update-avatar', {
      token: u.token,
      body: formWith({ avatar: { data: await samplePng(), name: 'b.png', type: 'image/png' } }),
    })
    expect(again.status).toBe(200)
    expect((await t.app.request(res.json.data.avatar)).status).toBe(404)
  })
  it('refuses non-images with the SPEC message and leaves no temp file behind', async () => {
    const u = await t.user('pengawasan')
    const form = formWith({
      avatar: { data: Buffer.from('%PDF-1.4 bukan gambar'), name: 'cv.pdf', type: 'application/pdf' },
    })
    const res = await t.request('PATCH', '/api/user/update-avatar', { token: u.token, body: form })
    expect(res.status).toBe(415)
    expect(res.json.message).toBe('File harus berupa gambar (JPG, PNG, dll)')
    const liar = formWith({
      avatar: { data: Buffer.from('not really a png'), name: 'x.png', type: 'image/png' },
    })
    const res2 = await t.request('PATCH', '/api/user/update-avatar', { token: u.token, body: liar })
    expect(res2.status).toBe(415)
    expect(fs.readdirSync(stagingDir(t.dataDir))).toEqual([])
  })
  it('answers 422 without a file, 415 for a JSON body, 413 above the size limit', async () => {
    const u = await t.user('admin')
    const none = await t.request('PATCH', '/api/user/update-avatar', {
      token: u.token,
      body: formWith({ other: 'x' }),
    })
    expect(none.status).toBe(422)
    const json = await t.request('PATCH', '/api/user/update-avatar', {
      token: u.token,
      json: { avatar: 'x' },
    })
    expect(json.status).toBe(415)
    const big = formWith({
      // Image bytes first, so the size (not the kind) is what gets refused.
      avatar: {
        data: Buffer.concat([await samplePng(), Buffer.alloc(6 * 1024 * 1024, 1)]),
        name: 'besar.png',
        type: 'image/png',
      },
    })
    const res = await t.request('PATCH', '/api/user/update-avatar', { token: u.token, body: big })
    expect(res.status).toBe(413)
    expect(fs.readdirSync(stagingDir(t.dataDir))).toEqual([])
  })
})

describe('PATCH /api/user/update-password', () => {
  const body = (current: string, next: string, confirm = next) => ({
    current_password: current,
    new_password: next,
    confirm_new_password: confirm,
  })

  it('requires auth', async () => {
    expect((await t.request('PATCH', '/api/user/update-password', { json: body('a', 'b') })).status).toBe(401)
  })
  it('validates with the password-change messages', async () => {
    const u = await t.user('admin')
    const empty = await t.request('PATCH', '/api/user/update-password', {
      token: u.token,
      json: body('', '', ''),
    })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({
      current_password: 'Password saat ini harus diisi',
      new_password: 'Password baru harus diisi',
      confirm_new_password: 'Konfirmasi password harus diisi',
    })
    const missing = await t.request('PATCH', '/api/user/update-password', { token: u.token, json: {} })
    expect(missing.json.errors).toEqual(empty.json.errors)
    const short = await t.request('PATCH', '/api/user/update-password', {
      token: u.token,
      json: body(u.password, 'pendek', 'pendek'),
    })
    expect(short.json.errors.new_password).toBe('Password baru minimal 8 karakter')
    const mismatch = await t.request('PATCH', '/api/user/update-password', {
      token: u.token,
      json: body(u.password, 'password-baru-1', 'password-baru-2'),
    })
    expect(mismatch.json.errors).toEqual({ confirm_new_password: 'Konfirmasi password tidak cocok' })
    const wrong = await t.request('PATCH', '/api/user/update-password', {
      token: u.token,
      json: body('bukan-password', 'password-baru-1'),
    })
    expect(wrong.status).toBe(422)
    expect(wrong.json.errors).toEqual({ current_password: 'Password saat ini salah' })
  })
  it('guesses of the current password meet the login limit: 429 with Retry-After, the right one waits too', async () => {
    const u = await t.user('pengawasan')
    const limit = t.deps.config.loginLimit.perPair
    for (let i = 0; i < limit; i++) {
      const wrong = await t.request('PATCH', '/api/user/update-password', {
        token: u.token,
        json: body(`tebakan-${i}`, 'password-baru-1'),
      })
      expect(wrong.status).toBe(422)
    }
    const limited = await t.request('PATCH', '/api/user/update-password', {
      token: u.token,
      json: body(u.password, 'password-baru-1'),
    })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(limited.json.message).toMatch(/^Terlalu banyak percobaan/)
    // Nothing changed: the old password still signs in.
    expect(
      (await t.request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })).status,
    ).toBe(200)
  })

  it('changes the password, revokes every old session and hands back a fresh token', async () => {
    const u = await t.user('perencanaan')
    const other = await t.request('POST', '/api/auth/login', {
      json: { email: u.email, password: u.password },
    })
    const res = await t.request('PATCH', '/api/user/update-password', {
      token: u.token,
      json: body(u.password, 'password-baru-123'),
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Password berhasil diperbarui')
    expect((await t.request('GET', '/api/user/me', { token: u.token })).status).toBe(401)
    expect((await t.request('GET', '/api/user/me', { token: other.json.data.token })).status).toBe(401)
    expect((await t.request('GET', '/api/user/me', { token: res.json.data.token })).status).toBe(200)
    expect(
      (await t.request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })).status,
    ).toBe(401)
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          json: { email: u.email, password: 'password-baru-123' },
        })
      ).status,
    ).toBe(200)
  })
})
