import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WhatsAppPacing } from '../../config'
import { type Database, openDatabase } from '../../db/index'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { drainQueue } from './send-queue'
import { SIM_KEYS, SimulatedDriver } from './simulated-driver'

/**
 * A WhatsApp bot that is not banned (issue 32, docs/decisions/0079): pacing, staleness and merging
 * with two senders on one database, each through its own connection (the way two server processes
 * share it), timestamps read from what the simulated phone received.
 */
let t: TestApp
let second: Database
type Who = Awaited<ReturnType<TestApp['user']>>
let admin: Who
let bystander: Who
let planner: Who
let project: { id: number; slug: string; name: string }

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

beforeAll(async () => {
  t = await createTestApp({ whatsappDriver: 'simulated' })
  // The second sender's own connection to the same database (file, or PostgreSQL schema).
  if (TEST_DB === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)
    second = openDatabase({ databaseUrl: PG_URL, dataDir: t.dataDir, pgSchema: rows[0]?.schema })
  } else second = openDatabase({ dataDir: t.dataDir })
  admin = await t.user('admin', { name: 'Admin Pembuat', phone: '0811-1000-0001' })
  bystander = await t.user('admin', { name: 'Admin Lain', phone: '0811-1000-0002' })
  planner = await t.user('perencanaan', { name: 'Perencana', phone: '0813-1000-0003' })
  const made = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Jembatan Kali', description: 'Uji bot' },
  })
  project = made.json.data
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [planner.id] },
  })
  await t.deps.notifications.idle()
  // The bot is linked (the simulated phone's session is stored).
  await t.db.insertInto('whatsapp_auth').values({ key: SIM_KEYS.creds, value: '{}' }).execute()
})
afterAll(async () => {
  await second?.close()
  await t.close()
})

async function emptyQueue() {
  await t.deps.notifications.idle()
  await t.db.deleteFrom('whatsapp_outbox').execute()
  await t.db.deleteFrom('whatsapp_sim_sent').execute()
  await t.db.deleteFrom('whatsapp_pacing').execute()
}

