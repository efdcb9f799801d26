import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchDir as stagingDir } from './base/scratch'
import { readConfig } from './config'
import { createDeps } from './create-deps'
import { openDatabase, sqliteFile } from './db/index'
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
import { sweepUploads } from './uploads/sweep'

/**
 * Issue 12: the server is killed (SIGKILL, no shutdown code runs) while a dozen uploads stream in, then
 * started again. Afterwards no row names a missing blob, every upload that was answered 201 is whole,
 * the database is intact, and the sweep (run as the start-up sweep would run once its grace period has
 * passed) leaves no blob without a row and no staged file.
 */
const SUPERADMIN = { email: 'super@crash.test', password: 'rahasia-super-admin' }
const ADMIN = {
  name: 'Admin Crash',
  email: 'admin@crash.test',
  password: 'rahasia-admin',
  phone: '081234567890',
}
const schema = newSchemaName('crash')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-crash-'))
let server: ServerProcess | undefined

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex')
/** A PDF of about `mb` MB whose bytes differ per `n`. */
const pdf = (n: number, mb: number) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% berkas ${n}\n`),
    Buffer.alloc(mb * 1024 * 1024, n % 251),
    Buffer.from('\n%%EOF\n'),
  ])

const BOUNDARY = 'berkas-crash-boundary'

/** A one-file multipart body as a stream; `slow` sends it in small timed pieces. */
function multipart(name: string, bytes: Buffer, slow: boolean): ReadableStream<Uint8Array> {
  const whole = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
  const piece = slow ? 64 * 1024 : whole.length
  let at = 0
  return new ReadableStream({
    async pull(controller) {
      if (at >= whole.length) return controller.close()
      if (slow) await new Promise((r) => setTimeout(r, 15))
      controller.enqueue(new Uint8Array(whole.subarray(at, at + piece)))
      at += piece
    },
  })
}

afterAll(async () => {
  await stopServer(server)
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe(`SIGKILL during concurrent uploads (${TEST_DB})`, () => {
  it('leaves no row without its blob, no blob or staged file after the sweep, and an intact database', async () => {
    if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
    server = await startServer({ dataDir, schema, superadmin: SUPERADMIN })
    const superToken = await loginOn(server, SUPERADMIN.email, SUPERADMIN.password)
    expect(
      (await callServer(server, 'POST', '/api/admin/create', { token: superToken, json: ADMIN })).status,
    ).toBe(201)
    const token = await loginOn(server, ADMIN.email, ADMIN.password)
    const project = await callServer(server, 'POST', '/api/project/create', {
      token,
      json: { name: 'Gedung Mati Listrik', description: 'Server dimatikan paksa' },
    })
    const slug = project.json.data.slug as string

    const sent = new Map<string, string>()
    const answered: string[] = []
    const live = server
    const uploads = Array.from({ length: 12 }, async (_, i) => {
      const name = `gambar-${i}.pdf`
      const bytes = pdf(i, 1 + (i % 4) * 2)
      sent.set(name, sha(bytes))
      // Half arrive at once, half trickle in (64 KB every 15 ms), so the kill finds some mid-stream.
      const body = multipart(name, bytes, i % 2 === 1)
      try {
        const res = await fetch(`${live.base}/api/file/${slug}/upload/perencanaan`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          body,
          duplex: 'half',
        } as RequestInit)
        if (res.status === 201) answered.push(name)
      } catch {
        // Cut off by the kill: this upload may or may not have committed.
      }
    })
    // Kill once at least one upload is complete and others are still streaming in.
    const deadline = Date.now() + 30_000
    while (answered.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    await stopServer(server, 'SIGKILL')
    await Promise.all(uploads)
    expect(answered.length).toBeGreaterThan(0)

    // Started again on the same data (its own start-up sweep runs, with the real one-hour grace).
    server = await startServer({ dataDir, schema, superadmin: SUPERADMIN })
    const again = await loginOn(server, ADMIN.email, ADMIN.password)

    const config = readConfig({
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'silent',
      ...databaseEnv(schema),
    })
    const database = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir,
      pgSchema: config.databaseSchema,
    })
    const deps = createDeps(config, database)
    try {
      // Every row names a blob that is there, whole.
      const rows = await deps.db
        .selectFrom('files')
        .select(['uuid', 'name', 'blob_key', 'size_bytes'])
        .execute()
      for (const name of answered) expect(rows.map((r) => r.name)).toContain(name)
      for (const row of rows) {
        const head = await deps.store.head(row.blob_key, 'private')
        expect(head?.size).toBe(row.size_bytes)
        const res = await fetch(`${server.base}/api/file/${slug}/download/perencanaan/${row.uuid}`, {
          headers: { authorization: `Bearer ${again}` },
        })
        expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sent.get(row.name))
      }

      // The kill caught uploads mid-stream: their staged parts are still there (the start-up sweep
      // spares anything younger than an hour, as it may be another live process's upload).
      const staging = stagingDir(dataDir)
      expect(fs.existsSync(staging) ? fs.readdirSync(staging).length : 0).toBeGreaterThan(0)

      // The start-up sweep once its hour has passed: what the killed process left behind goes.
      await sweepUploads(deps, { now: new Date(Date.now() + 2 * 60 * 60 * 1000) })
      const named = new Set(rows.map((r) => r.blob_key))
      const stored: string[] = []
      for await (const blob of deps.store.list('private')) stored.push(blob.key)
      expect(stored.sort()).toEqual([...named].sort())
      expect(fs.existsSync(staging) ? fs.readdirSync(staging) : []).toEqual([])
    } finally {
      await database.close()
    }

    if (TEST_DB === 'sqlite') {
      const check = new SQLite(sqliteFile({ dataDir }), { readonly: true })
      try {
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
        expect(check.pragma('foreign_key_check')).toEqual([])
      } finally {
        check.close()
      }
    }
  }, 180_000)
})
