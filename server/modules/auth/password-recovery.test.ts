import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_MSG } from '../../../src/contracts/auth'
import { createTestApp, type TestApp } from '../../test/harness'
import { writeState } from '../whatsapp/state'
import { CODES_PER_ADDRESS_PER_HOUR, CODES_PER_EMAIL_PER_HOUR } from './password-codes'
import * as passwords from './passwords'

// A pass-through spy on the argon2 calls: "the same work" for an unknown email is counted, not timed.
vi.mock('./passwords', async (importOriginal) => {
  const m = await importOriginal<typeof import('./passwords')>()
  return { ...m, hashPassword: vi.fn(m.hashPassword), verifyPassword: vi.fn(m.verifyPassword) }
})

/**
 * Nobody locked out for good (issue 32): resets by an admin and by the superadmin, 'Lupa password?'
 * with a code sent by WhatsApp, and the deactivated account's message. Both databases.
 */

let t: TestApp
const from = (address: string) => ({ 'x-forwarded-for': address })
let addressSeq = 0
/** A fresh client address, so one test's code requests do not spend another's hourly budget. */
const freshAddress = () => `10.32.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true })
})
afterAll(() => t.close())
beforeEach(async () => {
  await writeState(t.db, { status: 'connected', account: '6281100000000' })
})

const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { json: { email, password }, headers: from(freshAddress()) })
const me = (token: string) => t.request('GET', '/api/user/me', { token })
const outboxTo = (userId: number) =>
  t.db.selectFrom('whatsapp_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute()
const historyOf = (userId: number) =>
  t.db
    .selectFrom('history')
    .selectAll()
    .where('object_kind', '=', 'account')
    .where('object_id', '=', `user:${userId}`)
    .orderBy('id')
    .execute()
const forgot = (email: string, address = freshAddress()) =>
  t.request('POST', '/api/auth/forgot', { json: { email }, headers: from(address) })
const reset = (email: string, code: string, newPassword = 'password-baru-9') =>
  t.request('POST', '/api/auth/reset', {
    json: { email, code, new_password: newPassword },
    headers: from(freshAddress()),
  })
/** The code the bot was asked to send: the only place it exists in clear. */
async function sentCode(userId: number): Promise<string> {
  const rows = await outboxTo(userId)
  const code = /\*(\d{6})\*/.exec(rows.at(-1)?.text ?? '')?.[1]
  if (!code) throw new Error('no code queued')
  return code
}

describe('an admin resets an employee password', () => {
  it('shows a readable password once, ends every session, keeps it in the history', async () => {
    const admin = await t.user('admin', { name: 'Bu Rina' })
    const worker = await t.user('pengawasan')
    const res = await t.request('POST', `/api/employee/reset-password/${worker.id}`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe(AUTH_MSG.passwordReset)
    const password = res.json.data.password as string
    expect(password).toMatch(/^[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4}$/)
    expect(password).not.toMatch(/[0O1lIoi5S2Z8Buv]/)
    expect((await me(worker.token)).status).toBe(401)
    expect((await login(worker.email, worker.password)).status).toBe(401)
    expect((await login(worker.email, password)).status).toBe(200)
    const [entry] = await historyOf(worker.id)
    expect(entry).toMatchObject({ project_id: null, actor_id: admin.id, actor_name: 'Bu Rina' })
    expect(entry?.action).toBe('password_reset')
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ via: 'shown' })
    // Nothing of the password is stored but its argon2 hash.
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', worker.id)
      .executeTakeFirst()
    expect(row?.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('sends it by WhatsApp instead, refused plainly without a bot or a number', async () => {
    const admin = await t.user('admin')
    const worker = await t.user('perencanaan', { phone: '0812-3456-7001' })
    await writeState(t.db, { status: 'starting', account: null })
    const unlinked = await t.request('POST', `/api/employee/reset-password/${worker.id}`, {
      token: admin.token,
      json: { via: 'whatsapp' },
    })
    expect(unlinked.status).toBe(409)
    expect(unlinked.json.message).toBe(AUTH_MSG.whatsappNotLinked)
    // Refused before anything changed: the old password and session still work.
    expect((await me(worker.token)).status).toBe(200)

    await writeState(t.db, { status: 'connected', account: '6281100000000' })
    const sent = await t.request('POST', `/api/employee/reset-password/${worker.id}`, {
      token: admin.token,
      json: { via: 'whatsapp' },
    })
    expect(sent.status).toBe(200)
    expect(sent.json.data).toEqual({ sent: 'whatsapp' })
    const [message] = await outboxTo(worker.id)
    expect(message).toMatchObject({ phone: '6281234567001', status: 'pending' })
    const password = /Password baru: (\S+)/.exec(message?.text ?? '')?.[1] ?? ''
    expect((await login(worker.email, password)).status).toBe(200)
    expect((await me(worker.token)).status).toBe(401)
    expect(JSON.parse((await historyOf(worker.id))[0]?.detail ?? '{}')).toEqual({ via: 'whatsapp' })

    const noPhone = await t.user('pengawasan', { phone: '' })
    const refused = await t.request('POST', `/api/employee/reset-password/${noPhone.id}`, {
      token: admin.token,
      json: { via: 'whatsapp' },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.message).toBe(AUTH_MSG.noWhatsAppNumber)
  })

  it('reaches employees only: an admin id is absent (404), a bad choice is 422', async () => {
    const admin = await t.user('admin')
    const other = await t.user('admin')
    const res = await t.request('POST', `/api/employee/reset-password/${other.id}`, { token: admin.token })
    expect(res.status).toBe(404)
    expect((await me(other.token)).status).toBe(200)
    const worker = await t.user('pengawasan')
    const bad = await t.request('POST', `/api/employee/reset-password/${worker.id}`, {
      token: admin.token,
      json: { via: 'sms' },
    })
    expect(bad.status).toBe(422)
    expect((await me(worker.token)).status).toBe(200)
  })
})

describe('the superadmin resets and edits admins', () => {
  it('resets an admin password, ending their sessions', async () => {
    const boss = await t.user('superadmin')
    const admin = await t.user('admin')
    const res = await t.request('POST', `/api/admin/reset-password/${admin.id}`, { token: boss.token })
    expect(res.status).toBe(200)
    expect((await me(admin.token)).status).toBe(401)
    expect((await login(admin.email, res.json.data.password)).status).toBe(200)
    expect((await historyOf(admin.id)).map((h) => h.action)).toEqual(['password_reset'])
    // An employee is not an admin: absent here.
    const worker = await t.user('perencanaan')
    expect(
      (await t.request('POST', `/api/admin/reset-password/${worker.id}`, { token: boss.token })).status,
    ).toBe(404)
  })

  it('edits an admin name, email and phone; the role and password stay', async () => {
    const boss = await t.user('superadmin')
    const admin = await t.user('admin')
    const taken = await t.user('pengawasan')
    const res = await t.request('PUT', `/api/admin/update/${admin.id}`, {
      token: boss.token,
      json: { name: 'Admin Baru Sekali', email: 'Admin.Baru@Berkas.test', phone: '081299998888' },
    })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      id: admin.id,
      name: 'Admin Baru Sekali',
      email: 'admin.baru@berkas.test',
      phone: '081299998888',
      role: 'admin',
    })
    expect((await login('admin.baru@berkas.test', admin.password)).status).toBe(200)
    const clash = await t.request('PUT', `/api/admin/update/${admin.id}`, {
      token: boss.token,
      json: { name: 'Admin Baru Sekali', email: taken.email, phone: '081299998888' },
    })
    expect(clash.status).toBe(409)
    const invalid = await t.request('PUT', `/api/admin/update/${admin.id}`, {
      token: boss.token,
      json: { name: 'A', email: 'bukan-email', phone: '1' },
    })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.json.errors).sort()).toEqual(['email', 'name', 'phone'])
  })
})

describe("'Lupa password?' with a code sent by WhatsApp", () => {
  it('sends a 6-digit code, stores only its hash, and the code sets a new password once', async () => {
    const worker = await t.user('pengawasan', { phone: '+62 812 3456 7002' })
    const res = await forgot(worker.email)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ success: true, message: AUTH_MSG.forgotSent })
    const code = await sentCode(worker.id)
    const [message] = await outboxTo(worker.id)
    expect(message?.phone).toBe('6281234567002')
    const [stored] = await t.db
      .selectFrom('password_codes')
      .selectAll()
      .where('user_id', '=', worker.id)
      .execute()
    expect(stored?.code_hash).toMatch(/^\$argon2id\$/)
    expect(stored?.code_hash).not.toContain(code)
    expect(new Date(stored?.expires_at ?? 0).getTime() - new Date(stored?.created_at ?? 0).getTime()).toBe(
      15 * 60_000,
    )

    const done = await reset(worker.email, code, 'password-baru-9')
    expect(done.status).toBe(200)
    expect(done.json.message).toBe(AUTH_MSG.resetDone)
    // Sessions ended; the old password is gone, the new one works.
    expect((await me(worker.token)).status).toBe(401)
    expect((await login(worker.email, worker.password)).status).toBe(401)
    expect((await login(worker.email, 'password-baru-9')).status).toBe(200)
    // Single use.
    const again = await reset(worker.email, code, 'password-lain-9')
    expect(again.status).toBe(422)
    expect(again.json.message).toBe(AUTH_MSG.codeInvalid)
    expect((await login(worker.email, 'password-baru-9')).status).toBe(200)
    expect((await historyOf(worker.id)).map((h) => [h.action, h.actor_id])).toEqual([
      ['password_code', worker.id],
      ['password_reset_code', worker.id],
    ])
    expect(JSON.parse((await historyOf(worker.id))[0]?.detail ?? '{}').sent_to).toBe('62812•••••002')
  })

  it('expires after 15 minutes', async () => {
    const worker = await t.user('perencanaan')
    await forgot(worker.email)
    const code = await sentCode(worker.id)
    await t.db
      .updateTable('password_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', worker.id)
      .execute()
    const res = await reset(worker.email, code)
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ code: AUTH_MSG.codeInvalid })
    expect((await me(worker.token)).status).toBe(200)
  })

  it('takes 5 tries: after 5 wrong codes the right one no longer works', async () => {
    const worker = await t.user('pengawasan')
    await forgot(worker.email)
    const code = await sentCode(worker.id)
    const wrong = code === '000000' ? '000001' : '000000'
    for (let i = 0; i < 5; i++) expect((await reset(worker.email, wrong)).status).toBe(422)
    const late = await reset(worker.email, code)
    expect(late.status).toBe(422)
    expect(late.json.message).toBe(AUTH_MSG.codeInvalid)
    const [row] = await t.db
      .selectFrom('password_codes')
      .select('tries')
      .where('user_id', '=', worker.id)
      .execute()
    expect(row?.tries).toBe(5)
  })

  it('a newer code ends the older one', async () => {
    const worker = await t.user('pengawasan')
    await forgot(worker.email)
    const first = await sentCode(worker.id)
    await forgot(worker.email)
    const second = await sentCode(worker.id)
    if (first !== second) expect((await reset(worker.email, first)).status).toBe(422)
    expect((await reset(worker.email, second)).status).toBe(200)
  })

  it('answers the same for an unknown email, a deactivated or phone-less account and an unlinked bot, doing the same work', async () => {
    const known = await t.user('pengawasan')
    const noPhone = await t.user('perencanaan', { phone: '' })
    const off = await t.user('pengawasan')
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', off.id).execute()
    const answers = []
    for (const email of [known.email, 'tidak.ada@berkas.test', noPhone.email, off.email]) {
      vi.mocked(passwords.hashPassword).mockClear()
      const res = await forgot(email)
      answers.push({ status: res.status, json: res.json, retry: res.headers.get('retry-after') })
      // One code made and hashed with argon2 for every email, known or not.
      expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(1)
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect((await outboxTo(known.id)).length).toBe(1)
    expect((await outboxTo(noPhone.id)).length).toBe(0)
    expect((await outboxTo(off.id)).length).toBe(0)

    await writeState(t.db, { status: 'starting', account: null })
    const unlinked = await forgot(known.email)
    expect({ status: unlinked.status, json: unlinked.json }).toEqual({ status: 200, json: answers[0]?.json })
    expect((await outboxTo(known.id)).length).toBe(1)

    // /reset: one argon2 check and one answer, whether the email exists or not.
    const replies = []
    for (const email of [known.email, 'tidak.ada@berkas.test']) {
      vi.mocked(passwords.verifyPassword).mockClear()
      const res = await reset(email, '123456')
      replies.push({ status: res.status, json: res.json })
      expect(vi.mocked(passwords.verifyPassword)).toHaveBeenCalledTimes(1)
    }
    expect(replies[0]).toEqual(replies[1])
    expect(replies[0]?.status).toBe(422)
  })

  it('limits codes per email (the same answer, nothing sent) and per address (429), counted in the database', async () => {
    const worker = await t.user('pengawasan')
    for (let i = 0; i < CODES_PER_EMAIL_PER_HOUR; i++) expect((await forgot(worker.email)).status).toBe(200)
    const over = await forgot(worker.email)
    expect(over.status).toBe(200)
    expect(over.json.message).toBe(AUTH_MSG.forgotSent)
    expect((await outboxTo(worker.id)).length).toBe(CODES_PER_EMAIL_PER_HOUR)

    const address = '10.99.0.1'
    for (let i = 0; i < CODES_PER_ADDRESS_PER_HOUR; i++) {
      expect((await forgot(`orang${i}@berkas.test`, address)).status).toBe(200)
    }
    const busy = await forgot('orang-lain@berkas.test', address)
    expect(busy.status).toBe(429)
    expect(busy.json.message).toMatch(/^Terlalu banyak permintaan kode\. Coba lagi dalam \d+ menit\.$/)
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not held back.
    expect((await forgot('orang-lain@berkas.test', '10.99.0.2')).status).toBe(200)

    // The counts are rows every process reads (usage_counters), keyed by hashes, not kept in memory:
    // without them, the same address and email are counted afresh.
    const rows = await t.db
      .selectFrom('usage_counters')
      .select(['key', 'count'])
      .where('key', 'like', 'forgot-%')
      .execute()
    expect(
      rows.some((r) => r.key.startsWith('forgot-email:') && Number(r.count) === CODES_PER_EMAIL_PER_HOUR + 1),
    ).toBe(true)
    expect(rows.every((r) => !r.key.includes('@') && !r.key.includes('10.99'))).toBe(true)
    await t.db.deleteFrom('usage_counters').where('key', 'like', 'forgot-%').execute()
    expect((await forgot('orang-lain@berkas.test', address)).status).toBe(200)
    expect((await forgot(worker.email)).status).toBe(200)
    expect((await outboxTo(worker.id)).length).toBe(CODES_PER_EMAIL_PER_HOUR + 1)
  })

  it('validates the body in Indonesian', async () => {
    const res = await t.request('POST', '/api/auth/reset', {
      json: { email: 'x', code: '12ab', new_password: '123' },
      headers: from(freshAddress()),
    })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({
      email: 'Email tidak valid',
      code: 'Kode harus 6 angka',
      new_password: 'Password baru minimal 8 karakter',
    })
    const none = await t.request('POST', '/api/auth/forgot', { json: {}, headers: from(freshAddress()) })
    expect(none.status).toBe(422)
  })
})

describe('a deactivated account', () => {
  it('is told so after the right password, and only then', async () => {
    const worker = await t.user('pengawasan')
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', worker.id).execute()
    const right = await login(worker.email, worker.password)
    expect(right.status).toBe(403)
    expect(right.json).toEqual({ success: false, message: 'Akun Anda dinonaktifkan. Hubungi admin.' })
    const wrong = await login(worker.email, 'salah-sekali')
    expect(wrong.status).toBe(401)
    expect(wrong.json.message).toBe('Email atau password salah')
  })
})
