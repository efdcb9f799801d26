import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Role } from '../../src/contracts/common'
import { createApp } from '../app'
import { readConfig } from '../config'
import { createDeps } from '../create-deps'
import { migrate, openDatabase } from '../db/index'
import type { Deps } from '../deps'
import { JOB_KINDS } from '../job-kinds'
import { JobRunner } from '../jobs/job-runner'
import { createAccount } from '../modules/users/accounts.service'
import { checkAnswersOf } from './openapi-answers'

/** Which real database the suite runs on: `TEST_DB=postgres` uses PG_URL (default the local test database). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * A fresh server over a fresh database: SQLite in a temp dir, or a PostgreSQL schema of its own that is
 * dropped afterwards. Returns helpers to call the API as a given user.
 */
export async function createTestApp(overrides: Partial<ReturnType<typeof readConfig>> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-test-'))
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`
  if (TEST_DB === 'postgres') {
    const client = new pg.Client({ connectionString: PG_URL })
    await client.connect()
    await client.query(`CREATE SCHEMA ${schema}`)
    await client.end()
  }
  const config = { ...readConfig({ DATA_DIR: dataDir, WEB_DIR: '', LOG_LEVEL: 'silent' }), ...overrides }
  const database = openDatabase(
    TEST_DB === 'postgres' ? { databaseUrl: PG_URL, dataDir, pgSchema: schema } : { dataDir },
  )
  await migrate(database)
  const deps: Deps = createDeps(config, database)
  // Every answer is held against the OpenAPI document (server/test/openapi-answers.ts).
  const app = checkAnswersOf(createApp(deps))
  // Jobs (thumbnails) run when a test asks (runJobs), so it can see the moment before they ran.
  const runner = new JobRunner({
    deps,
    kinds: JOB_KINDS,
    concurrency: 2,
    pollMs: 50,
    retryMs: 10,
    leaseMs: 60_000,
  })
  deps.jobs.onWake(() => runner.wake())
  /** Runs every job that is due until none is left (this process's runner, started on first use). */
  async function runJobs() {
    runner.start()
    await runner.idle()
  }

  async function request(
    method: string,
    url: string,
    opts: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let body = opts.body
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.json)
    }
    const res = await app.request(url, { method, headers, body })
    const text = await res.text()
    // Tests read arbitrary response shapes; each assertion states the shape it expects.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    let json: any
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: res.status, json, text, headers: res.headers }
  }

  let counter = 0
  /** Creates a user directly in the database and logs in through the API. */
  async function user(
    role: Role,
    fields: Partial<{ name: string; email: string; password: string; phone: string }> = {},
  ) {
    counter += 1
    const password = fields.password ?? 'password-rahasia'
    const row = await createAccount(deps.db, {
      name: fields.name ?? `${role} ${counter}`,
      email: fields.email ?? `${role}${counter}@berkas.test`,
      password,
      phone: fields.phone ?? '081234567890',
      role,
      createdBy: null,
    })
    const login = await request('POST', '/api/auth/login', { json: { email: row.email, password } })
    if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
    return { ...row, password, token: login.json.data.token as string }
  }

  async function close() {
    await runner.stop()
    await database.close()
    if (TEST_DB === 'postgres') {
      const client = new pg.Client({ connectionString: PG_URL })
      await client.connect()
      await client.query(`DROP SCHEMA ${schema} CASCADE`)
      await client.end()
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  return { app, deps, db: deps.db, request, user, close, dataDir, runJobs }
}

/** A tiny valid PNG (1x1) made by sharp, for avatar and photo uploads. */
export async function samplePng(width = 8, height = 8): Promise<Buffer> {
  const sharp = (await import('sharp')).default
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer()
}

export function formWith(
  entries: Record<string, string | { data: Buffer; name: string; type: string }>,
): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(entries)) {
    if (typeof value === 'string') form.append(key, value)
    else form.append(key, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name)
  }
  return form
}

/**
 * Serves `app` on a real loopback port (port 0), for what app.request() cannot show: keep-alive
 * sockets, aborted bodies, answers sent before a body was read. `agent` keeps one socket alive and
 * reuses it, as a browser does.
 */
export async function listen(app: { fetch: (req: Request, env: unknown) => Response | Promise<Response> }) {
  const { serve } = await import('@hono/node-server')
  const http = await import('node:http')
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as import('node:net').AddressInfo
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  async function close() {
    agent.destroy()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      ;(server as import('node:http').Server).closeAllConnections?.()
    })
  }
  return { port, agent, close }
}
