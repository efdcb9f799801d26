import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_MSG } from '../../../src/contracts/contract'
import { detailLines } from '../../../src/contracts/history-detail'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'

type Account = Awaited<ReturnType<TestApp['user']>>

let t: TestApp
let admin: Account
let member: Account
let outsider: Account

beforeAll(async () => {
  t = await createTestApp()
  ;[admin, member, outsider] = await Promise.all([
    t.user('admin', { name: 'Admin Kontrak' }),
    t.user('pengawasan', { name: 'Pengawas Kontrak' }),
    t.user('perencanaan', { name: 'Bukan Anggota' }),
  ])
})
afterAll(() => t.close())

async function newProject() {
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Gedung Kontrak', description: 'Proyek dengan kontrak' },
  })
  expect(res.status).toBe(201)
  const p = res.json.data as { id: number; slug: string }
  await t.request('PUT', `/api/project/${p.id}/members`, {
    token: admin.token,
    json: { user_ids: [member.id] },
  })
  return p
}

const FULL = {
  number: ' 602/KTR/PPK-SDA/2026 ',
  contractor: 'PT Bangun Jaya',
  owner: 'PPK Irigasi 2',
  value: 3_250_000_000_000,
  start_day: '2026-03-01',
  duration_days: 120,
  site: { lat: -6.2, lng: 106.816666, radius_m: 500 },
}