/** Rows someone asked for (no kind: never merged, never expired), as share links are queued. */
async function queue(phone: string, n: number, opts: { kind?: string; ageMs?: number } = {}) {
  const at = new Date(Date.now() - (opts.ageMs ?? 0)).toISOString()
  for (let i = 0; i < n; i++)
    await t.db
      .insertInto('whatsapp_outbox')
      .values({
        notification_id: null,
        user_id: null,
        phone,
        text: `Pesan ${i + 1} untuk ${phone}`,
        message_id: `BRKUJI${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        kind: opts.kind ?? null,
      })
      .execute()
}

/** Two senders, each its own driver and connection, draining at the same time until nothing is left. */
async function twoSenders(pacing: WhatsAppPacing, until: () => Promise<boolean>) {
  const senders = [
    { db: t.db, name: 'pengirim-a' },
    { db: second.db, name: 'pengirim-b' },
  ].map((s) => ({ ...s, driver: new SimulatedDriver(s.db, s.name) }))
  for (const s of senders)
    await s.driver.start({ onQr: () => {}, onConnected: () => {}, onDisconnected: () => {} })
  const end = Date.now() + 30_000
  await Promise.all(
    senders.map(async (s) => {
      while (Date.now() < end && !(await until()))
        await drainQueue(s.db, s.driver, s.name, () => true, undefined, { pacing, budgetMs: 250 })
    }),
  )
}

const delivered = () => t.db.selectFrom('whatsapp_sim_sent').selectAll().orderBy('sent_at').execute()
const pendingLeft = async () =>
  (
    await t.db
      .selectFrom('whatsapp_outbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .execute()
  ).length === 0

/** The smallest time between two consecutive sends in `sends` (ms). */
function smallestGap(sends: { sent_at: string }[]): number {
  const times = sends.map((s) => Date.parse(s.sent_at)).sort((a, b) => a - b)
  return Math.min(...times.slice(1).map((x, i) => x - (times[i] as number)))
}

describe(`WhatsApp pacing across two senders (${TEST_DB})`, () => {
  it('never sends to one recipient closer than WHATSAPP_MIN_GAP_MS, nor any two messages closer than the overall gap', async () => {
    await emptyQueue()
    await queue('6281100000101', 5)
    await queue('6281100000102', 4)
    await queue('6281100000103', 3)
    const pacing = { recipientGapMs: 300, globalGapMs: 60, jitterMs: 40, maxAgeMs: 0, mergeWindowMs: 0 }
    const started = Date.now()
    await twoSenders(pacing, pendingLeft)
    const sends = await delivered()
    expect(sends).toHaveLength(12)
    // Each queued message exactly once.
    expect(new Set(sends.map((s) => s.message_id)).size).toBe(12)
    for (const jid of new Set(sends.map((s) => s.jid)))
      expect(smallestGap(sends.filter((s) => s.jid === jid))).toBeGreaterThanOrEqual(300)
    expect(smallestGap(sends)).toBeGreaterThanOrEqual(60)
    // Both senders sent: the pacing held between them, not inside one of them.
    expect(new Set(sends.map((s) => s.sender))).toEqual(new Set(['pengirim-a', 'pengirim-b']))
    // Five to one recipient need at least four gaps.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 300)
  })

  it('the 40-minute backlog: stale notifications are marked expired, not sent; asked-for messages still go; the QR dialog counts what will go', async () => {
    await emptyQueue()
    await queue('6281100000201', 3, { kind: 'report_ready', ageMs: 38 * 60_000 })
    await queue('6281100000201', 2, { kind: 'file_approved', ageMs: 5 * 60_000 })
    await queue('6281100000202', 1, { ageMs: 40 * 60_000 })
    // Default WHATSAPP_MAX_AGE_MIN (30): the three stale notifications are not counted as waiting.
    const qr = await t.request('GET', '/api/whatsapp/qr', { token: admin.token })
    expect(qr.status, qr.text).toBe(200)
    expect(qr.json.data.waiting).toBe(3)
    const pacing = {
      recipientGapMs: 50,
      globalGapMs: 0,
      jitterMs: 0,
      maxAgeMs: 30 * 60_000,
      mergeWindowMs: 0,
    }
    await twoSenders(pacing, pendingLeft)
    const rows = await t.db.selectFrom('whatsapp_outbox').select(['kind', 'status', 'last_error']).execute()
    expect(rows.filter((r) => r.status === 'expired').map((r) => r.kind)).toEqual([
      'report_ready',
      'report_ready',
      'report_ready',
    ])
    expect(rows.find((r) => r.status === 'expired')?.last_error).toContain('lebih dari 30 menit')
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3)
    expect(await delivered()).toHaveLength(3)
    expect((await t.request('GET', '/api/whatsapp/qr', { token: admin.token })).json.data.waiting).toBe(0)
  })

  it('ten approvals to one person within the merge window go out as one message with the count, every row sent under its id', async () => {
    await emptyQueue()
    const uuids: string[] = []
    for (let i = 0; i < 10; i++) {
      const uuid = randomUUID()
      uuids.push(uuid)
      await t.db
        .insertInto('docs')
        .values({
          uuid,
          project_id: project.id,
          description: `Pengecoran pilar ${i + 1}`,
          status: 'pending',
          creator_id: planner.id,
          created_at: new Date().toISOString(),
        })
        .execute()
    }
    for (const uuid of uuids) {
      const res = await t.request('PATCH', `/api/doc/${project.slug}/status/${uuid}/approved`, {
        token: admin.token,
      })
      expect(res.status, res.text).toBe(200)
    }
    await t.deps.notifications.idle()
    // The bell still has all ten.
    const bell = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', planner.id)
      .where('type', '=', 'file_approved')
      .execute()
    expect(bell).toHaveLength(10)
    const pacing = {
      recipientGapMs: 100,
      globalGapMs: 20,
      jitterMs: 10,
      maxAgeMs: 30 * 60_000,
      mergeWindowMs: 1500,
    }
    // Inside the window nothing goes: more of the burst may still come.
    const early = await drainQueue(t.db, new SimulatedDriver(t.db, 'awal'), 'awal', () => true, undefined, {
      pacing,
    })
    const driverEarly = await delivered()
    expect([early.sent, driverEarly.length]).toEqual([0, 0])
    await new Promise((r) => setTimeout(r, 1600))
    await twoSenders(pacing, pendingLeft)
    const sends = await delivered()
    expect(sends).toHaveLength(1)
    expect(sends[0]?.jid).toBe('6281310000003@s.whatsapp.net')
    expect(sends[0]?.text).toContain('*Dokumentasi disetujui*')
    expect(sends[0]?.text).toContain(`10 dokumentasi disetujui di project ${project.name}.`)
    const rows = await t.db
      .selectFrom('whatsapp_outbox')
      .select(['status', 'sent_as', 'kind'])
      .where('phone', '=', '6281310000003')
      .execute()
    expect(rows).toHaveLength(10)
    expect(rows.every((r) => r.status === 'sent' && r.kind === 'file_approved')).toBe(true)
    expect(new Set(rows.map((r) => r.sent_as))).toEqual(new Set([sends[0]?.message_id]))
  })
})

describe(`A merged message after a crash (${TEST_DB})`, () => {
  it('a group whose sender died is sent again as the same message (same id, same count); what came later goes apart', async () => {
    await emptyQueue()
    const key = `${planner.id}:file_approved:${project.id}:doc`
    const at = new Date(Date.now() - 5 * 60_000).toISOString()
    const row = (i: number, extra: Record<string, unknown>) => ({
      notification_id: null,
      user_id: planner.id,
      phone: '6281310000003',
      text: `Dokumentasi ${i} disetujui`,
      message_id: `BRKGRUP${i}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      kind: 'file_approved',
      merge_key: key,
      merge_count: 1,
      merge_text: '*Dokumentasi disetujui*\n{n} dokumentasi disetujui di project Uji.',
      ...extra,
    })
    // Rows 1-3 were claimed as one message by a sender that died (its claim has run out)...
    const first = row(1, {})
    const crashed = {
      status: 'sending' as const,
      sent_as: first.message_id,
      claimed_by: 'mati',
      claimed_until: at,
    }
    await t.db
      .insertInto('whatsapp_outbox')
      .values([
        { ...first, ...crashed },
        { ...row(2, {}), ...crashed },
        { ...row(3, {}), ...crashed },
      ])
      .execute()
    // ...and two more approvals came after.
    await t.db
      .insertInto('whatsapp_outbox')
      .values([
        { ...row(4, {}), status: 'pending' },
        { ...row(5, {}), status: 'pending' },
      ])
      .execute()
    const pacing = {
      recipientGapMs: 100,
      globalGapMs: 0,
      jitterMs: 0,
      maxAgeMs: 30 * 60_000,
      mergeWindowMs: 0,
    }
    await twoSenders(pacing, pendingLeft)
    const sends = await delivered()
    expect(sends.map((s) => [s.message_id, s.text.split('\n')[1]])).toEqual([
      [first.message_id, '3 dokumentasi disetujui di project Uji.'],
      [expect.stringMatching(/^BRKGRUP4/), '2 dokumentasi disetujui di project Uji.'],
    ])
  })
})

