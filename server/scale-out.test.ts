import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createS3Store, parseS3Url } from './storage/s3'
import { startTestS3 } from './storage/s3-test-server'
import { TEST_DB } from './test/harness'
import {
  callServer,
  databaseEnv,
  loginOn,
  newSchemaName,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from './test/server-process'

/**
 * Scale-out (issue 13): server processes on one database (PostgreSQL, or SQLite's file in WAL mode)
 * and one object store (s3rver on port 4341, or S3_TEST_URL), as behind a load balancer; `npm start`'s
 * cluster of WORKERS processes; a 200 MB upload streamed to the store with the server's memory flat.
 * Ports 4341-4349.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const SUPERADMIN = { email: 'super@skala.test', password: 'rahasia-super-admin' }
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

let s3: Awaited<ReturnType<typeof startTestS3>>
let dataDir: string
const schema = newSchemaName('scale')
let a: ServerProcess
let b: ServerProcess
let token: string

beforeAll(async () => {
  s3 = await startTestS3(4341)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-scale-'))
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  const env = { STORAGE_URL: s3.url, MAX_UPLOAD_MB: '250', ...s3.env }
  a = await startServer({ dataDir, schema, superadmin: SUPERADMIN, env: { ...env, PORT: '4342' } })
  b = await startServer({ dataDir, schema, superadmin: SUPERADMIN, env: { ...env, PORT: '4343' } })
  const superToken = await loginOn(a, SUPERADMIN.email, SUPERADMIN.password)
  const created = await callServer(b, 'POST', '/api/admin/create', {
    token: superToken,
    json: {
      name: 'Admin Skala',
      email: 'admin@skala.test',
      password: 'rahasia-admin',
      phone: '081234567890',
    },
  })
  expect(created.status).toBe(201)
  token = await loginOn(a, 'admin@skala.test', 'rahasia-admin')
}, 120_000)

afterAll(async () => {
  await Promise.all([stopServer(a), stopServer(b)])
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
  await s3?.stop()
})

async function createProject(server: ServerProcess, name: string) {
  const res = await callServer(server, 'POST', '/api/project/create', {
    token,
    json: { name, description: 'Uji skala' },
  })
  if (res.status !== 201) throw new Error(`project create: ${res.status} ${JSON.stringify(res.json)}`)
  return res.json.data as { id: number; slug: string }
}

function fileForm(name: string, data: Buffer) {
  const form = new FormData()
  form.append('files', new Blob([new Uint8Array(data)]), name)
  return form
}

describe('two servers, one database, one object store', () => {
  it('a file uploaded through one downloads through the other, whole and by range', async () => {
    const p = await createProject(a, 'Jembatan Skala')
    const data = randomBytes(3 * 1024 * 1024 + 17)
    const up = await callServer(a, 'POST', `/api/file/${p.slug}/upload/perencanaan`, {
      token,
      body: fileForm('gambar.bin', data),
    })
    expect(up.status, JSON.stringify(up.json)).toBe(201)
    const uuid = up.json.results[0].uuid as string
    const url = `${b.base}/api/file/${p.slug}/download/perencanaan/${uuid}`
    const whole = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    expect(whole.status).toBe(200)
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(data))
    const part = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=3145728-' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(3145728))).toBe(true)
    // Nothing on local disk: the blob is in the bucket only.
    expect(fs.existsSync(path.join(dataDir, 'storage', 'private'))).toBe(false)
  })

  it('deleting a project through one server removes its objects from the store', async () => {
    const store = createS3Store(parseS3Url(s3.url))
    const p = await createProject(b, 'Gedung Dihapus')
    const keys: string[] = []
    for (const area of ['perencanaan', 'pengawasan']) {
      const up = await callServer(b, 'POST', `/api/file/${p.slug}/upload/${area}`, {
        token,
        body: fileForm(`${area}.bin`, randomBytes(100_000)),
      })
      expect(up.status).toBe(201)
      const listed = await callServer(
        a,
        'GET',
        `/api/file/${p.slug}/download/${area}/${up.json.results[0].uuid}`,
        {
          token,
        },
      )
      expect(listed.status).toBe(200)
    }
    const before = new Set<string>()
    for await (const o of store.list('private')) before.add(o.key)
    const del = await callServer(a, 'DELETE', `/api/project/delete/${p.id}`, { token })
    expect(del.status).toBe(200)
    const after = new Set<string>()
    for await (const o of store.list('private')) after.add(o.key)
    for (const k of before) if (!after.has(k)) keys.push(k)
    // Exactly this project's two objects went; the other test's object stays.
    expect(keys).toHaveLength(2)
    expect(after.size).toBe(before.size - 2)
  })

  it('writers on both processes at once: every write succeeds (SQLite waits on its busy timeout, never SQLITE_BUSY)', async () => {
    const projects = await Promise.all([createProject(a, 'Tulis A'), createProject(b, 'Tulis B')])
    const N = 60
    const writes: Promise<number>[] = []
    for (let i = 0; i < N; i++) {
      const server = i % 2 ? a : b
      const p = projects[i % 2]
      // Creates, edits (read then write in one transaction) and uploads (a blob put, then a transaction).
      if (i % 3 === 0) writes.push(createProject(server, `Proyek ${i}`).then(() => 201))
      else if (i % 3 === 1)
        writes.push(
          callServer(server, 'PUT', `/api/project/update/${p.id}`, {
            token,
            json: { name: `Tulis ${i}`, description: `Revisi ${i}` },
          }).then((r) => r.status),
        )
      else
        writes.push(
          callServer(server, 'POST', `/api/file/${p.slug}/upload/pengawasan`, {
            token,
            body: fileForm(`f${i}.bin`, randomBytes(2000)),
          }).then((r) => r.status),
        )
    }
    const statuses = await Promise.all(writes)
    expect(statuses.filter((s) => s >= 400)).toEqual([])
    expect([...a.log, ...b.log].join('')).not.toMatch(/SQLITE_BUSY|database is locked/)
  })
})

/** VmRSS / VmHWM of a process in bytes (Linux). */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

describe('a 200 MB upload into the object store', () => {
  it('streams through the server: its peak memory grows far less than the file', async () => {
    const p = await createProject(a, 'Berkas Besar')
    const pid = a.proc.pid as number
    // Warm the route first so JIT and pools are in the baseline, then reset the peak (clear_refs 5).
    const warm = await callServer(a, 'POST', `/api/file/${p.slug}/upload/perencanaan`, {
      token,
      body: fileForm('kecil.bin', randomBytes(20 * 1024 * 1024)),
    })
    expect(warm.status).toBe(201)
    const before = memory(pid)
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')

    const size = 200 * 1024 * 1024
    const chunk = randomBytes(1024 * 1024)
    const hash = createHash('sha256')
    const boundary = 'batasbesar'
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="besar.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
        )
      },
      pull(controller) {
        if (sent >= size) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`))
          controller.close()
          return
        }
        // Each MB differs (its first bytes are the counter), so a lost or repeated part would show.
        const piece = Buffer.from(chunk)
        piece.writeUInt32BE(sent / chunk.length, 0)
        hash.update(piece)
        sent += piece.length
        controller.enqueue(piece)
      },
    })
    // The bytes go straight to the store: the server's staging folder on local disk stays empty.
    const staging = path.join(dataDir, 'upload-staging')
    fs.mkdirSync(staging, { recursive: true })
    const onDisk = new Set<string>()
    const watcher = fs.watch(staging, (_event, name) => {
      if (name) onDisk.add(String(name))
    })
    const res = await fetch(`${a.base}/api/file/${p.slug}/upload/perencanaan`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit)
    const json = (await res.json()) as { results: { uuid: string }[] }
    watcher.close()
    expect(res.status, JSON.stringify(json)).toBe(201)
    expect([...onDisk]).toEqual([])
    const after = memory(pid)
    const growth = after.peak - before.rss
    console.log(
      `200 MB upload to S3: server RSS before ${(before.rss / 2 ** 20).toFixed(0)} MB, peak during ${(after.peak / 2 ** 20).toFixed(0)} MB (+${(growth / 2 ** 20).toFixed(0)} MB)`,
    )
    // Generous: lib-storage holds queueSize x partSize (16 MB) plus stream buffers; a buffered upload
    // would add the whole 200 MB.
    expect(growth).toBeLessThan(120 * 1024 * 1024)

    const download = await fetch(
      `${b.base}/api/file/${p.slug}/download/perencanaan/${json.results[0].uuid}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    )
    expect(download.headers.get('content-length')).toBe(String(size))
    const got = createHash('sha256')
    for await (const part of download.body as unknown as AsyncIterable<Uint8Array>) got.update(part)
    expect(got.digest('hex')).toBe(hash.digest('hex'))
  }, 300_000)
})

