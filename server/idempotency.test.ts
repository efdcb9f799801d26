import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from './deps'
import type { DomainEvent } from './events'
import { AppError } from './http'
import {
  canonicalJson,
  IDEMPOTENCY_TTL_MS,
  idempotentCreate,
  requestFingerprint,
  sweepIdempotencyKeys,
} from './idempotency'
import { createTestApp, TEST_DB, type TestApp } from './test/harness'

let t: TestApp
let superadmin: Awaited<ReturnType<TestApp['user']>>
let admin: Awaited<ReturnType<TestApp['user']>>
let planner: Awaited<ReturnType<TestApp['user']>>
const events: DomainEvent[] = []

beforeAll(async () => {
  t = await createTestApp()
  superadmin = await t.user('superadmin')
  admin = await t.user('admin')
  planner = await t.user('perencanaan')
  t.deps.events.subscribe((e) => void events.push(e))
})
afterAll(() => t.close())

const keyRows = (userId: number) =>
  t.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).execute()
const projectsNamed = (name: string) =>
  t.db.selectFrom('projects').select('id').where('name', '=', name).execute()

function createProject(json: unknown, key?: string, token = admin.token) {
  return t.request('POST', '/api/project/create', {
    token,
    json,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })
}

describe(`Idempotency-Key on the create calls (${TEST_DB})`, () => {
  it('replays the first answer for a repeat and stores nothing new', async () => {
    const key = randomUUID()
    const body = { name: 'Sekali', description: 'Dibuat sekali saja' }
    const before = (await keyRows(admin.id)).length
    events.length = 0
    const first = await createProject(body, key)
    const second = await createProject(body, key)
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.text).toBe(first.text)
    expect(second.json).toMatchObject({ success: true, message: 'Project berhasil dibuat' })
    expect(await projectsNamed('Sekali')).toHaveLength(1)
    expect(await keyRows(admin.id)).toHaveLength(before + 1)
    // The domain event went out once, for the create that committed.
    expect(events.filter((e) => e.type === 'project_created')).toHaveLength(1)
  })

  it('an employee create repeated with another password answers 422; the same password replays', async () => {
    const key = randomUUID()
    const body = {
      name: 'Dewi Lapangan',
      email: `dewi.${key.slice(0, 8)}@berkas.test`,
      password: 'pertama-rahasia',
      phone: '081234567890',
      role: 'pengawasan',
    }
    const send = (password: string) =>
      t.request('POST', `/api/employee/create/${admin.id}`, {
        token: admin.token,
        json: { ...body, password },
        headers: { 'idempotency-key': key },
      })
    const first = await send('pertama-rahasia')
    expect(first.status).toBe(201)
    const other = await send('kedua-berbeda')
    expect(other.status).toBe(422)
    expect(other.json.message).toBe('Idempotency-Key sudah dipakai untuk permintaan lain')
    const same = await send('pertama-rahasia')
    expect(same.status).toBe(201)
    expect(same.headers.get('idempotent-replayed')).toBe('true')
    // The account keeps the first password, and no fast hash of any password is stored with the key.
    const login = (password: string) =>
      t.request('POST', '/api/auth/login', { json: { email: body.email, password } })
    expect((await login('pertama-rahasia')).status).toBe(200)
    expect((await login('kedua-berbeda')).status).toBe(401)
    const rows = await keyRows(admin.id)
    expect(JSON.stringify(rows)).not.toContain('pertama-rahasia')
  })

  it('the same body with its keys in another order is the same request', async () => {
    const key = randomUUID()
    const first = await createProject({ name: 'Urutan', description: 'Kunci diacak' }, key)
    const second = await createProject({ description: 'Kunci diacak', name: 'Urutan' }, key)
    expect(second.status).toBe(201)
    expect(second.json.data.id).toBe(first.json.data.id)
  })

  it('a key reused with a different body answers 422 and creates nothing', async () => {
    const key = randomUUID()
    await createProject({ name: 'Asli', description: 'Yang pertama' }, key)
    const other = await createProject({ name: 'Lain', description: 'Yang kedua' }, key)
    expect(other.status).toBe(422)
    expect(other.json).toMatchObject({
      success: false,
      message: 'Idempotency-Key sudah dipakai untuk permintaan lain',
    })
    expect(await projectsNamed('Lain')).toHaveLength(0)
    // The same key on another create call is another request too.
    const elsewhere = await t.request('POST', `/api/employee/create/${admin.id}`, {
      token: admin.token,
      json: {
        name: 'Pegawai',
        email: 'pegawai-kunci@berkas.test',
        password: 'rahasia-123',
        role: 'pengawasan',
      },
      headers: { 'idempotency-key': key },
    })
    expect(elsewhere.status).toBe(422)
  })

  it('keys belong to their user: two users may send the same key', async () => {
    const key = randomUUID()
    const other = await t.user('admin')
    const a = await createProject({ name: 'Milik A', description: 'a' }, key)
    const b = await createProject({ name: 'Milik A', description: 'a' }, key, other.token)
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect(b.json.data.id).not.toBe(a.json.data.id)
  })

  it('an invalid key answers 400 in Indonesian and stores nothing', async () => {
    const before = (await keyRows(admin.id)).length
    for (const key of ['x', 'a'.repeat(101), 'kunci dengan spasi', 'ünïcode-key']) {
      const res = await createProject({ name: 'Kunci Salah', description: 'x' }, key)
      expect(res.status).toBe(400)
      expect(res.json.message).toMatch(/^Idempotency-Key tidak valid/)
    }
    expect(await projectsNamed('Kunci Salah')).toHaveLength(0)
    expect(await keyRows(admin.id)).toHaveLength(before)
  })

  it('a refused or invalid request stores nothing, so the key still works afterwards', async () => {
    const key = randomUUID()
    const refused = await createProject({ name: 'Ditolak', description: 'x' }, key, planner.token)
    expect(refused.status).toBe(403)
    expect(await keyRows(planner.id)).toHaveLength(0)

    const invalid = await createProject({ name: '', description: 'x' }, key)
    expect(invalid.status).toBe(422)
    const valid = await createProject({ name: 'Setelah Gagal', description: 'x' }, key)
    expect(valid.status).toBe(201)
    expect(valid.headers.get('idempotent-replayed')).toBeNull()
  })

  it('admin and employee creates replay too, and the password is not part of the fingerprint', async () => {
    const key = randomUUID()
    const body = {
      name: 'Admin Kunci',
      email: 'admin-kunci@berkas.test',
      password: 'rahasia-123',
      phone: '0812345678',
    }
    const first = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: body,
      headers: { 'idempotency-key': key },
    })
    const again = await t.request('POST', '/api/admin/create', {
      token: superadmin.token,
      json: body,
      headers: { 'idempotency-key': key },
    })
    expect(first.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json.data.id).toBe(first.json.data.id)
    const row = (await keyRows(superadmin.id)).find((r) => r.key === key)
    const withoutPassword = { ...body, password: undefined }
    expect(row?.request_hash).toBe(requestFingerprint('POST', '/api/admin/create', withoutPassword))
  })

  it('concurrent requests with one key create exactly one row and all get its answer', async () => {
    const key = randomUUID()
    const body = { name: 'Serentak', description: 'Dikirim bersamaan' }
    const answers = await Promise.all(Array.from({ length: 8 }, () => createProject(body, key)))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((a) => a.json.data.id)).size).toBe(1)
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1)
    expect(await projectsNamed('Serentak')).toHaveLength(1)
  })

  it('concurrent employee creates with one key: the losers replay instead of answering 409', async () => {
    const key = randomUUID()
    const json = {
      name: 'Pegawai Serentak',
      email: 'serentak@berkas.test',
      password: 'rahasia-123',
      role: 'pengawasan',
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request('POST', `/api/employee/create/${admin.id}`, {
          token: admin.token,
          json,
          headers: { 'idempotency-key': key },
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201))
    expect(new Set(answers.map((a) => a.json.data.id)).size).toBe(1)
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'serentak@berkas.test')
      .execute()
    expect(users).toHaveLength(1)
  })

  it('a key older than a day no longer counts, and the sweep deletes it', async () => {
    const key = randomUUID()
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000).toISOString()
    await t.db
      .insertInto('idempotency_keys')
      .values({ user_id: admin.id, key, request_hash: 'lama', status: 201, body: '{}', created_at: old })
      .execute()
    const res = await createProject({ name: 'Kunci Kedaluwarsa', description: 'x' }, key)
    expect(res.status).toBe(201)
    expect(res.headers.get('idempotent-replayed')).toBeNull()

    // The expired row was taken over in the claim's one statement: the key now holds this answer, and
    // a repeat replays it.
    const taken = (await keyRows(admin.id)).filter((r) => r.key === key)
    expect(taken).toHaveLength(1)
    expect(taken[0]?.created_at).not.toBe(old)
    const repeat = await createProject({ name: 'Kunci Kedaluwarsa', description: 'x' }, key)
    expect(repeat.headers.get('idempotent-replayed')).toBe('true')
    expect(repeat.json.data.id).toBe(res.json.data.id)
    expect(await projectsNamed('Kunci Kedaluwarsa')).toHaveLength(1)

    const stale = randomUUID()
    await t.db
      .insertInto('idempotency_keys')
      .values({
        user_id: admin.id,
        key: stale,
        request_hash: 'lama',
        status: 201,
        body: '{}',
        created_at: old,
      })
      .execute()
    await sweepIdempotencyKeys(t.db)
    const keys = (await keyRows(admin.id)).map((r) => r.key)
    expect(keys).not.toContain(stale)
    expect(keys).toContain(key)
  })

  it('reads the body before opening its transaction: a slow client holds no database connection', async () => {
    const head = '{"name":"Dikirim Pelan",'
    const tail = '"description":"Tubuh permintaan datang sepotong-sepotong"}'
    const encoder = new TextEncoder()
    let rest!: () => void
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head))
        rest = () => {
          controller.enqueue(encoder.encode(tail))
          controller.close()
        }
      },
    })
    const slow = t.app.request(
      new Request('http://berkas.test/api/project/create', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'application/json',
          'content-length': String(encoder.encode(head + tail).length),
          'idempotency-key': `pelan-${randomUUID()}`,
        },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    // While that body is incomplete, other calls are answered (SQLite has one connection to hold).
    const other = await t.request('GET', '/api/project/list', { token: admin.token })
    expect(other.status).toBe(200)
    rest()
    expect((await slow).status).toBe(201)
    expect(await projectsNamed('Dikirim Pelan')).toHaveLength(1)
  })

  it('without a key, creates work as before and store nothing', async () => {
    const before = (await keyRows(admin.id)).length
    const a = await createProject({ name: 'Tanpa Kunci', description: 'x' })
    const b = await createProject({ name: 'Tanpa Kunci', description: 'x' })
    expect([a.status, b.status]).toEqual([201, 201])
    expect(await projectsNamed('Tanpa Kunci')).toHaveLength(2)
    expect(await keyRows(admin.id)).toHaveLength(before)
  })
})