describe(`What reaches each person's WhatsApp (${TEST_DB})`, () => {
  const channels = (who: Who) => t.request('GET', '/api/user/notification-channels', { token: who.token })
  const choose = (who: Who, json: unknown) =>
    t.request('PUT', '/api/user/notification-channels', { token: who.token, json })
  const queuedFor = async (who: Who, notificationIds: number[]) =>
    (
      await t.db
        .selectFrom('whatsapp_outbox')
        .select('notification_id')
        .where('user_id', '=', who.id)
        .where('notification_id', 'in', notificationIds.length ? notificationIds : [0])
        .execute()
    ).length
  async function plannerUploads(name: string) {
    const form = new FormData()
    form.append('files', new Blob([`%PDF-1.4\n% ${name}\n%%EOF\n`], { type: 'application/pdf' }), name)
    const res = await t.request('POST', `/api/file/${project.slug}/upload/perencanaan`, {
      token: planner.token,
      body: form,
    })
    expect(res.status, res.text).toBe(201)
    await t.deps.notifications.idle()
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('type', '=', 'file_uploaded')
      .where('message', 'like', `%${name}%`)
      .execute()
    return notes.map((n) => n.id)
  }

  it('by default an admin gets WhatsApp only about projects they are involved in; the bell gets everything', async () => {
    await emptyQueue()
    expect((await channels(bystander)).json.data).toMatchObject({
      admin_projects: 'involved',
      phone: '6281110000002',
      whatsapp: { file_uploaded: true, file_approved: true, report_ready: true },
    })
    expect((await channels(planner)).json.data.admin_projects).toBeNull()
    const notes = await plannerUploads('denah-1.pdf')
    // Both admins have it in the bell; only the project's creator on WhatsApp.
    expect(notes).toHaveLength(2)
    expect(await queuedFor(admin, notes)).toBe(1)
    expect(await queuedFor(bystander, notes)).toBe(0)

    // Choosing every project: the next upload reaches the bystander's WhatsApp too.
    const all = await choose(bystander, { admin_projects: 'all' })
    expect(all.status, all.text).toBe(200)
    expect(all.json.data.admin_projects).toBe('all')
    const next = await plannerUploads('denah-2.pdf')
    expect(await queuedFor(bystander, next)).toBe(1)
    await choose(bystander, { admin_projects: 'involved' })

    // Reviewing one of the project's files makes an admin involved.
    const file = await t.db
      .selectFrom('files')
      .select('uuid')
      .where('project_id', '=', project.id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const review = await t.request('PATCH', `/api/file/${project.slug}/status/${file.uuid}/approved`, {
      token: bystander.token,
    })
    expect(review.status, review.text).toBe(200)
    const third = await plannerUploads('denah-3.pdf')
    expect(await queuedFor(bystander, third)).toBe(1)
  })

  it('a kind turned off stays in the bell, leaves WhatsApp, and what of it still waits is not sent', async () => {
    await emptyQueue()
    const waiting = await plannerUploads('potongan-1.pdf')
    expect(await queuedFor(admin, waiting)).toBe(1)
    const off = await choose(admin, { whatsapp: { file_uploaded: false } })
    expect(off.status, off.text).toBe(200)
    expect(off.json.data.whatsapp).toMatchObject({ file_uploaded: false, comment_added: true })
    const row = await t.db
      .selectFrom('whatsapp_outbox')
      .select('status')
      .where('notification_id', 'in', waiting)
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('skipped')
    const later = await plannerUploads('potongan-2.pdf')
    expect(later).toHaveLength(2)
    expect(await queuedFor(admin, later)).toBe(0)
    // What is left out stays as it was; turning it on again works.
    expect((await choose(admin, {})).json.data.whatsapp.file_uploaded).toBe(false)
    expect(
      (await choose(admin, { whatsapp: { file_uploaded: true } })).json.data.whatsapp.file_uploaded,
    ).toBe(true)
  })

  it('bad choices are a 4xx in Indonesian, never a 500', async () => {
    for (const body of [
      { whatsapp: { tidak_ada: true } },
      { whatsapp: { file_uploaded: 'ya' } },
      { admin_projects: 'semua' },
      { whatsapp: [] },
    ]) {
      const res = await choose(admin, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.json.message).toMatch(/notifikasi|WhatsApp|project|Data/i)
    }
    const superadmin = await t.user('superadmin', { name: 'Super', phone: '0811-9' })
    expect((await channels(superadmin)).status).toBe(403)
  })
})
