import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIARY_MSG } from '../../../src/contracts/diary'
import { PUBLIC_PAGE_PREFIXES } from '../../../src/contracts/public-paths'
import { TEST_DB } from '../../test/harness'
import { callServer, loginOn, type ServerProcess, serverCluster } from '../../test/server-process'
import { TINY_PNG_URL } from './diary-fixtures'

/**
 * Two real server processes on one database (issue 34): a day signed through one is locked on the other
 * at once (its status is the database's, nothing in a process decides), and the contractor's link used
 * through one is gone (410) through the other, even when both submits race.
 */
const cluster = serverCluster({
  prefix: 'diary',
  superadmin: { email: 'super@diary.test', password: 'rahasia-super-admin' },
})
let a: ServerProcess
let b: ServerProcess
let adminToken: string
let pengawasToken: string
let slug: string

beforeAll(async () => {
  await cluster.open()
  a = await cluster.start()
  b = await cluster.start()
  const admin = await cluster.admin(a, {
    name: 'Admin Harian',
    email: 'admin@diary.test',
    password: 'rahasia-admin',
    phone: '0811-2222-4444',
  })
  adminToken = admin.token
  const employee = await callServer(a, 'POST', `/api/employee/create/${admin.id}`, {
    token: adminToken,
    json: {
      name: 'Pengawas Harian',
      email: 'pengawas@diary.test',
      password: 'rahasia-karyawan',
      phone: '081299997777',
      role: 'pengawasan',
    },
  })
  expect(employee.status).toBe(201)
  pengawasToken = await loginOn(b, 'pengawas@diary.test', 'rahasia-karyawan')
  const project = await callServer(a, 'POST', '/api/project/create', {
    token: adminToken,
    json: { name: 'Bendung Dua Proses', description: 'Uji laporan harian dua proses' },
  })
  slug = project.json.data.slug
  await callServer(a, 'PUT', `/api/project/${project.json.data.id}/members`, {
    token: adminToken,
    json: { user_ids: [employee.json.data.id] },
  })
}, 120_000)

afterAll(() => cluster.close())

describe(`Laporan Harian across two processes (${TEST_DB})`, () => {
  it('a day signed through one process is locked on the other at once; a link works once across both', {
    timeout: 60_000,
  }, async () => {
    const day = '2025-08-04'
    const path = `/api/diary/${slug}/day/${day}`
    const saved = await callServer(a, 'PUT', path, {
      token: pengawasToken,
      json: { base_version: 0, sections: { manpower: [{ trade: 'Mandor', count: 1 }] } },
    })
    expect(saved.status).toBe(200)
    const submitted = await callServer(b, 'POST', `${path}/submit`, { token: pengawasToken, json: {} })
    expect(submitted.status).toBe(201)
    const token = String(submitted.json.data.url).split(PUBLIC_PAGE_PREFIXES.sign)[1]
    // The contractor's answer sent to both processes at once: exactly one signs.
    const sign = { decision: 'setuju', name: 'Budi', position: 'Site Manager', signature: TINY_PNG_URL }
    const answers = await Promise.all(
      [a, b].map((s) => callServer(s, 'POST', `/api/public/sign/${token}`, { json: sign })),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410])

    // The pengawas signs through A ...
    const signed = await callServer(a, 'POST', `${path}/sign`, {
      token: pengawasToken,
      json: { name: 'Pengawas Harian', position: 'Pengawas Lapangan', signature: TINY_PNG_URL },
    })
    expect(signed.status).toBe(200)
    expect(signed.json.data.status).toBe('signed')
    // ... and B refuses the edit at once.
    const edit = await callServer(b, 'PUT', path, {
      token: adminToken,
      json: { base_version: signed.json.data.version, sections: { notes: { safety: 'Koreksi' } } },
    })
    expect(edit.status).toBe(423)
    expect(edit.json.message).toBe(DIARY_MSG.locked)
    const read = await callServer(b, 'GET', path, { token: adminToken })
    expect(read.json.data).toMatchObject({
      status: 'signed',
      sections: { manpower: [{ trade: 'Mandor', count: 1 }] },
    })
    expect(read.json.data.signatures).toHaveLength(2)
  })
})