describe(`project contract (${TEST_DB})`, () => {
  it('a new project answers an empty contract; an admin saves it and every member reads it', async () => {
    const p = await newProject()
    const empty = await t.request('GET', `/api/project/${p.id}/contract`, { token: member.token })
    expect(empty.status).toBe(200)
    expect(empty.json.data).toEqual({
      number: null,
      contractor: null,
      owner: null,
      value: null,
      start_day: null,
      duration_days: null,
      end_day: null,
      site: null,
      updated_at: null,
    })
    const put = await t.request('PUT', `/api/project/${p.slug}/contract`, { token: admin.token, json: FULL })
    expect(put.status, put.text).toBe(200)
    expect(put.json.message).toBe(CONTRACT_MSG.saved)
    const expected = {
      number: '602/KTR/PPK-SDA/2026',
      contractor: 'PT Bangun Jaya',
      owner: 'PPK Irigasi 2',
      // Above 2^31: a bigint on PostgreSQL, read back as the same number.
      value: 3_250_000_000_000,
      start_day: '2026-03-01',
      duration_days: 120,
      // The start day is day 1: 120 calendar days from 1 March end on 28 June.
      end_day: '2026-06-28',
      site: { lat: -6.2, lng: 106.816666, radius_m: 500 },
    }
    expect(put.json.data).toMatchObject(expected)
    const read = await t.request('GET', `/api/project/${p.id}/contract`, { token: member.token })
    expect(read.json.data).toMatchObject(expected)
    expect(typeof read.json.data.updated_at).toBe('string')
  })

  it('the start day is the project start day: one column for both edits', async () => {
    const p = await newProject()
    await t.request('PUT', `/api/project/${p.id}/contract`, {
      token: admin.token,
      json: { start_day: '2026-01-05', duration_days: 10 },
    })
    const detail = await t.request('GET', `/api/project/detail/${p.id}`, { token: admin.token })
    expect(detail.json.data.start_day).toBe('2026-01-05')
    // The contract save moved the version on: an edit form opened before it cannot overwrite it.
    expect(detail.json.data.version).toBe(2)
    const stale = await t.request('PUT', `/api/project/update/${p.id}`, {
      token: admin.token,
      json: { name: 'Gedung Kontrak', description: 'x', version: 1, start_day: '2026-02-01' },
    })
    expect(stale.status).toBe(409)
    const edit = await t.request('PUT', `/api/project/update/${p.id}`, {
      token: admin.token,
      json: { name: 'Gedung Kontrak', description: 'x', version: 2, start_day: '2026-02-01' },
    })
    expect(edit.status).toBe(200)
    const read = await t.request('GET', `/api/project/${p.id}/contract`, { token: admin.token })
    expect(read.json.data).toMatchObject({
      start_day: '2026-02-01',
      duration_days: 10,
      end_day: '2026-02-10',
    })
  })

  it('keys left out stay, null clears; the site can be removed', async () => {
    const p = await newProject()
    await t.request('PUT', `/api/project/${p.id}/contract`, { token: admin.token, json: FULL })
    const partial = await t.request('PUT', `/api/project/${p.id}/contract`, {
      token: admin.token,
      json: { contractor: 'CV Baru', site: null, value: 0 },
    })
    expect(partial.status).toBe(200)
    expect(partial.json.data).toMatchObject({
      number: '602/KTR/PPK-SDA/2026',
      contractor: 'CV Baru',
      value: 0,
      site: null,
      start_day: '2026-03-01',
    })
    const cleared = await t.request('PUT', `/api/project/${p.id}/contract`, {
      token: admin.token,
      json: { number: '', start_day: null },
    })
    expect(cleared.json.data).toMatchObject({
      number: null,
      start_day: null,
      end_day: null,
      duration_days: 120,
    })
  })

  it('refuses bad input with Indonesian messages and stores nothing', async () => {
    const p = await newProject()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ site: { lat: 91, lng: 106, radius_m: 100 } }, 'site.lat', CONTRACT_MSG.lat],
      [{ site: { lat: -6, lng: -180.5, radius_m: 100 } }, 'site.lng', CONTRACT_MSG.lng],
      [{ site: { lat: -6, lng: 106, radius_m: 9 } }, 'site.radius_m', CONTRACT_MSG.radius],
      [{ site: { lat: -6, lng: 106, radius_m: 50_001 } }, 'site.radius_m', CONTRACT_MSG.radius],
      [{ site: { lat: -6, lng: 106, radius_m: 100.5 } }, 'site.radius_m', CONTRACT_MSG.radius],
      [{ site: { lat: -6, lng: 106 } }, 'site.radius_m', CONTRACT_MSG.site],
      [{ site: 'di sini' }, 'site', CONTRACT_MSG.site],
      [{ value: -1 }, 'value', CONTRACT_MSG.value],
      [{ value: 1e16 }, 'value', CONTRACT_MSG.value],
      [{ value: 12.5 }, 'value', CONTRACT_MSG.value],
      [{ value: '1000' }, 'value', CONTRACT_MSG.value],
      [{ duration_days: 0 }, 'duration_days', CONTRACT_MSG.duration],
      [{ duration_days: 3651 }, 'duration_days', CONTRACT_MSG.duration],
      [{ start_day: '2026-02-30' }, 'start_day', CONTRACT_MSG.startDay],
      [{ start_day: '9999-12-31' }, 'start_day', CONTRACT_MSG.startDay],
      [{ number: 'x'.repeat(101) }, 'number', CONTRACT_MSG.numberLong],
      [{ contractor: 'PT\u0000Jaya' }, 'contractor', 'Teks berisi karakter yang tidak diperbolehkan'],
      [{ owner: 12 }, 'owner', CONTRACT_MSG.text],
    ]
    for (const [json, field, message] of cases) {
      const res = await t.request('PUT', `/api/project/${p.id}/contract`, { token: admin.token, json })
      expect(res.status, JSON.stringify(json)).toBe(422)
      expect(res.json.errors?.[field], JSON.stringify(json)).toBe(message)
    }
    const row = await t.db
      .selectFrom('project_contracts')
      .selectAll()
      .where('project_id', '=', p.id)
      .executeTakeFirst()
    expect(row).toBeUndefined()
    const version = await t.db
      .selectFrom('projects')
      .select('version')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(Number(version.version)).toBe(1)
  })

  it('admins write, members read (403 to write), a non-member gets 404', async () => {
    const p = await newProject()
    const byMember = await t.request('PUT', `/api/project/${p.id}/contract`, {
      token: member.token,
      json: { number: 'A' },
    })
    expect(byMember.status).toBe(403)
    for (const method of ['GET', 'PUT'])
      expect(
        (
          await t.request(method, `/api/project/${p.id}/contract`, {
            token: outsider.token,
            ...(method === 'PUT' ? { json: { number: 'A' } } : {}),
          })
        ).status,
      ).toBe(404)
    expect((await t.request('GET', `/api/project/${p.id}/contract`)).status).toBe(401)
  })

  it('a change is in Riwayat with what it was and became', async () => {
    const p = await newProject()
    await t.request('PUT', `/api/project/${p.id}/contract`, { token: admin.token, json: FULL })
    const history = await t.request('GET', `/api/project/${p.id}/history`, { token: admin.token })
    expect(history.status, history.text).toBe(200)
    const entry = (history.json.data as { action: string; detail: Record<string, unknown> }[]).find(
      (e) => e.action === 'edit',
    )
    expect(entry).toBeDefined()
    const lines = Object.fromEntries(detailLines(entry?.detail ?? null))
    expect(lines['Nomor kontrak']).toBe('— → 602/KTR/PPK-SDA/2026')
    expect(lines['Nilai kontrak']).toBe('— → Rp 3.250.000.000.000')
    expect(lines['Tanggal mulai']).toBe('— → 1 Maret 2026')
    expect(lines['Durasi (hari kalender)']).toBe('— → 120')
  })

  it('a save that changes nothing writes nothing; one that leaves the start day moves no version', async () => {
    const p = await newProject()
    await t.request('PUT', `/api/project/${p.id}/contract`, { token: admin.token, json: FULL })
    const entries = async () =>
      (
        (await t.request('GET', `/api/project/${p.id}/history`, { token: admin.token })).json
          .data as unknown[]
      ).length
    const version = async () =>
      (await t.request('GET', `/api/project/detail/${p.id}`, { token: admin.token })).json.data.version
    const [n, v] = [await entries(), await version()]
    expect(v).toBe(2)
    const same = await t.request('PUT', `/api/project/${p.id}/contract`, { token: admin.token, json: FULL })
    expect(same.status).toBe(200)
    expect([await entries(), await version()]).toEqual([n, v])
    await t.request('PUT', `/api/project/${p.id}/contract`, {
      token: admin.token,
      json: { owner: 'PPK Baru' },
    })
    expect([await entries(), await version()]).toEqual([n + 1, v])
  })
})
