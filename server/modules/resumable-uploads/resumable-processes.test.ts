import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DB } from '../../test/harness'
import {
  callServer as call,
  loginOn,
  newSchemaName,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from '../../test/server-process'

/**
 * Two real server processes on one database and one DATA_DIR: an upload started on one continues on
 * the other part by part, and completes once. Nothing of it lives in a process's memory.
 */
const SUPERADMIN = { email: 'super@resumable.test', password: 'rahasia-super-admin' }
let a: ServerProcess
let b: ServerProcess
let dataDir: string
const schema = newSchemaName('ru')
let token: string
let slug: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-resumable-'))
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  a = await startServer({ dataDir, schema, superadmin: SUPERADMIN })
  b = await startServer({ dataDir, schema, superadmin: SUPERADMIN })
  const superToken = await loginOn(a, SUPERADMIN.email, SUPERADMIN.password)
  const admin = {
    name: 'Admin Unggah',
    email: 'admin@resumable.test',
    password: 'rahasia-admin',
    phone: '081234567890',
  }
  expect((await call(a, 'POST', '/api/admin/create', { token: superToken, json: admin })).status).toBe(201)
  token = await loginOn(b, admin.email, admin.password)
  const project = await call(a, 'POST', '/api/project/create', {
    token,
    json: { name: 'Dua Proses', description: 'Unggahan bertahap' },
  })
  slug = project.json.data.slug
}, 120_000)

afterAll(async () => {
  await Promise.all([stopServer(a), stopServer(b)])
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function part(bytes: Buffer) {
  const form = new FormData()
  form.append('part', new Blob([new Uint8Array(bytes)]), 'part')
  return form
}

describe(`resumable uploads across two processes (${TEST_DB})`, () => {
  it('a part sent to process 2 continues an upload started on process 1; it completes once', async () => {
    const MB = 1024 * 1024
    const file = Buffer.concat([Buffer.from('AC1015'), randomBytes(3 * MB - 6)])
    const url = `/api/file/${slug}/resumable/pengawasan`
    const created = await call(a, 'POST', url, {
      token,
      json: { name: 'Gambar Kerja.dwg', size: file.length },
    })
    expect(created.status).toBe(201)
    const id = created.json.data.id
    expect(
      (await call(a, 'PUT', `${url}/${id}/part?offset=0`, { token, body: part(file.subarray(0, MB)) }))
        .status,
    ).toBe(200)
    const second = await call(b, 'PUT', `${url}/${id}/part?offset=${MB}`, {
      token,
      body: part(file.subarray(MB, 2 * MB)),
    })
    expect(second.status).toBe(200)
    expect(second.json.data.offset).toBe(2 * MB)
    // Process 1 knows where process 2 left it.
    const state = await call(a, 'GET', `${url}/${id}`, { token })
    expect(state.json.data.offset).toBe(2 * MB)
    // A stale part sent to process 1 at the old offset is refused.
    expect(
      (
        await call(a, 'PUT', `${url}/${id}/part?offset=${MB}`, {
          token,
          body: part(file.subarray(MB, 2 * MB)),
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await call(a, 'PUT', `${url}/${id}/part?offset=${2 * MB}`, {
          token,
          body: part(file.subarray(2 * MB)),
        })
      ).status,
    ).toBe(200)

    const key = randomUUID()
    const complete = (server: ServerProcess) =>
      fetch(`${server.base}${url}/${id}/complete`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': key },
      })
    const [one, two] = await Promise.all([complete(b), complete(a)])
    expect([one.status, two.status]).toEqual([201, 201])
    const list = await call(a, 'GET', `/api/folder/${slug}/explore/pengawasan`, { token })
    const files = (list.json.data.files as { name: string; size_bytes: number }[]).filter(
      (f) => f.name === 'Gambar Kerja.dwg',
    )
    expect(files).toHaveLength(1)
    expect(files[0]?.size_bytes).toBe(file.length)
  }, 60_000)
})
