import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type Database, openDatabase } from '../db/index'
import { TEST_DB } from './harness'

/**
 * Real `server/index.ts` processes for tests that need more than one process on one database (as
 * behind a load balancer), a restart, or a SIGKILL. On SQLite the processes share DATA_DIR's file; on
 * PostgreSQL a schema of their own.
 */
export const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const ROOT = path.resolve(import.meta.dirname, '../..')

export type ServerProcess = { proc: ChildProcess; base: string; log: string[] }

export function newSchemaName(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`
}

/** The database variables of a server on the suite's database: PostgreSQL in `schema`, or SQLite in DATA_DIR. */
export function databaseEnv(schema: string): NodeJS.ProcessEnv {
  return TEST_DB === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }
}

export async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Starts a server on a free port and resolves once it listens. `schema` is used on PostgreSQL only. */
export function startServer(opts: {
  dataDir: string
  schema: string
  superadmin: { email: string; password: string }
  env?: NodeJS.ProcessEnv
}): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    WEB_DIR: '',
    LOG_LEVEL: 'info',
    WORKERS: '1',
    // No balancer in front: a SIGTERM stops at once when nothing runs (graceful-drain.test.ts sets its own).
    SHUTDOWN_DRAIN_MS: '0',
    SUPERADMIN_EMAIL: opts.superadmin.email,
    SUPERADMIN_PASSWORD: opts.superadmin.password,
    ...databaseEnv(opts.schema),
    ...opts.env,
  }
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env })
  const log: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 45_000)
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString())
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(log.join(''))?.[1]
      if (port) {
        clearTimeout(timer)
        resolve({ proc, base: `http://127.0.0.1:${port}`, log })
      }
    }
    proc.stdout?.on('data', onData)
    proc.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    proc.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${log.join('')}`))
    })
  })
}

/** SIGTERM (or the given signal) and wait for the exit. */
export async function stopServer(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.proc.exitCode !== null || server.proc.signalCode !== null) return
  const exited = new Promise((resolve) => server.proc.once('exit', resolve))
  server.proc.kill(signal)
  await exited
}

/**
 * The servers of one test file, on one database and one DATA_DIR as behind a load balancer, and that
 * database opened by the test itself (to look at rows the servers wrote). `open` in beforeAll,
 * `close` in afterAll: it stops every server started, closes the database and removes what was made.
 */
export function serverCluster(opts: {
  /** Names the schema and the temporary DATA_DIR. */
  prefix: string
  superadmin: { email: string; password: string }
  /** For every server started; `start` may add more. */
  env?: NodeJS.ProcessEnv
}) {
  const schema = newSchemaName(opts.prefix)
  const started: ServerProcess[] = []
  let dataDir = ''
  let database: Database | undefined
  return {
    get dataDir() {
      return dataDir
    },
    /** Every server started, in order (stopped or killed ones too). */
    get servers(): readonly ServerProcess[] {
      return started
    },
    /** The suite's own connection to the servers' database (opened on first use). */
    get db(): Database {
      database ??= openDatabase(
        TEST_DB === 'postgres' ? { databaseUrl: PG_URL, dataDir, pgSchema: schema } : { dataDir },
      )
      return database
    },
    async open() {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `berkas-${opts.prefix}-`))
      if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
    },
    async start(env?: NodeJS.ProcessEnv): Promise<ServerProcess> {
      const server = await startServer({
        dataDir,
        schema,
        superadmin: opts.superadmin,
        env: { ...opts.env, ...env },
      })
      started.push(server)
      return server
    },
    /** An admin made by the superadmin through `server`, logged in: its id and token. */
    async admin(
      server: ServerProcess,
      account: { name: string; email: string; password: string; phone: string },
    ) {
      const superToken = await loginOn(server, opts.superadmin.email, opts.superadmin.password)
      const made = await callServer(server, 'POST', '/api/admin/create', { token: superToken, json: account })
      if (made.status !== 201) throw new Error(`admin ${account.email}: ${made.status} ${made.json?.message}`)
      return {
        id: made.json.data.id as number,
        token: await loginOn(server, account.email, account.password),
      }
    },
    async close() {
      await Promise.all(started.map((s) => stopServer(s)))
      await database?.close()
      if (dataDir && TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** One JSON call; `json` is the parsed answer (undefined when the body is not JSON). */
export async function callServer(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; body?: BodyInit } = {},
) {
  const res = await fetch(server.base + url, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
  })
  // biome-ignore lint/suspicious/noExplicitAny: each assertion states the shape it expects
  const json: any = await res.json().catch(() => undefined)
  return { status: res.status, json }
}

export async function loginOn(server: ServerProcess, email: string, password: string): Promise<string> {
  const res = await callServer(server, 'POST', '/api/auth/login', { json: { email, password } })
  if (res.status !== 200)
    throw new Error(`login ${email} on ${server.base}: ${res.status} ${res.json?.message}`)
  return res.json.data.token
}

/** Polls `check` until it holds (bounded, so a broken build fails instead of hanging). */
export async function until<T>(
  check: () => Promise<T | undefined | false | null>,
  what: string,
  ms = 30_000,
) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const value = await check()
    if (value) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}
