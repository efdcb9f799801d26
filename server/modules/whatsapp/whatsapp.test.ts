import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfBytes, upload } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import type { DriverEvents, WhatsAppDriver } from './gateway'
import { acquireLease, leaseHolder, releaseLease } from './lease'
import { backoffMs, drainQueue, MAX_ATTEMPTS } from './send-queue'
import { SIM_KEYS, SimulatedDriver } from './simulated-driver'
import { WHATSAPP_LEASE, WhatsAppWorker } from './whatsapp-worker'

/**
 * The WhatsApp queue through the simulated driver: nothing lost while disconnected or across a restart,
 * each message delivered exactly once; the lease; the QR and logout calls; retries with backoff.
 */
let t: TestApp
type Who = Awaited<ReturnType<TestApp['user']>>
let admin: Who
let otherAdmin: Who
let planner: Who
let noPhone: Who
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp({ whatsappDriver: 'simulated', whatsappLeaseMs: 60_000 })
  admin = await t.user('admin', { name: 'Admin Utama', phone: '0811-1111-1111' })
  otherAdmin = await t.user('admin', { name: 'Admin Kedua', phone: '+62 812 2222 3333' })
  planner = await t.user('perencanaan', { name: 'Perencana', phone: '081300001111' })
  noPhone = await t.user('admin', { name: 'Tanpa Telepon', phone: 'tidak ada' })
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Bendungan', description: 'Proyek bendungan' },
  })
  project = res.json.data
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [planner.id] },
  })
  // The second admin takes part in no project: WhatsApp about every project is their own choice (issue 32).
  const all = await t.request('PUT', '/api/user/notification-channels', {
    token: otherAdmin.token,
    json: { admin_projects: 'all' },
  })
  expect(all.status, all.text).toBe(200)
  // What each can receive comes with the choices: the profile lists these, never re-deciding by role.
  expect(all.json.data.kinds).toContain('report_ready')
  const staff = await t.request('GET', '/api/user/notification-channels', { token: planner.token })
  expect(staff.json.data.kinds).toEqual([
    'file_approved',
    'file_revision',
    'comment_added',
    'project_created',
  ])
  await t.deps.notifications.idle()
  // The project's own notification queued a message too; the tests start from an empty queue.
  await t.db.deleteFrom('whatsapp_outbox').execute()
})
afterAll(() => t.close())

function worker(holder: string) {
  return new WhatsAppWorker({
    db: t.db,
    logger: t.deps.logger,
    leaseMs: 60_000,
    holder,
    makeDriver: (h) => new SimulatedDriver(t.db, h),
  })
}

/** The planner uploads: every admin with a phone gets a WhatsApp message. */
async function plannerUploads(name: string) {
  const res = await upload(t, planner.token, project.slug, 'perencanaan', [{ name, data: pdfBytes(name) }])
  expect(res.status, res.text).toBe(201)
  await t.deps.notifications.idle()
}

const outbox = () => t.db.selectFrom('whatsapp_outbox').selectAll().orderBy('id').execute()
const delivered = () => t.db.selectFrom('whatsapp_sim_sent').selectAll().orderBy('id').execute()

async function session(token = admin.token) {
  const res = await t.request('GET', '/api/whatsapp/qr', { token })
  expect(res.status, res.text).toBe(200)
  return res.json.data as { qr: string | null; active_session: boolean; status: string }
}