describe(`idempotentCreate (${TEST_DB})`, () => {
  /** A route using the helper directly, so a test can make the work fail where it wants. */
  function appWith(work: Parameters<typeof idempotentCreate>[2]) {
    const app = new Hono<AppEnv>()
    app.use('*', async (c, next) => {
      c.set('user', admin)
      await next()
    })
    app.onError((err, c) =>
      err instanceof AppError
        ? c.json({ message: err.message }, err.status)
        : c.json({ message: 'gagal' }, 500),
    )
    app.post('/buat', (c) => idempotentCreate(c, t.deps, work))
    return (key: string, body: unknown = { n: 1 }) =>
      app.request('/buat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      })
  }
  const insertProject = (db: TestApp['db'], name: string) =>
    db
      .insertInto('projects')
      .values({
        slug: randomUUID(),
        name,
        description: 'x',
        created_by: admin.id,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()

  it('a failed handler leaves no key row and no created row; the retry succeeds', async () => {
    const key = randomUUID()
    let fail = true
    const post = appWith(async ({ claim }) => {
      const tx = await claim({ n: 1 })
      const row = await insertProject(tx.trx, 'Gagal Lalu Ulang')
      tx.publish({
        type: 'project_created',
        actorId: admin.id,
        projectId: row.id,
        name: 'x',
        slug: 'x',
      })
      if (fail) throw new Error('mati di tengah')
      return { status: 201, message: 'ok', data: row }
    })
    events.length = 0
    expect((await post(key)).status).toBe(500)
    expect((await keyRows(admin.id)).filter((r) => r.key === key)).toHaveLength(0)
    expect(await projectsNamed('Gagal Lalu Ulang')).toHaveLength(0)
    expect(events).toHaveLength(0) // events of a rolled-back create never go out

    fail = false
    const retry = await post(key)
    expect(retry.status).toBe(201)
    expect(await projectsNamed('Gagal Lalu Ulang')).toHaveLength(1)
    expect(events).toHaveLength(1)
    expect((await post(key)).headers.get('idempotent-replayed')).toBe('true')
    expect(events).toHaveLength(1)
  })

  it("a service handed the create's transaction writes in it (no transaction of its own)", async () => {
    const service = (db: TestApp['db']) => insertProject(db, 'Bersarang')
    const post = appWith(async ({ claim }) => {
      const { trx } = await claim({ n: 1 })
      const row = await service(trx)
      return { status: 201, message: 'ok', data: row }
    })
    const res = await post(randomUUID())
    expect(res.status).toBe(201)
    expect(await projectsNamed('Bersarang')).toHaveLength(1)
  })

  it('a work that never claims the key it was sent is a programming error that stores no key', async () => {
    const key = randomUUID()
    const post = appWith(async () => ({ status: 201, message: 'ok' }))
    expect((await post(key)).status).toBe(500)
    expect((await keyRows(admin.id)).map((r) => r.key)).not.toContain(key)
  })

  it("Kysely's helpers (db.fn) work on the database before the claim and on its transaction after", async () => {
    const post = appWith(async ({ claim }) => {
      const count = (db: TestApp['db']) =>
        db.selectFrom('projects').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const before = Number((await count(t.deps.db)).n)
      const { trx } = await claim({})
      const after = Number((await count(trx)).n)
      return { status: 201, message: 'ok', data: { same: before === after } }
    })
    const res = await post(randomUUID())
    expect(res.status).toBe(201)
    expect((await res.json()).data).toEqual({ same: true })
  })

  it('what the work writes after claim() is rolled back with it', async () => {
    const post = appWith(async ({ claim }) => {
      const { trx } = await claim({})
      await insertProject(trx, 'Ditarik Kembali')
      throw new AppError(422, 'Gagal di tengah jalan')
    })
    expect((await post(randomUUID())).status).toBe(422)
    expect(await projectsNamed('Ditarik Kembali')).toHaveLength(0)
  })

  it('a process killed mid-create leaves nothing behind: the retry creates (no 409 forever)', async () => {
    const key = randomUUID()
    const pgSchema =
      TEST_DB === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0].s
        : '-'
    const databaseUrl =
      TEST_DB === 'postgres' ? (process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : '-'
    const root = path.resolve(import.meta.dirname, '..')
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/test/idempotency-crash-child.ts',
        databaseUrl,
        t.dataDir,
        pgSchema,
        String(admin.id),
        key,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('in-flight')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`child exited early (${code})`)))
    })
    child.removeAllListeners('exit')
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill('SIGKILL')
    await exited

    const retry = await createProject(
      { name: 'Proyek Terputus', description: 'Proses mati di tengah jalan' },
      key,
    )
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(await projectsNamed('Proyek Terputus')).toHaveLength(1)
  })
})

describe('request fingerprint', () => {
  it('is canonical over key order and covers method, path and body', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":2,"f":1}]},"b":1}',
    )
    const fp = requestFingerprint('POST', '/api/x', { a: 1, b: 2 })
    expect(requestFingerprint('post', '/api/x', { b: 2, a: 1 })).toBe(fp)
    expect(requestFingerprint('PUT', '/api/x', { a: 1, b: 2 })).not.toBe(fp)
    expect(requestFingerprint('POST', '/api/y', { a: 1, b: 2 })).not.toBe(fp)
    expect(requestFingerprint('POST', '/api/x', { a: 1, b: 3 })).not.toBe(fp)
    // Multipart: field values plus each file's name and sha256.
    const files = [{ name: 'a.jpg', sha256: 'aa' }]
    expect(requestFingerprint('POST', '/u', { fields: { d: 'x' }, files })).not.toBe(
      requestFingerprint('POST', '/u', { fields: { d: 'x' }, files: [{ name: 'a.jpg', sha256: 'bb' }] }),
    )
  })
})
