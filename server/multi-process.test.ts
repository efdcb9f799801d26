import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DB } from './test/harness'
import {
  callServer,
  loginOn,
  newSchemaName,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from './test/server-process'

/**
 * Two real `server/index.ts` processes on one database and one DATA_DIR, as behind a load balancer or
 * during a rolling deploy (issue 6): what one process writes or revokes holds on the other at once.
 * On SQLite both processes open the same file (WAL); on PostgreSQL they share a schema.
 */
const SUPERADMIN = { email: 'super@multi.test', password: 'rahasia-super-admin' }

let a: ServerProcess
let b: ServerProcess
let dataDir: string
const schema = newSchemaName('mp')
const start = () => startServer({ dataDir, schema, superadmin: SUPERADMIN })
const call = callServer
const login = loginOn

let adminToken: string
let adminId: number

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-multi-'))
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  // One after the other, as a deploy does: the first migrates, the second finds the schema current.
  a = await start()
  b = await start()
  const superToken = await login(a, SUPERADMIN.email, SUPERADMIN.password)
  const created = await call(b, 'POST', '/api/admin/create', {
    token: superToken,
    json: {
      name: 'Admin Multi',
      email: 'admin@multi.test',
      password: 'rahasia-admin',
      phone: '081234567890',
    },
  })
  expect(created.status).toBe(201)
  adminId = created.json.data.id
  adminToken = await login(a, 'admin@multi.test', 'rahasia-admin')
}, 120_000)

afterAll(async () => {
  await Promise.all([stopServer(a), stopServer(b)])
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

let employeeCount = 0
async function employee(role: 'perencanaan' | 'pengawasan' = 'pengawasan') {
  employeeCount += 1
  const email = `karyawan${employeeCount}@multi.test`
  const res = await call(a, 'POST', `/api/employee/create/${adminId}`, {
    token: adminToken,
    json: {
      name: `Karyawan ${employeeCount}`,
      email,
      password: 'rahasia-karyawan',
      phone: '0812345678',
      role,
    },
  })
  expect(res.status).toBe(201)
  return { id: res.json.data.id as number, email, password: 'rahasia-karyawan' }
}

describe('two server processes on one database', () => {
  it('a token made on one works on the other, and a logout on one ends it on both at once', async () => {
    const e = await employee()
    const token = await login(a, e.email, e.password)
    expect((await call(b, 'GET', '/api/user/me', { token })).status).toBe(200)
    expect((await call(a, 'GET', '/api/user/me', { token })).status).toBe(200)
    expect((await call(b, 'POST', '/api/auth/logout', { token })).status).toBe(200)
    expect((await call(a, 'GET', '/api/user/me', { token })).status).toBe(401)
  })

  it('a password change on one ends the old sessions on the other at once', async () => {
    const e = await employee()
    const old = await login(a, e.email, e.password)
    const other = await login(b, e.email, e.password)
    expect((await call(a, 'GET', '/api/user/me', { token: old })).status).toBe(200)
    const changed = await call(b, 'PATCH', '/api/user/update-password', {
      token: other,
      json: {
        current_password: e.password,
        new_password: 'kata-sandi-baru',
        confirm_new_password: 'kata-sandi-baru',
      },
    })
    expect(changed.status).toBe(200)
    expect((await call(a, 'GET', '/api/user/me', { token: old })).status).toBe(401)
    expect((await call(a, 'GET', '/api/user/me', { token: changed.json.data.token })).status).toBe(200)
  })

  it('a deactivation or a role change on one holds on the other at once', async () => {
    const e = await employee('perencanaan')
    const token = await login(a, e.email, e.password)
    expect((await call(b, 'GET', '/api/user/me', { token })).json.data.role).toBe('perencanaan')
    const updated = await call(a, 'PUT', `/api/employee/update/${e.id}`, {
      token: adminToken,
      json: { name: 'Pindah Tim', email: e.email, phone: '0812345678', role: 'pengawasan' },
    })
    expect(updated.status).toBe(200)
    expect((await call(b, 'GET', '/api/user/me', { token })).json.data.role).toBe('pengawasan')
    expect(
      (await call(a, 'PATCH', `/api/employee/set-active/${e.id}/false`, { token: adminToken })).status,
    ).toBe(200)
    expect((await call(b, 'GET', '/api/user/me', { token })).status).toBe(401)
  })

  it('a project and a membership written on one are read on the other at once', async () => {
    const e = await employee()
    const employeeToken = await login(b, e.email, e.password)
    // Warm both processes' read caches first: the answers they keep must not outlive a write elsewhere.
    const before = await call(b, 'GET', '/api/project/list', { token: adminToken })
    const analysisBefore = await call(b, 'GET', '/api/dashboard/analysis', { token: adminToken })
    expect((await call(b, 'GET', '/api/project/list', { token: employeeToken })).json.data).toEqual([])

    const created = await call(a, 'POST', '/api/project/create', {
      token: adminToken,
      json: { name: 'Gedung Serbaguna', description: 'Pembangunan gedung serbaguna desa' },
    })
    expect(created.status).toBe(201)
    const after = await call(b, 'GET', '/api/project/list', { token: adminToken })
    expect(after.json.data).toHaveLength(before.json.data.length + 1)
    expect(after.json.data.map((p: { slug: string }) => p.slug)).toContain(created.json.data.slug)
    const analysisAfter = await call(b, 'GET', '/api/dashboard/analysis', { token: adminToken })
    expect(analysisAfter.json.data).not.toEqual(analysisBefore.json.data)

    const members = await call(a, 'PUT', `/api/project/${created.json.data.id}/members`, {
      token: adminToken,
      json: { user_ids: [e.id] },
    })
    expect(members.status).toBe(200)
    const mine = await call(b, 'GET', '/api/project/list', { token: employeeToken })
    expect(mine.json.data.map((p: { slug: string }) => p.slug)).toEqual([created.json.data.slug])
    expect(
      (await call(b, 'GET', `/api/project/detail/${created.json.data.slug}`, { token: employeeToken }))
        .status,
    ).toBe(200)

    // And back: removing the membership on the other process hides the project at once.
    await call(b, 'PUT', `/api/project/${created.json.data.id}/members`, {
      token: adminToken,
      json: { user_ids: [] },
    })
    expect((await call(a, 'GET', '/api/project/list', { token: employeeToken })).json.data).toEqual([])
  })

  it('failed logins split across both processes reach the per-account-and-address limit', async () => {
    const e = await employee()
    // Default limit: 10 attempts per (account, address) in 15 minutes.
    for (let i = 0; i < 10; i++) {
      const res = await call(i % 2 ? a : b, 'POST', '/api/auth/login', {
        json: { email: e.email, password: 'bukan-passwordnya' },
      })
      expect(res.status).toBe(401)
    }
    for (const server of [a, b]) {
      const res = await call(server, 'POST', '/api/auth/login', {
        json: { email: e.email, password: e.password },
      })
      expect(res.status).toBe(429)
      expect(res.json.message).toMatch(/^Terlalu banyak percobaan masuk\. Coba lagi dalam \d+ menit\.$/)
    }
  })
})