describe('npm start: a cluster of WORKERS processes on one port', () => {
  let primary: ChildProcess | undefined
  afterAll(() => {
    if (primary && primary.exitCode === null) primary.kill('SIGTERM')
  })

  it('serves from two workers, replaces one that dies, and stops them all on SIGTERM', async () => {
    const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-cluster-'))
    const clusterSchema = newSchemaName('cl')
    if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${clusterSchema}`)
    const log: string[] = []
    primary = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        WORKERS: '2',
        PORT: '4344',
        HOST: '127.0.0.1',
        DATA_DIR: clusterDir,
        WEB_DIR: '',
        LOG_LEVEL: 'info',
        SUPERADMIN_EMAIL: SUPERADMIN.email,
        SUPERADMIN_PASSWORD: SUPERADMIN.password,
        ...databaseEnv(clusterSchema),
      },
    })
    primary.stdout?.on('data', (c: Buffer) => log.push(c.toString()))
    primary.stderr?.on('data', (c: Buffer) => log.push(c.toString()))
    const text = () => log.join('')
    const workers = () => [...text().matchAll(/pekerja (\d+) berjalan/g)].map((m) => Number(m[1]))
    const until = async (check: () => boolean, what: string) => {
      const end = Date.now() + 60_000
      while (!check()) {
        if (Date.now() > end || primary?.exitCode !== null) throw new Error(`${what}:\n${text()}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    try {
      await until(
        () => (text().match(/Berkas berjalan di http:\/\/127\.0\.0\.1:4344/g) ?? []).length === 2,
        'two workers listen',
      )
      // Migrated once, by the primary: the workers only checked.
      expect(text()).toContain('Berkas: 2 proses pekerja di port 4344')
      const [first, second] = workers()
      expect(first).not.toBe(second)
      const health = await fetch('http://127.0.0.1:4344/api/health')
      expect(health.status).toBe(200)
      const superToken = await loginOn(
        { base: 'http://127.0.0.1:4344' } as ServerProcess,
        SUPERADMIN.email,
        SUPERADMIN.password,
      )
      expect(superToken).toBeTruthy()

      process.kill(first as number, 'SIGKILL')
      await until(() => workers().length === 3, 'a replacement worker')
      expect(text()).toMatch(new RegExp(`pekerja ${first} berhenti \\(SIGKILL\\); diganti`))
      await until(
        () => (text().match(/Berkas berjalan di http:\/\/127\.0\.0\.1:4344/g) ?? []).length === 3,
        'the replacement listens',
      )
      // Logged in through one worker, the session works on whichever answers now.
      for (let i = 0; i < 6; i++) {
        const me = await fetch('http://127.0.0.1:4344/api/user/me', {
          headers: { authorization: `Bearer ${superToken}` },
        })
        expect(me.status).toBe(200)
      }

      const exited = new Promise<number | null>((resolve) => primary?.once('exit', (code) => resolve(code)))
      primary.kill('SIGTERM')
      expect(await exited).toBe(0)
      for (const pid of workers()) expect(() => process.kill(pid, 0)).toThrow()
    } finally {
      if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${clusterSchema} CASCADE`)
      fs.rmSync(clusterDir, { recursive: true, force: true })
    }
  }, 120_000)
})
