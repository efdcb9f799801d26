import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARE_LABEL_MAX, SHARE_MSG, SHARE_PIN_TRIES, type Share } from '../../../src/contracts/shares'
import { TEST_DB, type TestApp } from '../../test/harness'
import { readyReport } from '../../test/share-fixtures'
import { type Account, startShareTest } from '../../test/share-test-app'
import { SimulatedDriver } from '../whatsapp/simulated-driver'
import { WhatsAppWorker } from '../whatsapp/whatsapp-worker'

/*
 * Links told apart (issue 30): a label per link, the number it was last sent to by WhatsApp and when,
 * and 'Kirim ulang' to the same or another number, sent through the simulated WhatsApp driver.
 */

let t: TestApp
let admin: Account
let project: { id: number; slug: string }
let create: Awaited<ReturnType<typeof startShareTest>>['create']

beforeAll(async () => {
  ;({ t, admin, project, create } = await startShareTest())
})
afterAll(() => t.close())

const list = async () => {
  const res = await t.request('GET', `/api/share/${project.slug}/list`, { token: admin.token })
  expect(res.status, res.text).toBe(200)
  return res.json.data as Share[]
}
const send = (id: number, phone: string) =>
  t.request('POST', `/api/share/${project.slug}/whatsapp/${id}`, {
    token: admin.token,
    json: { phone },
    headers: { 'idempotency-key': `wa-${randomUUID()}` },
  })
const report = () => readyReport(t.deps, { projectId: project.id, creatorId: admin.id, photos: [] })

describe(`share labels (${TEST_DB})`, () => {
  it('stores the label (trimmed), lists it, names it in the history; no label is null', async () => {
    const r = await report()
    const a = await create({ report_id: r.id, label: '  Pak Budi, PPK Dinas PU ' })
    const b = await create({ report_id: r.id })
    expect([a.status, b.status]).toEqual([201, 201])
    const rows = await list()
    const byId = new Map(rows.map((s) => [s.id, s]))
    expect(byId.get(a.json.data.id)).toMatchObject({
      label: 'Pak Budi, PPK Dinas PU',
      sent_phone: null,
      sent_at: null,
    })
    expect(byId.get(b.json.data.id)?.label).toBeNull()
    const history = await t.db
      .selectFrom('history')
      .select('detail')
      .where('object_id', '=', `share:${a.json.data.id}`)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(history.detail ?? '{}')).toMatchObject({ label: 'Pak Budi, PPK Dinas PU' })
  })

  it('a label too long or over two lines is 422 on the field; a blank one is no label', async () => {
    const r = await report()
    for (const label of ['x'.repeat(SHARE_LABEL_MAX + 1), 'Pak Budi\nPPK']) {
      const res = await create({ report_id: r.id, label })
      expect([res.status, res.json.errors?.label]).toEqual([422, SHARE_MSG.badLabel])
    }
    const blank = await create({ report_id: r.id, label: '   ' })
    expect(blank.status).toBe(201)
    expect((await list()).find((s) => s.id === blank.json.data.id)?.label).toBeNull()
  })
})

describe(`Kirim ulang (${TEST_DB})`, () => {
  it('sends again to the same or another number through the simulated driver; the list shows the last', async () => {
    const worker = new WhatsAppWorker({
      db: t.db,
      logger: t.deps.logger,
      leaseMs: 60_000,
      holder: 'uji-kirim-ulang',
      makeDriver: (h) => new SimulatedDriver(t.db, h),
    })
    try {
      await worker.tick()
      expect((await t.request('POST', '/api/whatsapp/simulate-scan', { token: admin.token })).status).toBe(
        200,
      )
      await worker.tick()
      const delivered = async () =>
        (await t.db.selectFrom('whatsapp_sim_sent').select('jid').orderBy('id').execute()).map((m) => m.jid)
      const before = (await delivered()).length

      const made = await create({ report_id: (await report()).id, label: 'Bu Sari, Konsultan MK' })
      const id = made.json.data.id as number
      expect((await send(id, '0812-3456-7890')).status).toBe(202)
      await worker.tick()
      const first = (await list()).find((s) => s.id === id)
      expect(first?.sent_phone).toBe('6281234567890')
      expect(Date.parse(first?.sent_at ?? '')).toBeGreaterThan(Date.now() - 60_000)

      // Later, from the list: the same number again, then another one.
      expect((await send(id, '081234567890')).status).toBe(202)
      await worker.tick()
      expect((await send(id, '+62 813 9999 0000')).status).toBe(202)
      await worker.tick()
      expect((await delivered()).slice(before)).toEqual([
        '6281234567890@s.whatsapp.net',
        '6281234567890@s.whatsapp.net',
        '6281399990000@s.whatsapp.net',
      ])
      const last = (await list()).find((s) => s.id === id)
      expect(last?.sent_phone).toBe('6281399990000')
      expect(last?.sent_at && first?.sent_at && last.sent_at >= first.sent_at).toBe(true)

      // Each send is in the project's history: who sent the link to which number.
      const sends = await t.db
        .selectFrom('history')
        .select(['action', 'actor_name', 'detail'])
        .where('object_id', '=', `share:${id}`)
        .where('action', '=', 'send')
        .orderBy('id')
        .execute()
      expect(sends.map((h) => [h.actor_name, JSON.parse(h.detail ?? '{}').sent_to])).toEqual([
        [admin.name, '6281234567890'],
        [admin.name, '6281234567890'],
        [admin.name, '6281399990000'],
      ])

      // A revoked link is not sent again, and keeps the number it last went to.
      await t.request('DELETE', `/api/share/${project.slug}/revoke/${id}`, { token: admin.token })
      expect((await send(id, '081234567890')).status).toBe(410)
      expect((await list()).find((s) => s.id === id)?.sent_phone).toBe('6281399990000')
    } finally {
      await worker.stop()
    }
  })
})

describe(`whom to contact (${TEST_DB})`, () => {
  it('the PIN form and the lock name the firm and its phone from the firm settings', async () => {
    const saved = await t.request('PUT', '/api/settings/firm', {
      token: admin.token,
      json: {
        name: 'PT Cipta Konsultan',
        address: 'Jl. Merdeka 10, Bandung',
        phone: '(022) 555-0101',
        signatories: [],
      },
    })
    expect(saved.status, saved.text).toBe(200)
    const made = await create({ report_id: (await report()).id, pin: '135790' })
    const token = (made.json.data.url as string).split('/s/')[1] as string
    const contact = 'Hubungi PT Cipta Konsultan ((022) 555-0101) bila Anda tidak tahu PIN-nya.'
    const form = await t.request('GET', `/s/${token}`)
    expect(form.status).toBe(401)
    expect(form.text).toContain('PT Cipta Konsultan')
    expect(form.text).toContain(contact)
    const post = () => t.request('POST', `/s/${token}`, { body: new URLSearchParams({ pin: '000000' }) })
    for (let i = 0; i < SHARE_PIN_TRIES; i++) expect((await post()).status).toBe(401)
    const locked = await post()
    expect(locked.status).toBe(429)
    expect(locked.text).toMatch(/Terlalu banyak percobaan PIN\. Coba lagi dalam \d+ menit\./)
    expect(locked.text).toContain(contact)
  })
})
