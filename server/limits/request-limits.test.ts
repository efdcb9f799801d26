import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMIT_MSG } from '../../src/contracts/limits'
import { readConfig } from '../config'
import { createTestApp, TEST_DB, type TestApp } from '../test/harness'
import {
  callServer,
  loginOn,
  newSchemaName,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from '../test/server-process'

/**
 * Issue 12: per-user write rate and daily upload quota, configurable, counted in the database so that
 * every process enforces one limit. Counters are per minute and per UTC day: each test starts well
 * inside a minute so the window cannot roll over under it.
 */
async function awayFromMinuteEdge() {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100))
}

const pdf = (kb: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024, 7), Buffer.from('\n%%EOF\n')])

describe(`write rate and upload quota (${TEST_DB})`, () => {
  let t: TestApp
  beforeAll(async () => {
    const defaults = readConfig({ DATA_DIR: os.tmpdir() })
    expect(defaults.limits.writesPerMinute).toBe(600)
    t = await createTestApp({ limits: { writesPerMinute: 5, uploadBytesPerDay: 300 * 1024 } })
  })
  afterAll(() => t?.close())

  it('the sixth write in a minute is a 429 with Retry-After; reads and other users go on', async () => {
    await awayFromMinuteEdge()
    const a = await t.user('admin')
    const b = await t.user('admin')
    const update = (token: string, n: number) =>
      t.request('PUT', '/api/user/update', {
        token,
        json: { name: `Admin Nomor ${n}`, phone: '081234567890' },
      })
    for (let i = 1; i <= 5; i++) expect((await update(a.token, i)).status).toBe(200)
    const refused = await update(a.token, 6)
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(LIMIT_MSG.tooManyWrites)
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    // The refused write changed nothing.
    expect((await t.request('GET', '/api/user/me', { token: a.token })).json.data.name).toBe('Admin Nomor 5')
    expect((await t.request('GET', '/api/user/me', { token: a.token })).status).toBe(200)
    expect((await update(b.token, 1)).status).toBe(200)
  })

  it('uploads past the daily quota are refused up front with 429, and nothing of them is stored', async () => {
    await awayFromMinuteEdge()
    const admin = await t.user('admin')
    const other = await t.user('admin')
    const project = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Proyek Kuota', description: 'Batas unggahan harian' },
    })
    const slug = project.json.data.slug
    // As a browser sends a form: encoded whole, with its Content-Length (checked before reading).
    const upload = async (token: string, name: string, withLength = true) => {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(pdf(120))], { type: 'application/pdf' }), name)
      const encoded = new Response(form)
      const body = Buffer.from(await encoded.arrayBuffer())
      const headers: Record<string, string> = {
        'content-type': encoded.headers.get('content-type') as string,
      }
      if (withLength) headers['content-length'] = String(body.length)
      return t.request('POST', `/api/file/${slug}/upload/perencanaan`, { token, body, headers })
    }
    expect((await upload(admin.token, 'satu.pdf')).status).toBe(201)
    // Sent without a length, counted as it arrives.
    expect((await upload(admin.token, 'dua.pdf', false)).status).toBe(201)
    // 2 x 120 KB used of 300 KB: a third 120 KB would pass the quota.
    const refused = await upload(admin.token, 'tiga.pdf')
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(LIMIT_MSG.uploadQuota(300 * 1024))
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const names = (await t.db.selectFrom('files').select('name').execute()).map((r) => r.name)
    expect(names.sort()).toEqual(['dua.pdf', 'satu.pdf'])
    // Another user's quota is their own. (Project create above was the admin's only other write.)
    expect((await upload(other.token, 'milik-lain.pdf')).status).toBe(201)
  })
})

describe(`the write limit holds across two processes on one database (${TEST_DB})`, () => {
  const SUPERADMIN = { email: 'super@limits.test', password: 'rahasia-super-admin' }
  const schema = newSchemaName('lim')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-limits-'))
  let a: ServerProcess | undefined
  let b: ServerProcess | undefined
  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)])
    if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('writes split over both processes share one count', async () => {
    if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
    const env = { RATE_LIMIT_WRITES_PER_MINUTE: '6' }
    a = await startServer({ dataDir, schema, superadmin: SUPERADMIN, env })
    b = await startServer({ dataDir, schema, superadmin: SUPERADMIN, env })
    await awayFromMinuteEdge()
    const token = await loginOn(a, SUPERADMIN.email, SUPERADMIN.password)
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const res = await callServer(i % 2 ? a : b, 'PUT', '/api/user/update', {
        token,
        json: { name: `Super Admin ${i}`, phone: '081234567890' },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
  }, 120_000)
})
