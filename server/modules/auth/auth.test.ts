import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { knownDevice } from './login-devices'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ loginLimit: { perPair: 3, perAccount: 100, perAddress: 8, windowMs: 60_000 } })
})
afterAll(() => t.close())

describe('POST /api/auth/login', () => {
  it('logs in with the user fields and a token, email case-insensitively', async () => {
    const u = await t.user('admin', { email: 'Budi@Contoh.co.id'.toLowerCase(), name: 'Budi Santoso' })
    const res = await t.request('POST', '/api/auth/login', {
      json: { email: 'BUDI@contoh.co.id', password: u.password },
    })
    expect(res.status).toBe(200)
    expect(res.json.success).toBe(true)
    expect(res.json.data).toMatchObject({
      id: u.id,
      name: 'Budi Santoso',
      email: 'budi@contoh.co.id',
      role: 'admin',
      is_active: true,
    })
    expect(res.json.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(res.json.data).not.toHaveProperty('password_hash')
  })

  it('answers the same message for a wrong password and an unknown account', async () => {
    const u = await t.user('pengawasan')
    const wrong = await t.request('POST', '/api/auth/login', {
      json: { email: u.email, password: 'salah-sekali' },
    })
    const unknown = await t.request('POST', '/api/auth/login', {
      json: { email: 'tidak.ada@berkas.test', password: 'salah-sekali' },
    })
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ success: false, message: 'Email atau password salah' })
    }
  })

  it('validates the body with the form messages', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      json: { email: 'bukan-email', password: '123' },
    })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ email: 'Email tidak valid', password: 'Password minimal 6 karakter' })
  })

  it('answers 400 for malformed JSON, 415 for a non-JSON body, 413 for an oversized one, never 500', async () => {
    const bad = await t.request('POST', '/api/auth/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('Permintaan tidak valid')
    const form = await t.request('POST', '/api/auth/login', {
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    const arr = await t.request('POST', '/api/auth/login', { json: [1, 2] })
    expect(arr.status).toBe(400)
    const wrongTypes = await t.request('POST', '/api/auth/login', { json: { email: 42, password: { a: 1 } } })
    expect(wrongTypes.status).toBe(422)
    const huge = await t.request('POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(huge.status).toBe(413)
  })

  it('refuses inactive and deleted users', async () => {
    const u = await t.user('perencanaan')
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', u.id).execute()
    // Told plainly after the right password (issue 32), so they ask an admin instead of guessing on.
    const res = await t.request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })
    expect(res.status).toBe(403)
    expect(res.json.message).toBe('Akun Anda dinonaktifkan. Hubungi admin.')
    const removed = await t.user('pengawasan')
    await t.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', removed.id)
      .execute()
    const gone = await t.request('POST', '/api/auth/login', {
      json: { email: removed.email, password: removed.password },
    })
    expect(gone.status).toBe(401)
    expect(gone.json.message).toBe('Email atau password salah')
  })

  it('rate limits failures per account and address with an Indonesian 429 and Retry-After', async () => {
    const u = await t.user('pengawasan')
    for (let i = 0; i < 3; i++) {
      const res = await t.request('POST', '/api/auth/login', {
        json: { email: u.email, password: 'salah-salah' },
      })
      expect(res.status).toBe(401)
    }
    const limited = await t.request('POST', '/api/auth/login', {
      json: { email: u.email, password: u.password },
    })
    expect(limited.status).toBe(429)
    expect(limited.json.message).toMatch(/^Terlalu banyak percobaan masuk\. Coba lagi dalam \d+ menit\.$/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('rate limits failures per IP across accounts', async () => {
    const t2 = await createTestApp({
      loginLimit: { perPair: 100, perAccount: 100, perAddress: 4, windowMs: 60_000 },
    })
    try {
      for (let i = 0; i < 4; i++) {
        await t2.request('POST', '/api/auth/login', {
          json: { email: `x${i}@berkas.test`, password: 'salah-salah' },
        })
      }
      const res = await t2.request('POST', '/api/auth/login', {
        json: { email: 'y@berkas.test', password: 'salah-salah' },
      })
      expect(res.status).toBe(429)
    } finally {
      await t2.close()
    }
  })
})

describe('login limits cannot be used to lock an owner out', () => {
  const from = (t: TestApp, address: string, email: string, password: string) =>
    t.request('POST', '/api/auth/login', {
      json: { email, password },
      headers: { 'x-forwarded-for': address },
    })

  it('a stranger locking a pair leaves the owner free from another address', async () => {
    const t4 = await createTestApp({
      trustProxy: true,
      loginLimit: { perPair: 3, perAccount: 20, perAddress: 100, windowMs: 60_000 },
    })
    try {
      const u = await t4.user('pengawasan')
      for (let i = 0; i < 3; i++) expect((await from(t4, '6.6.6.6', u.email, 'salah-salah')).status).toBe(401)
      expect((await from(t4, '6.6.6.6', u.email, u.password)).status).toBe(429)
      expect((await from(t4, '10.1.1.1', u.email, u.password)).status).toBe(200)
    } finally {
      await t4.close()
    }
  })

  it('a success clears its own pair; failures spread over many addresses meet the account ceiling', async () => {
    const t5 = await createTestApp({
      trustProxy: true,
      loginLimit: { perPair: 3, perAccount: 6, perAddress: 100, windowMs: 60_000 },
    })
    try {
      const u = await t5.user('perencanaan')
      for (let i = 0; i < 2; i++) await from(t5, '10.1.1.1', u.email, 'salah-salah')
      expect((await from(t5, '10.1.1.1', u.email, u.password)).status).toBe(200)
      // The pair starts again from zero after the success.
      for (let i = 0; i < 3; i++)
        expect((await from(t5, '10.1.1.1', u.email, 'salah-salah')).status).toBe(401)
      // 2 + 3 failures so far; one more from elsewhere reaches the ceiling of 6, then every address waits.
      expect((await from(t5, '7.7.7.1', u.email, 'salah-salah')).status).toBe(401)
      const limited = await from(t5, '7.7.7.2', u.email, u.password)
      expect(limited.status).toBe(429)
      expect(limited.json.message).toMatch(/^Terlalu banyak percobaan masuk\. Coba lagi dalam \d+ menit\.$/)
    } finally {
      await t5.close()
    }
  })

  it('the owner signs in from a browser used before while an attacker exhausts the account, the address and the pair', async () => {
    const t6 = await createTestApp({
      trustProxy: true,
      loginLimit: { perPair: 3, perAccount: 6, perAddress: 8, windowMs: 60_000 },
    })
    try {
      const u = await t6.user('pengawasan')
      // Yesterday: the owner signed in from this browser, which keeps the device token it was handed.
      const first = await from(t6, '10.1.1.1', u.email, u.password)
      expect(first.status).toBe(200)
      const device = first.json.data.device_token as string
      expect(device).toMatch(/^[\w-]{20,}$/)
      // Today: an attacker hammers the account from many addresses and from the owner's own address
      // (one proxy or one office NAT for everybody).
      const answers: number[] = []
      for (let i = 0; i < 12; i++)
        answers.push((await from(t6, `6.6.6.${i % 3}`, u.email, 'tebak-tebak')).status)
      for (let i = 0; i < 10; i++) answers.push((await from(t6, '10.1.1.1', u.email, 'tebak-tebak')).status)
      expect(answers).toContain(429)
      expect(answers.every((s) => s === 401 || s === 429)).toBe(true)
      // Without the device token even the right password waits: the account is under attack.
      expect((await from(t6, '10.1.1.1', u.email, u.password)).status).toBe(429)
      // With it, the owner is in, and keeps the same token.
      const owner = await t6.request('POST', '/api/auth/login', {
        json: { email: u.email, password: u.password },
        headers: { 'x-forwarded-for': '10.1.1.1', 'x-login-device': device },
      })
      expect(owner.status).toBe(200)
      expect(owner.json.data.device_token).toBe(device)
      // A device token is the account's own: shown for another account it changes nothing.
      const other = await t6.user('perencanaan')
      for (let i = 0; i < 3; i++) await from(t6, '6.6.6.9', other.email, 'tebak-tebak')
      const borrowed = await t6.request('POST', '/api/auth/login', {
        json: { email: other.email, password: 'tebak-tebak' },
        headers: { 'x-forwarded-for': '6.6.6.9', 'x-login-device': device },
      })
      expect(borrowed.status).toBe(429)
      // And guesses made with a stolen device token meet the device's own limit.
      for (let i = 0; i < 3; i++)
        expect(
          (
            await t6.request('POST', '/api/auth/login', {
              json: { email: u.email, password: 'tebak-tebak' },
              headers: { 'x-forwarded-for': '6.6.6.1', 'x-login-device': device },
            })
          ).status,
        ).toBe(401)
      const stolen = await t6.request('POST', '/api/auth/login', {
        json: { email: u.email, password: 'tebak-tebak' },
        headers: { 'x-forwarded-for': '6.6.6.1', 'x-login-device': device },
      })
      expect(stolen.status).toBe(429)
      // A removed account's browsers are nobody's once its email is taken again.
      expect(await knownDevice(t6.db, u.email, device)).toBeDefined()
      await t6.db
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', u.id)
        .execute()
      expect(await knownDevice(t6.db, u.email, device)).toBeUndefined()
    } finally {
      await t6.close()
    }
  })

  it('concurrent failures never pass the pair limit', async () => {
    const t6 = await createTestApp({
      trustProxy: true,
      loginLimit: { perPair: 4, perAccount: 100, perAddress: 100, windowMs: 60_000 },
    })
    try {
      const u = await t6.user('admin')
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => from(t6, '8.8.8.8', u.email, 'salah-salah')),
      )
      const checked = answers.filter((a) => a.status === 401).length
      expect(checked).toBeLessThanOrEqual(4)
      expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true)
    } finally {
      await t6.close()
    }
  })
})

