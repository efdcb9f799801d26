import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let superadmin: Awaited<ReturnType<TestApp['user']>>
beforeAll(async () => {
  t = await createTestApp()
  superadmin = await t.user('superadmin')
})
afterAll(() => t.close())

const validAdmin = (n: number) => ({
  name: `Admin Nomor ${n}`,
  email: `admin.baru${n}@berkas.test`,
  password: 'rahasia-admin',
  phone: '081298765432',
})
const others = ['admin', 'perencanaan', 'pengawasan'] as const

describe('POST /api/admin/create', () => {
  it('requires auth', async () => {
    expect((await t.request('POST', '/api/admin/create', { json: validAdmin(0) })).status).toBe(401)
  })
  it.each(others)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    const res = await t.request('POST', '/api/admin/create', { token: u.token, json: validAdmin(99) })
    expect(res.status).toBe(403)
    expect(res.json.success).toBe(false)
  })
  it('creates an admin who can log in', async () => {
    const res = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: { ...validAdmin(1), email: 'Admin.Baru1@Berkas.test' },
    })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Admin berhasil ditambahkan')
    expect(res.json.data).toMatchObject({
      name: 'Admin Nomor 1',
      email: 'admin.baru1@berkas.test',
      role: 'admin',
      is_active: true,
    })
    const login = await t.request('POST', '/api/auth/login', {
      json: { email: 'admin.baru1@berkas.test', password: 'rahasia-admin' },
    })
    expect(login.status).toBe(200)
    expect(login.json.data.role).toBe('admin')
  })
  it('validates every field with the dialog messages', async () => {
    const empty = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: { name: '', email: '', password: '', phone: '' },
    })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({
      name: 'Nama harus diisi',
      email: 'Email harus diisi',
      password: 'Password harus diisi',
      phone: 'Nomor telepon harus diisi',
    })
    const short = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: { name: 'Al', email: 'bukan@email', password: 'pendek', phone: '0812' },
    })
    expect(short.json.errors).toEqual({
      name: 'Nama minimal 3 karakter',
      email: 'Email tidak valid',
      password: 'Password minimal 8 karakter',
      phone: 'Nomor telepon minimal 10 karakter',
    })
    const missing = await t.request('POST', '/api/admin/create', { token: superadmin.token, json: {} })
    expect(missing.status).toBe(422)
    expect(missing.json.errors).toEqual(empty.json.errors)
  })
  it('answers 409 for an email already in use', async () => {
    await t.request('POST', '/api/admin/create', { token: superadmin.token, json: validAdmin(2) })
    const res = await t.request('POST', '/api/admin/create', { token: superadmin.token, json: validAdmin(2) })
    expect(res.status).toBe(409)
    expect(res.json.errors).toEqual({ email: 'Email sudah terdaftar' })
  })
  it('replays a repeated Idempotency-Key instead of creating twice', async () => {
    const headers = { 'idempotency-key': '7f1c7f57-1b4f-4e55-9d0b-2a3c1f0e9a11' }
    const first = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: validAdmin(3),
      headers,
    })
    const second = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: validAdmin(3),
      headers,
    })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.json).toEqual(first.json)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const bad = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: validAdmin(4),
      headers: { 'idempotency-key': 'x' },
    })
    expect(bad.status).toBe(400)
  })
})

describe('GET /api/admin/list', () => {
  it('requires auth', async () => {
    expect((await t.request('GET', '/api/admin/list')).status).toBe(401)
  })
  it.each(others)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    expect((await t.request('GET', '/api/admin/list', { token: u.token })).status).toBe(403)
  })
  it('lists only live admins, newest first', async () => {
    const res = await t.request('GET', '/api/admin/list', { token: superadmin.token })
    expect(res.status).toBe(200)
    expect(res.json.data.length).toBeGreaterThan(0)
    expect(res.json.data.every((u: { role: string }) => u.role === 'admin')).toBe(true)
    const dates = res.json.data.map((u: { created_at: string }) => u.created_at)
    expect([...dates].sort().reverse()).toEqual(dates)
  })
})

describe('DELETE /api/admin/remove/{id}', () => {
  it('requires auth', async () => {
    expect((await t.request('DELETE', '/api/admin/remove/1')).status).toBe(401)
  })
  it.each(others)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    const victim = await t.user('admin')
    expect((await t.request('DELETE', `/api/admin/remove/${victim.id}`, { token: u.token })).status).toBe(403)
  })
  it('removes the admin: gone from the list, cannot log in, token dead, email reusable', async () => {
    const victim = await t.user('admin')
    const res = await t.request('DELETE', `/api/admin/remove/${victim.id}`, { token: superadmin.token })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Admin berhasil dihapus')
    const list = await t.request('GET', '/api/admin/list', { token: superadmin.token })
    expect(list.json.data.find((u: { id: number }) => u.id === victim.id)).toBeUndefined()
    expect((await t.request('GET', '/api/user/me', { token: victim.token })).status).toBe(401)
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          json: { email: victim.email, password: victim.password },
        })
      ).status,
    ).toBe(401)
    const again = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: { ...validAdmin(5), email: victim.email },
    })
    expect(again.status).toBe(201)
  })
  it('answers 404 for a non-admin, absent or malformed id', async () => {
    const emp = await t.user('pengawasan')
    expect(
      (await t.request('DELETE', `/api/admin/remove/${emp.id}`, { token: superadmin.token })).status,
    ).toBe(404)
    expect(
      (await t.request('DELETE', `/api/admin/remove/${superadmin.id}`, { token: superadmin.token })).status,
    ).toBe(404)
    expect((await t.request('DELETE', '/api/admin/remove/999999', { token: superadmin.token })).status).toBe(
      404,
    )
    expect((await t.request('DELETE', '/api/admin/remove/abc', { token: superadmin.token })).status).toBe(404)
    // Beyond a 32-bit id (PostgreSQL serial) the id cannot exist: 404, not a database error.
    expect(
      (await t.request('DELETE', '/api/admin/remove/99999999999', { token: superadmin.token })).status,
    ).toBe(404)
  })
})
