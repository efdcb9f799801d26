import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { firmDayOf } from '../../base/firm-clock'
import { type Database, migrate, openDatabase } from '../../db/index'
import { TEST_DB } from '../../test/harness'
import {
  newSchemaName,
  PG_URL,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from '../../test/server-process'
import { DIARY_REMINDER_KIND, isWorkingDay } from './diary-reminder-job'

/*
 * The diary reminder across two real server processes starting at once on one PostgreSQL database
 * (issue 34: 'the reminder goes out once per project per day whichever processes run'). The firm's hour
 * is 0, so the reminder is due whenever the test runs; the firm's zone is one where today is a working
 * day. Both processes queue the job at their start (one is queued), it runs in one of them; then a run
 * made due again (as after a restart) runs in either and tells nobody twice: the day's row stands.
 */
const SUPERADMIN = { email: 'super@reminder.test', password: 'rahasia-super-admin' }
const schema = newSchemaName('reminder')
const servers: ServerProcess[] = []
let dataDir: string
let database: Database | undefined

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s)))
  await database?.close()
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A zone whose day today is Monday to Saturday (zones 26 hours apart never all show Sunday). */
const ZONE = ['Asia/Jakarta', 'Pacific/Kiritimati', 'Etc/GMT+12'].find((z) =>
  isWorkingDay(firmDayOf(new Date().toISOString(), z)),
) as string

describe.skipIf(TEST_DB !== 'postgres')('diary reminder in two processes (postgres)', () => {
  it('reminds the pengawasan members once', { timeout: 150_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-reminder-'))
    await pgAdmin(`CREATE SCHEMA ${schema}`)
    database = openDatabase({ databaseUrl: PG_URL, dataDir, pgSchema: schema })
    await migrate(database)
    const { db } = database
    const now = new Date().toISOString()
    const user = (name: string, role: 'admin' | 'pengawasan', phone: string | null) =>
      db
        .insertInto('users')
        .values({
          name,
          email: `${name.toLowerCase().replace(/\s/g, '.')}@reminder.test`,
          phone,
          role,
          avatar: null,
          password_hash: 'x',
          is_active: 1,
          created_by: null,
          created_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    const admin = await user('Admin Proyek', 'admin', null)
    const pengawas = await user('Pengawas Lapangan', 'pengawasan', '081233334444')
    const outsider = await user('Pengawas Lain', 'pengawasan', '081255556666')
    const project = await db
      .insertInto('projects')
      .values({
        slug: 'bendungan-uji',
        name: 'Bendungan Uji',
        description: 'x',
        created_by: admin.id,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('project_members')
      .values({ project_id: project.id, user_id: pengawas.id, created_at: now })
      .execute()
    await db
      .insertInto('firm_settings')
      .values({ id: 1, name: 'Firma Uji', updated_by: admin.id, updated_at: now, diary_reminder_hour: 0 })
      .execute()

    const env = { JOB_POLL_MS: '100', JOB_CONCURRENCY: '1', FIRM_TIME_ZONE: ZONE }
    servers.push(
      ...(await Promise.all([0, 1].map(() => startServer({ dataDir, schema, superadmin: SUPERADMIN, env })))),
    )

    const jobs = () =>
      db
        .selectFrom('jobs')
        .select(['id', 'status', 'run_after'])
        .where('kind', '=', DIARY_REMINDER_KIND)
        .execute()
    const waitForDone = async (count: number) => {
      const until = Date.now() + 60_000
      while (Date.now() < until) {
        if ((await jobs()).filter((j) => j.status === 'done').length >= count) return
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error(`the reminder job did not finish ${count} time(s)`)
    }
    await waitForDone(1)
    // Give a second (wrongly queued) run time to show itself.
    await new Promise((r) => setTimeout(r, 1000))
    let rows = await jobs()
    expect(rows.map((j) => j.status).sort()).toEqual(['done', 'queued'])
    const next = rows.find((j) => j.status === 'queued')
    // The next run: the next day's 00.00 in the firm's zone, at most a day away.
    const wait = Date.parse(next?.run_after ?? '') - Date.now()
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(24 * 3600 * 1000)
    expect(firmDayOf(next?.run_after ?? '', ZONE) > firmDayOf(new Date().toISOString(), ZONE)).toBe(true)

    // A run made due again the same day (as a restart would find one): either process takes it.
    await db
      .updateTable('jobs')
      .set({ run_after: new Date().toISOString() })
      .where('id', '=', next?.id ?? 0)
      .execute()
    await waitForDone(2)
    await new Promise((r) => setTimeout(r, 500))
    rows = await jobs()
    expect(rows.map((j) => j.status).sort()).toEqual(['done', 'done', 'queued'])

    const today = firmDayOf(new Date().toISOString(), ZONE)
    const reminders = await db
      .selectFrom('diary_reminders')
      .select(['project_id', 'day', 'recipients'])
      .execute()
    expect(reminders).toEqual([{ project_id: project.id, day: today, recipients: 1 }])
    const notes = await db.selectFrom('notifications').select(['user_id', 'type', 'title']).execute()
    expect(notes).toEqual([
      { user_id: pengawas.id, type: 'diary_reminder', title: 'Laporan harian belum diisi' },
    ])
    const outbox = await db.selectFrom('whatsapp_outbox').select(['user_id', 'phone']).execute()
    expect(outbox).toEqual([{ user_id: pengawas.id, phone: '6281233334444' }])
    expect(outbox.some((o) => o.user_id === outsider.id)).toBe(false)
  })
})