describe('login rate limit behind a reverse proxy', () => {
  it('keys on the address the proxy appended, not on forgeable earlier entries', async () => {
    const t3 = await createTestApp({
      trustProxy: true,
      loginLimit: { perPair: 100, perAccount: 100, perAddress: 2, windowMs: 60_000 },
    })
    try {
      const attempt = (forwardedFor: string) =>
        t3.request('POST', '/api/auth/login', {
          json: { email: 'x@berkas.test', password: 'salah-salah' },
          headers: { 'x-forwarded-for': forwardedFor },
        })
      expect((await attempt('1.1.1.1, 10.0.0.7')).status).toBe(401)
      expect((await attempt('2.2.2.2, 10.0.0.7')).status).toBe(401)
      // Same proxy-seen address, whatever the client claims before it: limited.
      expect((await attempt('3.3.3.3, 10.0.0.7')).status).toBe(429)
      // Another client behind the same proxy still gets its own budget.
      expect((await attempt('10.0.0.8')).status).toBe(401)
    } finally {
      await t3.close()
    }
  })
})

describe('POST /api/auth/logout', () => {
  it('requires auth', async () => {
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(401)
  })

  it('revokes the token server-side and keeps other sessions', async () => {
    const u = await t.user('admin')
    const second = await t.request('POST', '/api/auth/login', {
      json: { email: u.email, password: u.password },
    })
    const res = await t.request('POST', '/api/auth/logout', { token: u.token })
    expect(res.status).toBe(200)
    expect((await t.request('GET', '/api/user/me', { token: u.token })).status).toBe(401)
    expect((await t.request('GET', '/api/user/me', { token: second.json.data.token })).status).toBe(200)
  })
})