async function setOffline(offline: boolean) {
  const value = offline ? '1' : '0'
  await t.db
    .insertInto('whatsapp_auth')
    .values({ key: SIM_KEYS.offline, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}

/**
 * Every message id in the simulated phone exactly once, and every queued row sent under one of them
 * (rows of one person's burst share one message: `sent_as`, issue 32).
 */
async function expectExactlyOnce() {
  const rows = await outbox()
  const sent = await delivered()
  const counts = new Map<string, number>()
  for (const s of sent) counts.set(s.message_id, (counts.get(s.message_id) ?? 0) + 1)
  expect([...counts.values()].every((n) => n === 1)).toBe(true)
  expect(rows.every((r) => r.status === 'sent')).toBe(true)
  expect([...counts.keys()].sort()).toEqual([...new Set(rows.map((r) => r.sent_as))].sort())
}

describe(`WhatsApp queue through the simulated driver (${TEST_DB})`, () => {
  it('queues a message per recipient with a phone, in the same step as the notification', async () => {
    await plannerUploads('tahap-1.pdf')
    const rows = await outbox()
    expect(rows.map((r) => r.phone).sort()).toEqual(['6281111111111', '6281222223333'])
    expect(rows.every((r) => r.status === 'pending')).toBe(true)
    expect(rows[0]?.text).toContain('*File baru diunggah*')
    // The admin without a usable number still gets the notification, only no WhatsApp message.
    const note = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', noPhone.id)
      .where('type', '=', 'file_uploaded')
      .execute()
    expect(note.length).toBe(1)
  })

  it('shows a real QR while unpaired; nothing is sent before the scan', async () => {
    const before = await session()
    expect(before).toMatchObject({ qr: null, active_session: false, status: 'starting' })
    const a = worker('proses-a')
    await a.tick()
    expect(a.isHolder).toBe(true)
    const s = await session()
    expect(s.status).toBe('waiting_scan')
    expect(s.active_session).toBe(false)
    expect(s.qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    expect(
      Buffer.from((s.qr as string).split(',')[1] as string, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
    expect(await delivered()).toEqual([])

    const scan = await t.request('POST', '/api/whatsapp/simulate-scan', { token: admin.token })
    expect(scan.status, scan.text).toBe(200)
    await a.tick()
    expect(await session()).toMatchObject({ qr: null, active_session: true, status: 'connected' })
    const sent = await delivered()
    expect(sent.map((m) => m.jid).sort()).toEqual([
      '6281111111111@s.whatsapp.net',
      '6281222223333@s.whatsapp.net',
    ])
    await expectExactlyOnce()
    // A second scan with no QR on show is refused.
    expect((await t.request('POST', '/api/whatsapp/simulate-scan', { token: admin.token })).status).toBe(409)

    // Disconnected: new messages wait, nothing is lost or counted as an attempt.
    await setOffline(true)
    await a.tick()
    await plannerUploads('tahap-2.pdf')
    await a.tick()
    const waiting = (await outbox()).filter((r) => r.status !== 'sent')
    expect(waiting.length).toBe(2)
    expect(waiting.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true)
    expect((await session()).active_session).toBe(false)

    // Restart: the process stops (lease released), a new one takes over with the stored session (no
    // new scan), the connection is back, and each waiting message goes out once.
    await plannerUploads('tahap-3.pdf')
    await a.stop()
    expect(await leaseHolder(t.db, WHATSAPP_LEASE)).toBeNull()
    await setOffline(false)
    const b = worker('proses-b')
    await b.tick()
    expect(b.isHolder).toBe(true)
    expect(await session()).toMatchObject({ active_session: true, qr: null })
    await expectExactlyOnce()
    // Two uploads waited for each admin: one message each, saying how many (issue 32).
    const bySender = (await delivered()).filter((m) => m.sender === 'proses-b')
    expect(bySender.length).toBe(2)
    expect(
      bySender.every((m) => m.text.includes('2 file baru diunggah ke Perencanaan project Bendungan.')),
    ).toBe(true)
    // More heartbeats send nothing again.
    await b.tick()
    await b.tick()
    await expectExactlyOnce()

    // Logout from any process: the holder unlinks and asks for a new scan.
    const out = await t.request('POST', '/api/whatsapp/logout', { token: otherAdmin.token })
    expect(out.status, out.text).toBe(200)
    await b.tick()
    const after = await session()
    expect(after.active_session).toBe(false)
    expect(after.qr).toMatch(/^data:image\/png;base64,/)
    await b.stop()
  })

  it('a send claimed by a process that died is sent again with the same message id, once', async () => {
    const [row] = await t.db
      .insertInto('whatsapp_outbox')
      .values({
        notification_id: null,
        user_id: admin.id,
        phone: '6281111111111',
        text: 'uji klaim',
        message_id: 'BRKUJIKLAIM01',
        status: 'sending',
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        claimed_by: 'proses-mati',
        claimed_until: new Date(Date.now() - 1000).toISOString(),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .execute()
    // A claim still within its time is left alone (its sender may still be sending).
    await t.db
      .insertInto('whatsapp_outbox')
      .values({
        notification_id: null,
        user_id: admin.id,
        phone: '6281111111111',
        text: 'masih diklaim',
        message_id: 'BRKUJIKLAIM02',
        status: 'sending',
        attempts: 0,
        next_attempt_at: new Date().toISOString(),
        claimed_by: 'proses-lain',
        claimed_until: new Date(Date.now() + 60_000).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute()
    const driver = connectedDriver()
    const result = await drainQueue(t.db, driver, 'proses-c')
    expect(result.sent).toBe(1)
    expect(driver.sent).toEqual([{ jid: '6281111111111@s.whatsapp.net', id: 'BRKUJIKLAIM01' }])
    const stored = await t.db
      .selectFrom('whatsapp_outbox')
      .select('status')
      .where('id', '=', row?.id as number)
      .executeTakeFirst()
    expect(stored?.status).toBe('sent')
    await t.db.deleteFrom('whatsapp_outbox').where('message_id', '=', 'BRKUJIKLAIM02').execute()
  })

  it('a failed send while connected retries with a growing backoff, and is kept as failed after the last try', async () => {
    await t.db.deleteFrom('whatsapp_outbox').execute()
    await t.db
      .insertInto('whatsapp_outbox')
      .values({
        notification_id: null,
        user_id: admin.id,
        phone: '6281111111111',
        text: 'gagal terus',
        message_id: 'BRKGAGAL',
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(0).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute()
    const driver = connectedDriver(new Error('nomor tidak terdaftar di WhatsApp'))
    const first = await drainQueue(t.db, driver, 'proses-d')
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0, expired: 0 })
    let [row] = await outbox()
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'nomor tidak terdaftar di WhatsApp',
    })
    expect(Date.parse(row?.next_attempt_at as string)).toBeGreaterThan(Date.now() + backoffMs(1) - 5000)
    // Not due yet: the next pass leaves it alone.
    expect(await drainQueue(t.db, driver, 'proses-d')).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 })
    expect(backoffMs(2)).toBe(2 * backoffMs(1))
    expect(backoffMs(30)).toBe(60 * 60 * 1000)
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await t.db
        .updateTable('whatsapp_outbox')
        .set({ next_attempt_at: new Date(0).toISOString() })
        .execute()
      await drainQueue(t.db, driver, 'proses-d')
    }
    ;[row] = await outbox()
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    expect(driver.sent.length).toBe(MAX_ATTEMPTS)
  })
})

describe(`the WhatsApp lease (${TEST_DB})`, () => {
  it('one holder at a time; released or expired, another takes it', async () => {
    const now = new Date()
    expect(await acquireLease(t.db, 'uji', 'a', 10_000, now)).toBe(true)
    expect(await acquireLease(t.db, 'uji', 'b', 10_000, now)).toBe(false)
    expect(await acquireLease(t.db, 'uji', 'a', 10_000, now)).toBe(true)
    expect(await leaseHolder(t.db, 'uji', now)).toBe('a')
    // b tries after a's lease ran out without renewal.
    const later = new Date(now.getTime() + 10_001)
    expect(await acquireLease(t.db, 'uji', 'b', 10_000, later)).toBe(true)
    expect(await acquireLease(t.db, 'uji', 'a', 10_000, later)).toBe(false)
    await releaseLease(t.db, 'uji', 'a') // not a's any more: nothing happens
    expect(await leaseHolder(t.db, 'uji', later)).toBe('b')
    await releaseLease(t.db, 'uji', 'b')
    expect(await acquireLease(t.db, 'uji', 'a', 10_000, later)).toBe(true)
  })

  it('two workers racing: exactly one holds the bot', async () => {
    await releaseLease(t.db, WHATSAPP_LEASE, 'proses-b')
    const x = worker('proses-x')
    const y = worker('proses-y')
    await Promise.all([x.tick(), y.tick(), x.tick(), y.tick()])
    expect([x.isHolder, y.isHolder].filter(Boolean).length).toBe(1)
    await x.stop()
    await y.stop()
  })
})

describe(`PUBLIC_URL (${TEST_DB})`, () => {
  it('a WhatsApp message ends with the link to its item in the app; without PUBLIC_URL it has none', async () => {
    const linked = await createTestApp({ whatsappDriver: 'simulated', publicUrl: 'https://berkas.contoh.id' })
    try {
      const a = await linked.user('admin', { phone: '081111111111' })
      const b = await linked.user('admin', { name: 'Admin Dua', phone: '081111111112' })
      // b takes part in no project: WhatsApp about every project is b's choice (issue 32).
      await linked.request('PUT', '/api/user/notification-channels', {
        token: b.token,
        json: { admin_projects: 'all' },
      })
      const made = await linked.request('POST', '/api/project/create', {
        token: a.token,
        json: { name: 'Dengan Tautan', description: 'Pesan dengan tautan' },
      })
      await linked.deps.notifications.idle()
      const [row] = await linked.db.selectFrom('whatsapp_outbox').select(['user_id', 'text']).execute()
      expect(row?.user_id).toBe(b.id)
      expect(row?.text.split('\n').at(-1)).toBe(`https://berkas.contoh.id/project/${made.json.data.slug}`)
    } finally {
      await linked.close()
    }
    // The suite's own app has no PUBLIC_URL: its messages end with the message itself.
    await plannerUploads('tanpa-tautan.pdf')
    const texts = (await outbox()).map((r) => r.text)
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(text).not.toContain('http')
  })
})

describe(`WHATSAPP_DRIVER=off (${TEST_DB})`, () => {
  it('queues nothing and says the bot is off', async () => {
    const off = await createTestApp({ whatsappDriver: 'off' })
    try {
      const a = await off.user('admin', { phone: '081111111111' })
      const b = await off.user('admin', { phone: '081111111112' })
      await off.request('POST', '/api/project/create', {
        token: a.token,
        json: { name: 'Tanpa Bot', description: 'Tanpa WhatsApp' },
      })
      await off.deps.notifications.idle()
      expect(
        (await off.db.selectFrom('notifications').select('user_id').execute()).map((r) => r.user_id),
      ).toEqual([b.id])
      expect(await off.db.selectFrom('whatsapp_outbox').select('id').execute()).toEqual([])
      const qr = await off.request('GET', '/api/whatsapp/qr', { token: a.token })
      expect(qr.json.data).toEqual({
        qr: null,
        active_session: false,
        status: 'off',
        account: null,
        waiting: 0,
      })
      expect((await off.request('POST', '/api/whatsapp/logout', { token: a.token })).status).toBe(200)
      // The test-only scan route does not exist without the simulated driver.
      expect((await off.request('POST', '/api/whatsapp/simulate-scan', { token: a.token })).status).toBe(404)
    } finally {
      await off.close()
    }
  })
})

/** A driver that is always connected, recording sends or failing each one with `failWith`. */
function connectedDriver(failWith?: Error) {
  const sent: { jid: string; id: string }[] = []
  const driver: WhatsAppDriver & { sent: typeof sent } = {
    name: 'simulated',
    connected: true,
    sent,
    async start(_events: DriverEvents) {},
    async send(jid, _text, id) {
      sent.push({ jid, id })
      if (failWith) throw failWith
    },
    async logout() {},
    async stop() {},
  }
  return driver
}
