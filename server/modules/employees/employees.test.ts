import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainEvent } from '../../events'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['user']>>
const events: DomainEvent[] = []
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.user('admin')
  t.deps.events.subscribe((e) => {
    events.push(e)
  })
})
afterAll(() => t.close())

let n = 0
const employee = (role = 'pengawasan') => {
  n += 1
  return {
    name: `Karyawan ${n}`,
    email: `karyawan${n}@berkas.test`,
    password: 'rahasia-karyawan',
    phone: '0813111122223',
    role,
  }
}
async function createEmployee(role = 'pengawasan') {
  const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
    token: admin.token,
    json: employee(role),
  })
  expect(res.status).toBe(201)
  return res.json.data as { id: number; email: string }
}
const nonAdmins = ['superadmin', 'perencanaan', 'pengawasan'] as const

describe('POST /api/employee/create/{id}', () => {
  it('requires auth', async () => {
    expect((await t.request('POST', `/api/employee/create/${admin.id}`, { json: employee() })).status).toBe(
      401,
    )
  })
  it.each(nonAdmins)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    expect(
      (await t.request('POST', `/api/employee/create/${u.id}`, { token: u.token, json: employee() })).status,
    ).toBe(403)
  })
  it("answers 403 when the path id is another user's id", async () => {
    const other = await t.user('admin')
    const res = await t.request('POST', `/api/employee/create/${other.id}`, {
      token: admin.token,
      json: employee(),
    })
    expect(res.status).toBe(403)
  })
  it('creates employees of both roles, who can log in, and announces them', async () => {
    for (const role of ['perencanaan', 'pengawasan']) {
      const body = employee(role)
      const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
        token: admin.token,
        json: body,
      })
      expect(res.status).toBe(201)
      expect(res.json.message).toBe('Karyawan berhasil ditambahkan')
      expect(res.json.data).toMatchObject({ name: body.name, email: body.email, role, is_active: true })
      expect(
        (await t.request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } }))
          .status,
      ).toBe(200)
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'employee_added', userId: res.json.data.id, role }),
      )
    }
  })
  it('allows an empty phone (the form has no rule for it)', async () => {
    const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { ...employee(), phone: '' },
    })
    expect(res.status).toBe(201)
    expect(res.json.data.phone).toBeNull()
  })
  it('validates every field with the form messages', async () => {
    const empty = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { name: ' ', email: '', password: '', role: '' },
    })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({
      name: 'Nama tidak boleh kosong',
      email: 'Email tidak boleh kosong',
      password: 'Password tidak boleh kosong',
      role: 'Peran harus dipilih',
    })
    const bad = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { ...employee(), email: 'salah', password: 'pendek' },
    })
    expect(bad.json.errors).toEqual({
      email: 'Format email tidak valid',
      password: 'Password minimal 8 karakter',
    })
    const missing = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: {},
    })
    expect(missing.json.errors).toEqual(empty.json.errors)
    const asAdmin = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { ...employee(), role: 'admin' },
    })
    expect(asAdmin.status).toBe(422)
    expect(asAdmin.json.errors).toEqual({ role: 'Peran harus dipilih' })
  })
  it('answers 409 for a taken email', async () => {
    const e = await createEmployee()
    const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { ...employee(), email: e.email },
    })
    expect(res.status).toBe(409)
    expect(res.json.errors.email).toBe('Email sudah terdaftar')
  })
})

describe('GET /api/employee/list', () => {
  it('requires auth', async () => {
    expect((await t.request('GET', '/api/employee/list')).status).toBe(401)
  })
  it.each(nonAdmins)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    expect((await t.request('GET', '/api/employee/list', { token: u.token })).status).toBe(403)
  })
  it('lists live employees only (no admins, no removed)', async () => {
    const kept = await createEmployee('perencanaan')
    const removed = await createEmployee()
    await t.request('DELETE', `/api/employee/remove/${removed.id}`, { token: admin.token })
    const res = await t.request('GET', '/api/employee/list', { token: admin.token })
    expect(res.status).toBe(200)
    const ids = res.json.data.map((u: { id: number }) => u.id)
    expect(ids).toContain(kept.id)
    expect(ids).not.toContain(removed.id)
    expect(ids).not.toContain(admin.id)
    expect(res.json.data.every((u: { role: string }) => ['perencanaan', 'pengawasan'].includes(u.role))).toBe(
      true,
    )
  })
})

