import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../src/contracts/common'
import { createApp } from './app'
import { assertCleanInput } from './http'
import { createLogger } from './logger'
import { createTestApp, listen, TEST_DB, type TestApp } from './test/harness'

/** Inputs a hostile-input run found answering 500 (PostgreSQL) or blocking the server; each must be a 4xx. */

let t: TestApp
let superadmin: Awaited<ReturnType<TestApp['user']>>
let admin: Awaited<ReturnType<TestApp['user']>>

beforeAll(async () => {
  t = await createTestApp()
  superadmin = await t.user('superadmin')
  admin = await t.user('admin')
})
afterAll(() => t.close())

const NUL = '\u0000'

describe(`control characters in bodies (${TEST_DB})`, () => {
  const adminBody = {
    name: 'Admin Baru',
    email: 'baru@berkas.test',
    password: 'rahasia-123',
    phone: '081234567890',
  }
  const employeeBody = { ...adminBody, role: 'pengawasan' }

  it.each([
    ['name', { ...adminBody, name: `Admin${NUL}Baru` }],
    ['phone', { ...adminBody, phone: `0812345${NUL}67890` }],
    ['email', { ...adminBody, email: `baru${NUL}@berkas.test` }],
    ['password', { ...adminBody, password: `rahasia${NUL}123` }],
  ])('admin create: NUL in %s is a 422 with an Indonesian field error', async (field, json) => {
    const res = await t.request('POST', '/api/admin/create', { token: superadmin.token, json })
    expect(res.status).toBe(422)
    expect(res.json.success).toBe(false)
    expect(res.json.errors[field]).toMatch(/tidak|karakter/)
  })

  it('employee create and update, profile, password change and login refuse NUL with 422', async () => {
    const created = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { ...employeeBody, name: `Budi${NUL}` },
    })
    expect(created.status).toBe(422)
    expect(created.json.errors.name).toBe(MSG.controlChars)

    const ok = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: employeeBody,
    })
    expect(ok.status).toBe(201)
    const update = await t.request('PUT', `/api/employee/update/${ok.json.data.id}`, {
      token: admin.token,
      json: { ...employeeBody, phone: `08${NUL}` },
    })
    expect(update.status).toBe(422)
    expect(update.json.errors.phone).toBe(MSG.controlChars)

    const profile = await t.request('PUT', '/api/user/update', {
      token: admin.token,
      json: { name: `Nama${NUL}Saya`, phone: '081234567890' },
    })
    expect(profile.status).toBe(422)
    expect(profile.json.errors.name).toBe(MSG.controlChars)

    const password = await t.request('PATCH', '/api/user/update-password', {
      token: admin.token,
      json: {
        current_password: `x${NUL}`,
        new_password: 'rahasia-baru',
        confirm_new_password: 'rahasia-baru',
      },
    })
    expect(password.status).toBe(422)

    for (const json of [
      { email: `a${NUL}@b.id`, password: 'rahasia' },
      { email: 'a@b.id', password: `rahasia${NUL}` },
    ]) {
      const login = await t.request('POST', '/api/auth/login', { json })
      expect(login.status).toBe(422)
      expect(login.json.message).toMatch(/tidak/)
    }
  })

  it('project create: NUL or another control character in the name or description is a 422', async () => {
    for (const json of [
      { name: `Proyek${NUL}`, description: 'Deskripsi' },
      { name: 'Proyek', description: `Deskripsi${NUL}` },
      { name: 'Proyek\u001b[31m', description: 'Deskripsi' },
      { name: 'Proyek\ud800', description: 'Deskripsi' },
      { name: 'Baris\nbaru', description: 'Deskripsi' },
    ]) {
      const res = await t.request('POST', '/api/project/create', { token: admin.token, json })
      expect(res.status, JSON.stringify(json)).toBe(422)
      expect(Object.values(res.json.errors)).toContain(MSG.controlChars)
    }
    // A description may span lines.
    const multiline = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Proyek Multi', description: 'Baris satu\r\nBaris dua\tselesai' },
    })
    expect(multiline.status).toBe(201)
    expect(multiline.json.data.description).toBe('Baris satu\r\nBaris dua\tselesai')
  })

  it('fields no schema knows and nested values are caught too (the net under every schema)', () => {
    expect(() => assertCleanInput({ a: 'ok', b: ['x', { c: `y${NUL}` }] })).toThrow(
      expect.objectContaining({ status: 422, errors: { 'b.1.c': MSG.controlChars } }),
    )
    expect(() => assertCleanInput({ [`k${NUL}`]: 'v' })).toThrow(expect.objectContaining({ status: 422 }))
    expect(() => assertCleanInput({ text: 'baris\nbaru\tdan tab', emoji: '\ud83d\ude00' })).not.toThrow()
  })

  it('a deeply nested body is a 4xx, not a stack overflow', async () => {
    const deep = `{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}`
    const res = await t.request('POST', '/api/project/create', {
      token: admin.token,
      body: deep,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })

  it('a non-string phone answers in Indonesian', async () => {
    const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { ...employeeBody, email: 'telepon@berkas.test', phone: 123 },
    })
    expect(res.status).toBe(422)
    expect(res.json.errors.phone).toBe('Nomor telepon tidak valid')
    expect(res.text).not.toMatch(/Invalid|Expected|received/)
  })
})

