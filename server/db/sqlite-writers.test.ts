import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TEST_DB } from '../test/harness'
import { newSchemaName, PG_URL, pgAdmin } from '../test/server-process'
import { type Database, openDatabase } from './index'

/**
 * Writers in two processes at once on one database (WORKERS > 1): every write succeeds. On SQLite this
 * needs transactions that take the write lock first (sqlite-immediate.ts): with Kysely's plain BEGIN,
 * this very test had 23 and 39 of 300 transactions per process fail with "database is locked".
 */
const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')
const PER_PROCESS = 200
let dataDir: string
const schema = newSchemaName('writers')
let options: Parameters<typeof openDatabase>[0]
let database: Database

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-writers-'))
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  options = TEST_DB === 'postgres' ? { databaseUrl: PG_URL, dataDir, pgSchema: schema } : { dataDir }
  database = openDatabase(options)
  await sql`create table writer_probe (id ${sql.raw(TEST_DB === 'postgres' ? 'serial' : 'integer')} primary key, pid integer not null, seen integer not null)`.execute(
    database.db,
  )
})
afterAll(async () => {
  await database?.close()
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

it(`two processes x ${PER_PROCESS} concurrent read-then-write transactions: zero failures, every row written`, async () => {
  const child = () =>
    run(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/db/concurrent-writer-child.ts',
        JSON.stringify(options),
        String(PER_PROCESS),
      ],
      { cwd: ROOT, env: process.env },
    ).then(
      ({ stdout }) =>
        JSON.parse(stdout.trim().split('\n').pop() as string) as { failed: number; first?: string },
    )
  const results = await Promise.all([child(), child()])
  expect(results).toEqual([{ failed: 0 }, { failed: 0 }])
  const { rows } = await sql<{ c: number }>`select count(*) as c from writer_probe`.execute(database.db)
  expect(Number(rows[0]?.c)).toBe(2 * PER_PROCESS)
}, 120_000)
