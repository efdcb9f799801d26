import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  DIARY_REMINDER_KIND,
  diaryHasContent,
  nextReminderRun,
  projectsToRemind,
  queueDiaryReminder,
} from './diary-reminder-job'

/*
 * The diary reminder (issue 34, decision 0092) on this database. The clock is vitest's (only Date is
 * faked; timers stay real, so the job runner and the database drivers run as always): Monday 7 December
 * 2026 16.30 WIB is past the default hour (16.00), Sunday 6 December is off.
 */

type Account = Awaited<ReturnType<TestApp['user']>>
let t: TestApp
let admin: Account
let pengawas: Account
let pengawasNoPhone: Account
let planner: Account
let outsider: Account
let writer: Account
let empty: { id: number; slug: string; name: string }
let filled: { id: number; slug: string }

const MONDAY = '2026-12-07'
const SUNDAY = '2026-12-06'
/** 16.30 WIB (UTC+7) of a day. */
const at = (day: string, hhmm = '16:30') => new Date(`${day}T${hhmm}:00+07:00`)

async function project(name: string, members: number[]) {
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name, description: `Proyek ${name}` },
  })
  expect(res.status).toBe(201)
  await t.request('PUT', `/api/project/${res.json.data.id}/members`, {
    token: admin.token,
    json: { user_ids: members },
  })
  return res.json.data as { id: number; slug: string; name: string }
}

const reminders = () =>
  t.db.selectFrom('diary_reminders').selectAll().orderBy('project_id').orderBy('day').execute()
const queued = () =>
  t.db
    .selectFrom('jobs')
    .select(['status', 'run_after'])
    .where('kind', '=', DIARY_REMINDER_KIND)
    .where('status', '=', 'queued')
    .execute()
const bell = async (who: Account) =>
  (await t.request('GET', '/api/notification/list', { token: who.token })).json.data as {
    type: string
    title: string
    message: string
    link: string
  }[]

/** One run of the job at `now`: queued (unless one is), run, its notifications written. */
async function runAt(now: Date) {
  vi.setSystemTime(now)
  // The next run waits for its hour; make it due now, as the clock says.
  await t.db
    .updateTable('jobs')
    .set({ run_after: now.toISOString() })
    .where('kind', '=', DIARY_REMINDER_KIND)
    .where('status', '=', 'queued')
    .execute()
  await queueDiaryReminder(t.db, t.deps.dialect)
  // The runner (started by the first round) looks now rather than at its next poll.
  t.deps.jobs.wake()
  await t.runJobs()
  await t.deps.notifications.idle()
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at('2026-12-01', '08:00'))
  t = await createTestApp()
  admin = await t.user('admin')
  pengawas = await t.user('pengawasan', { phone: '081211112222' })
  pengawasNoPhone = await t.user('pengawasan', { phone: '' })
  planner = await t.user('perencanaan')
  outsider = await t.user('pengawasan')
  writer = await t.user('pengawasan')
  empty = await project('Jembatan Kali Progo', [pengawas.id, pengawasNoPhone.id, planner.id])
  filled = await project('Gedung Puskesmas', [writer.id])
})
afterAll(async () => {
  await t.close()
  vi.useRealTimers()
})