describe(`control characters in paths and queries (${TEST_DB})`, () => {
  it.each([
    ['GET', '/api/project/detail/abc%00def'],
    ['GET', '/api/project/detail/%0a'],
    ['PUT', '/api/project/update/x%00'],
    ['DELETE', '/api/project/delete/%1F'],
    ['GET', '/api/project/abc%7f/members'],
    ['PUT', '/api/employee/update/1%00'],
  ])('%s %s is a 404', async (method, url) => {
    const res = await t.request(method, url, { token: admin.token, json: method === 'GET' ? undefined : {} })
    expect(res.status).toBe(404)
    expect(res.json.message).toBe(MSG.notFound)
  })

  it('a query with a control character is a 400', async () => {
    const res = await t.request('GET', '/api/project/list?q=a%00b', { token: admin.token })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(MSG.malformed)
  })

  it('a path with ordinary percent-encoding still works', async () => {
    const res = await t.request('GET', '/api/project/detail/tidak%20ada', { token: admin.token })
    expect(res.status).toBe(404)
    const list = await t.request('GET', '/api/project/list?q=a%20b', { token: admin.token })
    expect(list.status).toBe(200)
  })
})

describe(`over-long input (${TEST_DB})`, () => {
  it('a 1 MB email answers 422 with the form message, quickly', async () => {
    // Just under the 1 MB JSON limit; crafted for the old pattern's worst case (dots, then a space).
    const email = `a@${'a.'.repeat(500_000)} `.slice(0, 1_000_000)
    const started = Date.now()
    const res = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: { name: 'Panjang', email, password: 'rahasia-123', role: 'pengawasan' },
    })
    expect(res.status).toBe(422)
    expect(res.json.errors.email).toBe('Format email tidak valid')
    const admins = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: { name: 'Panjang', email, password: 'rahasia-123', phone: '081234567890' },
    })
    expect(admins.status).toBe(422)
    expect(admins.json.errors.email).toBe('Email tidak valid')
    // Generous bound: the old pattern took minutes on this; the checks take milliseconds.
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})

describe('logs', () => {
  it('a body that ends early (the client went away) is one info line, no error and no stack', async () => {
    const lines: { level: string; line: string }[] = []
    const original = t.deps.logger
    t.deps.logger = createLogger('debug', (level, line) => void lines.push({ level, line }))
    const server = await listen(createApp(t.deps))
    const u = await t.user('pengawasan')
    try {
      // A chunked JSON body (no Content-Length: read to its end) cut off after its first bytes.
      for (const [method, path] of [
        ['POST', '/api/auth/login'],
        ['PUT', '/api/user/update'],
      ] as const) {
        const socket = net.connect(server.port, '127.0.0.1')
        socket.on('error', () => undefined)
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${u.token}\r\n` +
            'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1f4\r\n{"name":"Sa',
        )
        await new Promise((r) => setTimeout(r, 200))
        socket.destroy()
      }
      await expect.poll(() => lines.filter((l) => l.line.includes('client went away')).length).toBe(2)
    } finally {
      await server.close()
      t.deps.logger = original
    }
    expect(lines.filter((l) => l.level === 'error' || l.level === 'warn')).toEqual([])
    for (const { line } of lines.filter((l) => l.line.includes('client went away'))) {
      const entry = JSON.parse(line)
      expect(entry).toMatchObject({ level: 'info', msg: 'client went away' })
      expect(entry.err).toBeUndefined()
    }
  })

  it('a failing request with %0a in its path is exactly one JSON log line', async () => {
    const lines: string[] = []
    const original = t.deps.logger
    t.deps.logger = createLogger('debug', (_level, line) => void lines.push(line))
    // A fresh app over the same deps: routes cannot be added to one that has already answered.
    const app = createApp(t.deps)
    app.get('/gagal/*', () => {
      throw new Error('sengaja gagal')
    })
    try {
      const res = await app.request('/gagal/x%0a[error] palsu%0d%0aGET /lain failed')
      expect(res.status).toBe(500)
      expect((await res.json()).message).toBe(MSG.serverError)
    } finally {
      t.deps.logger = original
    }
    const text = lines.join('')
    expect(text.split('\n').filter(Boolean)).toHaveLength(1)
    const entry = JSON.parse(text)
    expect(entry).toMatchObject({ level: 'error', msg: 'request failed', method: 'GET' })
    expect(entry.path).toBe('/gagal/x\n[error] palsu\r\nGET /lain failed')
    expect(entry.err.message).toBe('sengaja gagal')
    expect(entry.err.stack).toMatch(/sengaja gagal/)
    expect(new Date(entry.time).toISOString()).toBe(entry.time)
  })
})
