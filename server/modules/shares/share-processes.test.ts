import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARE_PIN_TRIES } from '../../../src/contracts/shares'
import { createLocalDiskStore } from '../../storage/local-disk'
import { TEST_DB } from '../../test/harness'
import { callServer, type ServerProcess, serverCluster, until } from '../../test/server-process'
import { readyReport } from '../../test/share-fixtures'

/*
 * Two real server processes on one database (issue 24): wrong PINs tried on both count together, and a
 * 'Kirim via WhatsApp' sent to both at once with one Idempotency-Key queues one message, which exactly
 * one process (the bot's lease holder) delivers, with the report's PDF.
 */
const LINK_BUDGET = 20
const cluster = serverCluster({
  prefix: 'sh',
  superadmin: { email: 'super@share.test', password: 'rahasia-super-admin' },
  // One address for both, as behind the proxy in production: a link made on one process and sent by
  // the other is the same link (without it each process names its own port).
  env: {
    WHATSAPP_DRIVER: 'simulated',
    WHATSAPP_LEASE_MS: '1500',
    PUBLIC_URL: 'https://berkas.test',
    // Small, so the test below reaches it; the PIN test stays far under it.
    PUBLIC_LIMIT_PER_LINK_PER_MINUTE: String(LINK_BUDGET),
  },
})
let servers: [ServerProcess, ServerProcess]
let adminToken: string
let adminId: number
let project: { id: number; slug: string }

/** One call with any headers (callServer has none for the PIN or the Idempotency-Key). */
async function call(
  server: ServerProcess,
  method: string,
  url: string,
  headers: Record<string, string>,
  json?: unknown,
) {
  const res = await fetch(server.base + url, {
    method,
    headers: { ...headers, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  return {
    status: res.status,
    json: (await res.json().catch(() => undefined)) as { message: string; data: { id: number; url: string } },
  }
}

beforeAll(async () => {
  await cluster.open()
  servers = [await cluster.start(), await cluster.start()]
  const [a, b] = servers
  const admin = await cluster.admin(b, {
    name: 'Admin Bagikan',
    email: 'admin@share.test',
    password: 'rahasia-admin',
    phone: '081122223333',
  })
  adminId = admin.id
  adminToken = admin.token
  const made = await callServer(a, 'POST', '/api/project/create', {
    token: adminToken,
    json: { name: 'Gedung Dua Proses', description: 'Tautan bagikan' },
  })
  project = made.json.data
}, 120_000)

afterAll(() => cluster.close())

/** A ready report (rows and PDF written here, in the servers' database and DATA_DIR) and its link. */
async function reportLink(pin?: string) {
  const env = { db: cluster.db.db, store: createLocalDiskStore(cluster.dataDir) }
  const report = await readyReport(env, { projectId: project.id, creatorId: adminId, photos: [] })
  const res = await call(
    servers[0],
    'POST',
    `/api/share/${project.slug}/create`,
    { authorization: `Bearer ${adminToken}` },
    {
      report_id: report.id,
      ...(pin ? { pin } : {}),
    },
  )
  expect(res.status).toBe(201)
  return { id: res.json.data.id, url: res.json.data.url, token: res.json.data.url.split('/s/')[1] as string }
}

describe(`share links across two processes (${TEST_DB})`, () => {
  it('wrong PINs tried on both processes count together; then even the right PIN waits (429)', async () => {
    const link = await reportLink('314159')
    const data = (server: ServerProcess, pin: string) =>
      call(server, 'GET', `/api/public/share/${link.token}`, { 'x-share-pin': pin })
    for (let i = 0; i < SHARE_PIN_TRIES; i++) {
      const res = await data(servers[i % 2] as ServerProcess, '000000')
      expect(res.status).toBe(401)
      // The guesses left are counted in the database: the same on both processes.
      if (i < SHARE_PIN_TRIES - 1)
        expect(res.json.message).toBe(`PIN salah. Sisa ${SHARE_PIN_TRIES - 1 - i} percobaan.`)
    }
    expect((await data(servers[1], '000000')).status).toBe(429)
    const right = await data(servers[0], '314159')
    expect(right.status).toBe(429)
    expect(right.json.message).toMatch(/^Terlalu banyak percobaan PIN/)
  }, 60_000)

  it('a link’s public budget is one for both processes: within a minute, no more than it is served', async () => {
    const link = await reportLink()
    const minute = () => Math.floor(Date.now() / 60_000)
    // Each answer with the minute it surely fell in (an answer straddling a minute's edge is left out).
    const answers: { status: number; minute: number | null }[] = []
    for (let i = 0; i < 4 * LINK_BUDGET && !answers.some((a) => a.status === 429); i++) {
      const before = minute()
      const res = await call(servers[i % 2] as ServerProcess, 'GET', `/api/public/share/${link.token}`, {})
      answers.push({ status: res.status, minute: minute() === before ? before : null })
    }
    const refused = answers.find((a) => a.status === 429)
    expect(refused, 'a 429 within four budgets').toBeDefined()
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200)).toBe(true)
    // Counted per process, each would serve the whole budget: twice as many in the minute.
    if (refused?.minute !== null) {
      const served = answers.filter((a) => a.status === 200 && a.minute === refused?.minute).length
      expect(served).toBeLessThanOrEqual(LINK_BUDGET)
    }
  }, 60_000)

  it('one Idempotency-Key sent to both processes at once: one message queued, sent once, with the PDF', async () => {
    const scan = await callServer(servers[1], 'POST', '/api/whatsapp/simulate-scan', { token: adminToken })
    expect(scan.status).toBe(200)
    await until(async () => {
      const res = await callServer(servers[0], 'GET', '/api/whatsapp/qr', { token: adminToken })
      return res.json?.data?.active_session === true
    }, 'the bot connected')
    // The account's own notifications (none here) would share the queue: start from what is there.
    const before = (await cluster.db.db.selectFrom('whatsapp_outbox').select('id').execute()).length
    const link = await reportLink()
    const key = `wa-${randomUUID()}`
    const headers = { authorization: `Bearer ${adminToken}`, 'idempotency-key': key }
    const path_ = `/api/share/${project.slug}/whatsapp/${link.id}`
    const answers = await Promise.all(
      servers.map((s) => call(s, 'POST', path_, headers, { phone: '0812 9876 5432' })),
    )
    expect(answers.map((a) => a.status)).toEqual([202, 202])
    const rows = await cluster.db.db.selectFrom('whatsapp_outbox').selectAll().execute()
    expect(rows.length - before).toBe(1)
    const row = rows.find((r) => r.phone === '6281298765432')
    expect(row?.document_mime).toBe('application/pdf')
    await until(async () => {
      const r = await cluster.db.db
        .selectFrom('whatsapp_outbox')
        .select('status')
        .where('id', '=', row?.id ?? 0)
        .executeTakeFirst()
      return r?.status === 'sent'
    }, 'the message sent')
    // Give a second sender every chance to (wrongly) send it again before counting.
    await new Promise((r) => setTimeout(r, 1500))
    const sent = await cluster.db.db
      .selectFrom('whatsapp_sim_sent')
      .selectAll()
      .where('jid', '=', '6281298765432@s.whatsapp.net')
      .execute()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.message_id).toBe(row?.message_id)
    expect(sent[0]?.document_name).toMatch(/\.pdf$/)
    expect(sent[0]?.text).toContain(link.url)
  }, 90_000)
})
