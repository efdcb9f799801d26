import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIARY_MSG } from '../../../src/contracts/diary'
import { PUBLIC_PAGE_PREFIXES } from '../../../src/contracts/public-paths'
import { canonicalJson } from '../../idempotency'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { firmToday } from './diary-store'

/*
 * Laporan Harian, the server's rules (issue 34) on this database: a day's bounds, the merge by section
 * and its 409, the Idempotency-Key, Riwayat. Signing and revision: diary-sign.test.ts.
 */

type Account = Awaited<ReturnType<TestApp['user']>>
let t: TestApp
let admin: Account
let pengawas: Account
let pengawas2: Account
let planner: Account
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.user('admin')
  pengawas = await t.user('pengawasan')
  pengawas2 = await t.user('pengawasan')
  planner = await t.user('perencanaan')
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Jalan Lingkar Utara', description: 'Peningkatan jalan lingkar utara' },
  })
  project = res.json.data
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [pengawas.id, pengawas2.id, planner.id] },
  })
})
afterAll(() => t.close())

const dayPath = (day: string) => `/api/diary/${project.slug}/day/${day}`
const put = (who: Account, day: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request('PUT', dayPath(day), { token: who.token, json, headers })
const get = (who: Account, day: string) => t.request('GET', dayPath(day), { token: who.token })
const rowOf = (day: string) =>
  t.db
    .selectFrom('diary_days')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('day', '=', day)
    .executeTakeFirst()
const historyOf = (day: string) =>
  t.db
    .selectFrom('history')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('object_id', '=', `diary:${day}`)
    .orderBy('id')
    .execute()

const MANPOWER = [
  { trade: 'Mandor', count: 1 },
  { trade: 'Tukang besi', count: 6 },
]

describe(`Laporan Harian: a day and its bounds (${TEST_DB})`, () => {
  it('a day never written answers an empty draft, version 0, to every member (a planner too)', async () => {
    for (const who of [admin, pengawas, planner]) {
      const res = await get(who, '2025-05-01')
      expect(res.status).toBe(200)
      expect(res.json.data).toMatchObject({
        day: '2025-05-01',
        status: 'draft',
        version: 0,
        sections: {},
        signatures: [],
        hash: null,
        updated_by: null,
      })
    }
    // A planner reads but does not write.
    expect((await put(planner, '2025-05-01', { base_version: 0, sections: {} })).status).toBe(403)
    expect(await rowOf('2025-05-01')).toBeUndefined()
  })

  it('refuses a day in the future (the firm day), before the start day, or no calendar day: 422, nothing stored', async () => {
    const today = firmToday(t.deps.config.firmTimeZone)
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const body = { base_version: 0, sections: { manpower: MANPOWER } }
    const future = await put(pengawas, tomorrow, body)
    expect(future.status).toBe(422)
    expect(future.json.message).toBe(DIARY_MSG.future)
    expect((await get(pengawas, tomorrow)).status).toBe(422)
    // Today is fine.
    expect((await put(pengawas, today, body)).status).toBe(200)

    await t.db.updateTable('projects').set({ start_day: '2025-03-10' }).where('id', '=', project.id).execute()
    const before = await put(pengawas, '2025-03-09', body)
    expect(before.status).toBe(422)
    expect(before.json.message).toBe(DIARY_MSG.beforeStart('2025-03-10'))
    expect((await put(pengawas, '2025-03-10', body)).status).toBe(200)
    await t.db.updateTable('projects').set({ start_day: null }).where('id', '=', project.id).execute()

    for (const bad of ['2025-02-30', '9999-12-31', '2025-1-01']) {
      const res = await put(pengawas, bad, body)
      expect(res.status, bad).toBe(422)
    }
    expect(await rowOf(tomorrow)).toBeUndefined()
    expect(await rowOf('2025-03-09')).toBeUndefined()
  })

  it('refuses counts below 0 or over 10,000 and malformed times with Indonesian messages, storing nothing', async () => {
    const day = '2025-05-02'
    const cases: [unknown, string][] = [
      [{ manpower: [{ trade: 'Mandor', count: -1 }] }, DIARY_MSG.count],
      [{ manpower: [{ trade: 'Mandor', count: 10_001 }] }, DIARY_MSG.count],
      [{ manpower: [{ trade: 'Mandor', count: 1.5 }] }, DIARY_MSG.count],
      [{ equipment: [{ name: 'Excavator', count: 20_000, condition: 'baik' }] }, DIARY_MSG.count],
      [
        { weather: { blocks: [{ from: '7:00', to: '10:00', condition: 'cerah' }], lost_hours: 0 } },
        DIARY_MSG.time,
      ],
      [
        { weather: { blocks: [{ from: '07:00', to: '25:00', condition: 'cerah' }], lost_hours: 0 } },
        DIARY_MSG.time,
      ],
      [
        { weather: { blocks: [{ from: '10:00', to: '07:00', condition: 'cerah' }], lost_hours: 0 } },
        DIARY_MSG.timeOrder,
      ],
      [
        { weather: { blocks: [{ from: '07:00', to: '10:00', condition: 'badai' }], lost_hours: 0 } },
        DIARY_MSG.weather,
      ],
      [{ weather: { blocks: [], lost_hours: 25 } }, DIARY_MSG.hours],
      [{ manpower: [{ trade: '', count: 1 }] }, DIARY_MSG.name],
      [{ notes: { problems: 'x'.repeat(2001) } }, DIARY_MSG.noteLong],
    ]
    for (const [sections, message] of cases) {
      const res = await put(pengawas, day, { base_version: 0, sections })
      expect(res.status, JSON.stringify(sections)).toBe(422)
      expect(res.json.message, JSON.stringify(sections)).toBe(message)
    }
    expect((await put(pengawas, day, { base_version: -1, sections: {} })).status).toBe(422)
    expect(await rowOf(day)).toBeUndefined()
    // The edges pass.
    const ok = await put(pengawas, day, {
      base_version: 0,
      sections: {
        manpower: [
          { trade: 'Pekerja', count: 0 },
          { trade: 'Tukang batu', count: 10_000 },
        ],
        weather: { blocks: [{ from: '16:00', to: '24:00', condition: 'hujan_lebat' }], lost_hours: 2.5 },
      },
    })
    expect(ok.status, ok.text).toBe(200)
  })
})

describe(`Laporan Harian: a PUT merges by section (${TEST_DB})`, () => {
  it('different sections from two writers both land; each section keeps the version it changed at', async () => {
    const day = '2025-05-05'
    const a = await put(pengawas, day, { base_version: 0, sections: { manpower: MANPOWER } })
    expect(a.status).toBe(200)
    expect(a.json.data).toMatchObject({ version: 1, section_versions: { manpower: 1, notes: 0 } })
    // The second writer saw version 0 (offline since), and writes another section.
    const b = await put(pengawas2, day, { base_version: 0, sections: { notes: { problems: 'Hujan deras' } } })
    expect(b.status).toBe(200)
    expect(b.json.data).toMatchObject({
      version: 2,
      sections: { manpower: MANPOWER, notes: { problems: 'Hujan deras' } },
      section_versions: { manpower: 1, notes: 2 },
      updated_by: { id: pengawas2.id },
    })
    const stored = await get(planner, day)
    expect(stored.json.data.sections).toEqual({ manpower: MANPOWER, notes: { problems: 'Hujan deras' } })
  })

  it('the same section changed on both sides: 409 with both copies, nothing of that PUT stored', async () => {
    const day = '2025-05-06'
    await put(pengawas, day, { base_version: 0, sections: { manpower: MANPOWER } })
    const mine = [{ trade: 'Mandor', count: 2 }]
    // The clashing PUT also names a section nobody else changed: it is not stored either.
    const res = await put(pengawas2, day, {
      base_version: 0,
      sections: { manpower: mine, notes: { visitors: 'Tim PPK' } },
    })
    expect(res.status).toBe(409)
    expect(res.json).toMatchObject({
      success: false,
      message: DIARY_MSG.conflict,
      clashes: [{ section: 'manpower', theirs: mine, stored: MANPOWER, stored_version: 1 }],
      day: { version: 1, sections: { manpower: MANPOWER } },
    })
    expect(res.json.clashes).toHaveLength(1)
    const row = await rowOf(day)
    expect(row?.version).toBe(1)
    expect(JSON.parse(row?.sections ?? '{}')).toEqual({ manpower: MANPOWER })
    // The writer chose their copy: sent again over the stored version, it lands.
    const chosen = await put(pengawas2, day, {
      base_version: 1,
      base_versions: { manpower: 1 },
      sections: { manpower: mine, notes: { visitors: 'Tim PPK' } },
    })
    expect(chosen.status).toBe(200)
    expect(chosen.json.data).toMatchObject({ version: 2, sections: { manpower: mine } })
  })

  it("a clash names the section's own last writer, not the day's (another section may have changed since)", async () => {
    const day = '2025-06-16'
    await put(pengawas, day, { base_version: 0, sections: { manpower: MANPOWER } })
    // The admin writes the notes afterwards: the day's last writer is now the admin.
    await put(admin, day, { base_version: 1, sections: { notes: { visitors: 'Direksi teknis' } } })
    const res = await put(pengawas2, day, {
      base_version: 0,
      sections: { manpower: [{ trade: 'Mandor', count: 9 }] },
    })
    expect(res.status).toBe(409)
    expect(res.json.clashes).toHaveLength(1)
    expect(res.json.clashes[0]).toMatchObject({
      section: 'manpower',
      updated_by: pengawas.name,
      stored_version: 1,
    })
  })

  it('the same change on both sides is no clash; a per-section base beats an older base_version', async () => {
    const day = '2025-05-07'
    await put(pengawas, day, {
      base_version: 0,
      sections: { manpower: MANPOWER, notes: { safety: 'Nihil' } },
    })
    const same = await put(pengawas2, day, { base_version: 0, sections: { manpower: MANPOWER } })
    expect(same.status).toBe(200)
    expect(same.json.data.version).toBe(1)
    await put(pengawas, day, {
      base_version: 1,
      sections: { notes: { safety: 'Satu pekerja terluka ringan' } },
    })
    // The phone saved manpower last at version 1 (its base for it), its day base is older: no clash.
    const res = await put(pengawas2, day, {
      base_version: 0,
      base_versions: { manpower: 1 },
      sections: { manpower: [{ trade: 'Mandor', count: 3 }] },
    })
    expect(res.status).toBe(200)
    expect(res.json.data.sections.notes).toEqual({ safety: 'Satu pekerja terluka ringan' })
  })

  it('an Idempotency-Key replays the stored answer and writes nothing twice; every save is in Riwayat', async () => {
    const day = '2025-05-08'
    const key = 'diary-save-0001'
    const body = {
      base_version: 0,
      sections: { equipment: [{ name: 'Excavator', count: 1, condition: 'baik', hours: 6 }] },
    }
    const first = await put(pengawas, day, body, { 'Idempotency-Key': key })
    const again = await put(pengawas, day, body, { 'Idempotency-Key': key })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    expect((await rowOf(day))?.version).toBe(1)
    // Another body under the same key: refused.
    const other = await put(
      pengawas,
      day,
      { base_version: 1, sections: { notes: { visitors: 'x' } } },
      { 'Idempotency-Key': key },
    )
    expect(other.status).toBe(422)
    const entries = await historyOf(day)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ action: 'edit', object_kind: 'diary', actor_id: pengawas.id })
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toMatchObject({
      sections: ['equipment'],
      version: 1,
    })
  })

  it('the days list: written days only, with status, version and who signed; a range is bounded', async () => {
    const res = await t.request('GET', `/api/diary/${project.slug}/days?from=2025-05-01&to=2025-05-31`, {
      token: planner.token,
    })
    expect(res.status).toBe(200)
    const days = (res.json.data as { day: string }[]).map((d) => d.day)
    expect(days).toEqual(['2025-05-08', '2025-05-07', '2025-05-06', '2025-05-05', '2025-05-02'])
    expect(res.json.data[0]).toMatchObject({ status: 'draft', version: 1, signed: [] })
    for (const q of [
      'from=2025-05-01&to=2025-12-31',
      'from=2025-05-10&to=2025-05-01',
      'from=2025-05-01',
      'from=x&to=y',
    ]) {
      const bad = await t.request('GET', `/api/diary/${project.slug}/days?${q}`, { token: planner.token })
      expect(bad.status, q).toBe(422)
    }
  })
})

describe(`Laporan Harian: the hash of what is signed (${TEST_DB})`, () => {
  it('submit stores the sha256 of the canonical JSON of exactly the day: project, day, revision, sections', async () => {
    const day = '2025-05-09'
    const sections = { notes: { problems: 'Material terlambat' }, manpower: MANPOWER }
    await put(pengawas, day, { base_version: 0, sections })
    const res = await t.request('POST', `${dayPath(day)}/submit`, { token: pengawas.token, json: {} })
    expect(res.status, res.text).toBe(201)
    expect(res.json.data.url).toMatch(
      new RegExp(`^http://localhost${PUBLIC_PAGE_PREFIXES.sign}[A-Za-z0-9_-]{32}$`),
    )
    const expected = createHash('sha256')
      .update(canonicalJson({ project_id: project.id, day, revision: 1, sections }))
      .digest('hex')
    const after = await get(pengawas, day)
    expect(after.json.data).toMatchObject({ status: 'submitted', hash: expected, version: 2 })
  })
})