describe('PUT /api/employee/update/{id}', () => {
  it('requires auth', async () => {
    expect((await t.request('PUT', '/api/employee/update/1', { json: {} })).status).toBe(401)
  })
  it.each(nonAdmins)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    const e = await createEmployee()
    expect(
      (
        await t.request('PUT', `/api/employee/update/${e.id}`, {
          token: u.token,
          json: { name: 'X', email: 'x@y.co', role: 'pengawasan' },
        })
      ).status,
    ).toBe(403)
  })
  it('updates name, email, phone and role but never the password', async () => {
    const e = await createEmployee('pengawasan')
    const res = await t.request('PUT', `/api/employee/update/${e.id}`, {
      token: admin.token,
      json: {
        name: 'Nama Diubah',
        email: 'diubah@berkas.test',
        phone: '0899',
        role: 'perencanaan',
        password: 'diabaikan-saja',
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Karyawan berhasil diperbarui')
    expect(res.json.data).toMatchObject({
      name: 'Nama Diubah',
      email: 'diubah@berkas.test',
      phone: '0899',
      role: 'perencanaan',
    })
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          json: { email: 'diubah@berkas.test', password: 'rahasia-karyawan' },
        })
      ).status,
    ).toBe(200)
  })
  it('validates, refuses a taken email and 404s for non-employees', async () => {
    const a = await createEmployee()
    const b = await createEmployee()
    const invalid = await t.request('PUT', `/api/employee/update/${a.id}`, {
      token: admin.token,
      json: { name: '', email: 'x', role: 'bos' },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.json.errors).toEqual({
      name: 'Nama tidak boleh kosong',
      email: 'Format email tidak valid',
      role: 'Peran harus dipilih',
    })
    const taken = await t.request('PUT', `/api/employee/update/${a.id}`, {
      token: admin.token,
      json: { name: 'A', email: b.email, role: 'pengawasan' },
    })
    expect(taken.status).toBe(409)
    const other = await t.user('admin')
    expect(
      (
        await t.request('PUT', `/api/employee/update/${other.id}`, {
          token: admin.token,
          json: { name: 'A', email: 'q@q.co', role: 'pengawasan' },
        })
      ).status,
    ).toBe(404)
  })
})

describe('PATCH /api/employee/set-active/{id}/{flag}', () => {
  it('requires auth', async () => {
    expect((await t.request('PATCH', '/api/employee/set-active/1/false')).status).toBe(401)
  })
  it.each(nonAdmins)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    const e = await createEmployee()
    expect(
      (await t.request('PATCH', `/api/employee/set-active/${e.id}/false`, { token: u.token })).status,
    ).toBe(403)
  })
  it('deactivates (login fails, sessions die) and reactivates with the SPEC messages', async () => {
    const body = employee()
    const created = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: body,
    })
    const id = created.json.data.id
    const login = await t.request('POST', '/api/auth/login', {
      json: { email: body.email, password: body.password },
    })
    const off = await t.request('PATCH', `/api/employee/set-active/${id}/false`, { token: admin.token })
    expect(off.status).toBe(200)
    expect(off.json.message).toBe('Karyawan berhasil dinonaktifkan')
    expect(off.json.data.is_active).toBe(false)
    expect((await t.request('GET', '/api/user/me', { token: login.json.data.token })).status).toBe(401)
    const denied = await t.request('POST', '/api/auth/login', {
      json: { email: body.email, password: body.password },
    })
    // The right password of a deactivated account is told so (issue 32).
    expect(denied.status).toBe(403)
    expect(denied.json.message).toBe('Akun Anda dinonaktifkan. Hubungi admin.')
    const on = await t.request('PATCH', `/api/employee/set-active/${id}/true`, { token: admin.token })
    expect(on.json.message).toBe('Karyawan berhasil diaktifkan')
    expect(
      (await t.request('POST', '/api/auth/login', { json: { email: body.email, password: body.password } }))
        .status,
    ).toBe(200)
  })
  it('answers 400 for a flag that is not true or false', async () => {
    const e = await createEmployee()
    expect(
      (await t.request('PATCH', `/api/employee/set-active/${e.id}/maybe`, { token: admin.token })).status,
    ).toBe(400)
  })
})

describe('DELETE /api/employee/remove/{id}', () => {
  it('requires auth', async () => {
    expect((await t.request('DELETE', '/api/employee/remove/1')).status).toBe(401)
  })
  it.each(nonAdmins)('requires access: %s gets 403', async (role) => {
    const u = await t.user(role)
    const e = await createEmployee()
    expect((await t.request('DELETE', `/api/employee/remove/${e.id}`, { token: u.token })).status).toBe(403)
  })
  it('removes the employee but keeps the row for authorship', async () => {
    const e = await createEmployee()
    const res = await t.request('DELETE', `/api/employee/remove/${e.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Karyawan berhasil dihapus')
    const row = await t.db
      .selectFrom('users')
      .select(['name', 'deleted_at'])
      .where('id', '=', e.id)
      .executeTakeFirst()
    expect(row?.name).toMatch(/^Karyawan/)
    expect(row?.deleted_at).not.toBeNull()
    expect((await t.request('DELETE', `/api/employee/remove/${e.id}`, { token: admin.token })).status).toBe(
      404,
    )
  })
})