describe('diary reminder', () => {
  it('knows an empty diary from a written one', () => {
    expect(diaryHasContent({})).toBe(false)
    expect(diaryHasContent({ manpower: [], notes: { problems: '  ', instructions: '' } })).toBe(false)
    expect(diaryHasContent({ weather: { blocks: [], lost_hours: 0 } })).toBe(false)
    expect(diaryHasContent({ manpower: [{ trade: 'Mandor', count: 1 }] })).toBe(true)
    expect(diaryHasContent({ notes: { visitors: 'PPK' } })).toBe(true)
    expect(diaryHasContent({ weather: { blocks: [], lost_hours: 1.5 } })).toBe(true)
  })

  it('reminds nobody on a Sunday, and queues the next run at the next day’s hour', async () => {
    await runAt(at(SUNDAY))
    expect(await reminders()).toEqual([])
    expect(await bell(pengawas)).toEqual([])
    const next = await queued()
    expect(next.map((j) => j.run_after)).toEqual([at(MONDAY, '16:00').toISOString()])
  })

  it('before the hour reminds nobody and waits for today’s hour', async () => {
    await runAt(at(MONDAY, '09:15'))
    expect(await reminders()).toEqual([])
    expect((await queued()).map((j) => j.run_after)).toEqual([at(MONDAY, '16:00').toISOString()])
  })

  it('on a working day tells the pengawasan members of a project whose diary is empty', async () => {
    // The written diary (today, by its member) keeps its project out.
    vi.setSystemTime(at(MONDAY, '10:00'))
    const save = await t.request('PUT', `/api/diary/${filled.slug}/day/${MONDAY}`, {
      token: writer.token,
      json: { base_version: 0, sections: { manpower: [{ trade: 'Tukang batu', count: 4 }] } },
    })
    expect(save.status).toBe(200)
    // An empty diary row (a save of nothing) is still empty.
    const blank = await t.request('PUT', `/api/diary/${empty.slug}/day/${MONDAY}`, {
      token: pengawas.token,
      json: { base_version: 0, sections: { manpower: [] } },
    })
    expect(blank.status).toBe(200)

    await runAt(at(MONDAY))
    const rows = await reminders()
    expect(rows.map((r) => [r.project_id, r.day, r.recipients])).toEqual([[empty.id, MONDAY, 2]])

    for (const who of [pengawas, pengawasNoPhone]) {
      const items = await bell(who)
      expect(items.map((n) => [n.type, n.title, n.message, n.link])).toEqual([
        [
          'diary_reminder',
          'Laporan harian belum diisi',
          'Laporan harian Jembatan Kali Progo untuk hari ini (Senin, 7 Desember 2026) belum diisi.',
          `/project/${empty.slug}/harian/${MONDAY}`,
        ],
      ])
    }
    // Not the planner (a member, but not pengawasan), not a pengawas of no such project, not the writer
    // of the filled diary, not the admins.
    for (const who of [planner, outsider, writer, admin]) expect(await bell(who)).toEqual([])

    // WhatsApp: the member with a phone, once; the one without none.
    const outbox = await t.db.selectFrom('whatsapp_outbox').select(['user_id', 'phone', 'text']).execute()
    expect(outbox.map((o) => [o.user_id, o.phone])).toEqual([[pengawas.id, '6281211112222']])
    expect(outbox[0]?.text).toContain('Laporan harian Jembatan Kali Progo untuk hari ini')

    // The next run: tomorrow at 16.00 WIB.
    expect((await queued()).map((j) => j.run_after)).toEqual([at('2026-12-08', '16:00').toISOString()])
  })

  it('a second run the same day (another process, a restart) reminds nobody again', async () => {
    await runAt(at(MONDAY, '18:00'))
    expect((await reminders()).length).toBe(1)
    expect((await bell(pengawas)).length).toBe(1)
    expect(await t.db.selectFrom('whatsapp_outbox').select('id').execute()).toHaveLength(1)
    // Queued once: a start while one is queued queues none.
    expect(await queueDiaryReminder(t.db, t.deps.dialect)).toBe(false)
    expect(await queued()).toHaveLength(1)
  })

  it('follows the firm’s hour: later waits, off reminds nobody', async () => {
    const save = (hour: number | null) =>
      t.request('PUT', '/api/settings/firm', {
        token: admin.token,
        json: { name: 'Firma Uji', diary_reminder_hour: hour },
      })
    const bad = await save(24)
    expect(bad.status).toBe(422)
    expect(bad.json.message).toContain('Jam pengingat')

    expect((await save(18)).json.data.diary_reminder_hour).toBe(18)
    const tuesday = '2026-12-08'
    await runAt(at(tuesday, '16:30'))
    expect((await reminders()).map((r) => r.day)).toEqual([MONDAY])
    expect((await queued()).map((j) => j.run_after)).toEqual([at(tuesday, '18:00').toISOString()])
    await runAt(at(tuesday, '18:05'))
    // Both projects now: the Puskesmas diary was written on Monday, not on Tuesday.
    const both = (await reminders()).map((r) => [r.project_id, r.day])
    expect(both).toEqual([
      [empty.id, MONDAY],
      [empty.id, tuesday],
      [filled.id, tuesday],
    ])
    expect((await bell(writer)).map((n) => n.type)).toEqual(['diary_reminder'])

    // A save without the field keeps the hour; null turns it off.
    const kept = await t.request('PUT', '/api/settings/firm', { token: admin.token, json: { name: 'Firma' } })
    expect(kept.json.data.diary_reminder_hour).toBe(18)
    expect((await save(null)).json.data.diary_reminder_hour).toBe(null)
    await runAt(at('2026-12-09', '20:00'))
    expect((await reminders()).map((r) => [r.project_id, r.day])).toEqual(both)
    // Off: it looks again an hour later.
    expect((await queued()).map((j) => j.run_after)).toEqual([at('2026-12-09', '21:00').toISOString()])
  })

  it('leaves out a project not yet started or past its contract’s end', async () => {
    const later = await project('Bendung Sapon', [outsider.id])
    const thursday = '2026-12-10'
    await t.db.updateTable('projects').set({ start_day: '2026-12-11' }).where('id', '=', later.id).execute()
    expect((await projectsToRemind(t.db, thursday, 'Asia/Jakarta')).map((p) => p.projectId)).not.toContain(
      later.id,
    )
    await t.db.updateTable('projects').set({ start_day: '2026-12-01' }).where('id', '=', later.id).execute()
    expect((await projectsToRemind(t.db, thursday, 'Asia/Jakarta')).map((p) => p.projectId)).toContain(
      later.id,
    )
    // 1 to 9 December: ended.
    await t.db
      .insertInto('project_contracts')
      .values({
        project_id: later.id,
        number: null,
        contractor: null,
        owner: null,
        value: null,
        duration_days: 9,
        site_lat: null,
        site_lng: null,
        site_radius_m: null,
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute()
    expect((await projectsToRemind(t.db, thursday, 'Asia/Jakarta')).map((p) => p.projectId)).not.toContain(
      later.id,
    )
  })

  it('the WhatsApp choices list the reminder for pengawasan only', async () => {
    const kinds = async (who: Account) =>
      (await t.request('GET', '/api/user/notification-channels', { token: who.token })).json.data.kinds
    expect(await kinds(pengawas)).toContain('diary_reminder')
    expect(await kinds(planner)).not.toContain('diary_reminder')
  })

  it('finds the next hour across the firm’s day', () => {
    expect(nextReminderRun(at(MONDAY, '23:59'), 16, 'Asia/Jakarta').toISOString()).toBe(
      at('2026-12-08', '16:00').toISOString(),
    )
    expect(nextReminderRun(at(MONDAY, '00:30'), 0, 'Asia/Jakarta').toISOString()).toBe(
      at('2026-12-08', '00:00').toISOString(),
    )
  })
})