describe('tokens', () => {
  it('rejects garbage and expired tokens', async () => {
    expect((await t.request('GET', '/api/user/me', { token: 'abc' })).status).toBe(401)
    expect(
      (await t.request('GET', '/api/user/me', { headers: { authorization: 'Basic Zm9vOmJhcg==' } })).status,
    ).toBe(401)
    const u = await t.user('admin')
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute()
    const res = await t.request('GET', '/api/user/me', { token: u.token })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('Sesi Anda telah berakhir, silakan masuk kembali')
  })

  it('a session kept in the read cache still expires on time and dies at logout', async () => {
    const u = await t.user('admin')
    expect((await t.request('GET', '/api/user/me', { token: u.token })).status).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + t.deps.config.tokenTtlMs + 1000)
      expect((await t.request('GET', '/api/user/me', { token: u.token })).status).toBe(401)
    } finally {
      vi.useRealTimers()
    }
    const v = await t.user('pengawasan')
    expect((await t.request('GET', '/api/user/me', { token: v.token })).status).toBe(200)
    await t.request('POST', '/api/auth/logout', { token: v.token })
    expect((await t.request('GET', '/api/user/me', { token: v.token })).status).toBe(401)
  })

  it('unknown API paths answer 401 to strangers and a JSON 404 to users', async () => {
    expect((await t.request('GET', '/api/tidak-ada')).status).toBe(401)
    const u = await t.user('admin')
    const res = await t.request('GET', '/api/tidak-ada', { token: u.token })
    expect(res.status).toBe(404)
    expect(res.json.success).toBe(false)
  })
})
