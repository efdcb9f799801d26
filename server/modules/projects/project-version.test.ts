import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../src/contracts/history'
import { PROJECT_MSG, PROJECT_START_MSG } from '../../../src/contracts/projects'
import { firmClock } from '../../base/firm-clock'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'

type Account = Awaited<ReturnType<TestApp['user']>>

let t: TestApp
let first: Account
let second: Account
let planner: Account
let supervisor: Account

beforeAll(async () => {
  t = await createTestApp()
  ;[first, second, planner, supervisor] = await Promise.all([
    t.user('admin', { name: 'Admin Pertama' }),
    t.user('admin', { name: 'Admin Kedua' }),
    t.user('perencanaan', { name: 'Perencana Riwayat' }),
    t.user('pengawasan', { name: 'Pengawas Riwayat' }),
  ])
})
afterAll(() => t.close())

async function newProject() {
  const res = await t.request('POST', '/api/project/create', {
    token: first.token,
    json: { name: 'Gedung Versi', description: 'Awal' },
  })
  expect(res.status).toBe(201)
  return res.json.data as { id: number; slug: string; version: number }
}

const save = (token: string, id: number, body: Record<string, unknown>) =>
  t.request('PUT', `/api/project/update/${id}`, { token, json: body })

describe(`project edit conflict (${TEST_DB})`, () => {
  it('the answer carries the version; a save of the current one moves it on; without one SPEC holds', async () => {
    const p = await newProject()
    expect(p.version).toBe(1)
    const a = await save(first.token, p.id, { name: 'Gedung A', description: 'x', version: 1 })
    expect(a.status, a.text).toBe(200)
    expect(a.json.data.version).toBe(2)
    const b = await save(second.token, p.id, { name: 'Gedung B', description: 'y' })
    expect(b.status).toBe(200)
    expect(b.json.data.version).toBe(3)
    const detail = await t.request('GET', `/api/project/detail/${p.id}`, { token: first.token })
    expect(detail.json.data).toMatchObject({ name: 'Gedung B', version: 3 })
    for (const version of [0, -1, 1.5, '2', null])
      expect((await save(first.token, p.id, { name: 'N', description: 'd', version })).status).toBe(422)
  })

  it('two admins saving the same version at once: exactly one wins, the other gets 409 naming the winner', async () => {
    const p = await newProject()
    const [a, b] = await Promise.all([
      save(first.token, p.id, { name: 'Dari Pertama', description: 'satu', version: 1 }),
      save(second.token, p.id, { name: 'Dari Kedua', description: 'dua', version: 1 }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const winner = a.status === 200 ? first : second
    const loser = a.status === 200 ? b : a
    const row = await t.db.selectFrom('projects').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
    expect(row.version).toBe(2)
    expect(row.updated_by).toBe(winner.id)
    const name = winner === first ? 'Admin Pertama' : 'Admin Kedua'
    expect(loser.json.message).toBe(
      `Project telah diubah oleh ${name} pukul ${firmClock(row.updated_at, 'Asia/Jakarta')}. Muat ulang untuk melihat perubahan.`,
    )
    expect(loser.json.message).toBe(PROJECT_MSG.conflict(name, firmClock(row.updated_at, 'Asia/Jakarta')))
    expect(loser.json.message).toMatch(/pukul \d\d\.\d\d\./)
    expect(loser.json.success).toBe(false)
    // The loser's save changed nothing.
    expect(row.name).toBe(winner === first ? 'Dari Pertama' : 'Dari Kedua')
  })

  it('records create, edit (before/after) and membership changes (names) in the history', async () => {
    const p = await newProject()
    await save(second.token, p.id, { name: 'Gedung Baru', description: 'Baru', version: 1 })
    const m1 = await t.request('PUT', `/api/project/${p.id}/members`, {
      token: first.token,
      json: { user_ids: [planner.id, supervisor.id] },
    })
    expect(m1.status).toBe(200)
    await t.request('PUT', `/api/project/${p.id}/members`, {
      token: first.token,
      json: { user_ids: [planner.id] },
    })
    // The same list again changes nothing and records nothing.
    await t.request('PUT', `/api/project/${p.id}/members`, {
      token: first.token,
      json: { user_ids: [planner.id] },
    })
    const res = await t.request('GET', `/api/project/${p.id}/history`, { token: first.token })
    expect(res.status).toBe(200)
    const entries = res.json.data as HistoryEntry[]
    expect(res.json.next_cursor).toBeNull()
    expect(entries.map((e) => e.action)).toEqual(['members', 'members', 'edit', 'create'])
    expect(entries[3]).toMatchObject({
      actor: { id: first.id, name: 'Admin Pertama', role: 'admin' },
      object: { kind: 'project', id: p.slug, name: 'Gedung Versi' },
    })
    expect(entries[2]).toMatchObject({
      actor: { name: 'Admin Kedua' },
      detail: {
        before: { name: 'Gedung Versi', description: 'Awal' },
        after: { name: 'Gedung Baru', description: 'Baru' },
      },
    })
    expect(entries[1]?.detail).toEqual({
      added: expect.arrayContaining(['Perencana Riwayat', 'Pengawas Riwayat']),
      removed: [],
    })
    expect(entries[0]?.detail).toEqual({ added: [], removed: ['Pengawas Riwayat'] })
    // Members do not read the project's history.
    expect((await t.request('GET', `/api/project/${p.id}/history`, { token: planner.token })).status).toBe(
      403,
    )
  })

  it("the start day (the contract's first day): set, kept by edits that leave it out, cleared with null", async () => {
    const p = await newProject()
    expect(
      (await t.request('GET', `/api/project/detail/${p.id}`, { token: first.token })).json.data.start_day,
    ).toBe(null)
    const set = await save(first.token, p.id, {
      name: 'Gedung Versi',
      description: 'Awal',
      start_day: '2026-01-05',
    })
    expect([set.status, set.json.data.start_day]).toEqual([200, '2026-01-05'])
    // The card's inline edit sends name and description only: the day stays.
    const edit = await save(second.token, p.id, { name: 'Gedung Versi 2', description: 'Awal' })
    expect(edit.json.data.start_day).toBe('2026-01-05')
    const list = await t.request('GET', '/api/project/list', { token: first.token })
    expect(
      (list.json.data as { id: number; start_day: string | null }[]).find((x) => x.id === p.id)?.start_day,
    ).toBe('2026-01-05')
    for (const bad of [
      '2026-02-30',
      '05-01-2026',
      '2026-1-5',
      '',
      20260105,
      '1999-12-31',
      '2026-01-05T00:00:00Z',
    ]) {
      const res = await save(first.token, p.id, { name: 'N', description: 'd', start_day: bad })
      expect([res.status, res.json.message], String(bad)).toEqual([422, PROJECT_START_MSG.badDay])
    }
    // Employees cannot set it, members or not.
    await t.request('PUT', `/api/project/${p.id}/members`, {
      token: first.token,
      json: { user_ids: [planner.id] },
    })
    expect(
      (await save(planner.token, p.id, { name: 'N', description: 'd', start_day: '2026-01-01' })).status,
    ).toBe(403)
    const cleared = await save(first.token, p.id, {
      name: 'Gedung Versi 2',
      description: 'Awal',
      start_day: null,
    })
    expect(cleared.json.data.start_day).toBeNull()
    const history = (await t.request('GET', `/api/project/${p.id}/history`, { token: first.token })).json
      .data as HistoryEntry[]
    expect(history.filter((e) => e.action === 'edit').map((e) => e.detail)).toEqual([
      {
        before: { name: 'Gedung Versi 2', description: 'Awal', start_day: '2026-01-05' },
        after: { name: 'Gedung Versi 2', description: 'Awal' },
      },
      {
        before: { name: 'Gedung Versi', description: 'Awal', start_day: '2026-01-05' },
        after: { name: 'Gedung Versi 2', description: 'Awal', start_day: '2026-01-05' },
      },
      {
        before: { name: 'Gedung Versi', description: 'Awal' },
        after: { name: 'Gedung Versi', description: 'Awal', start_day: '2026-01-05' },
      },
    ])
  })
})
