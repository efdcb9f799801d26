import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_DB } from '../test/harness'
import { databaseEnv, newSchemaName, PG_URL, pgAdmin, startServer } from '../test/server-process'
import { type Database, knownMigrations, migrate, openDatabase } from './index'
import { appliedMigrations, requireCurrentSchema, SchemaBehind, SchemaTooNew } from './schema-version'

/** `npm run migrate` and the refusal to run on a database a newer build migrated, on both databases. */
const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')
const FUTURE = '999-dari-versi-baru'

let dataDir: string
let schema: string
let database: Database
const env = () => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...databaseEnv(schema),
})

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-migrate-'))
  schema = newSchemaName('mig')
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  database = openDatabase(
    TEST_DB === 'postgres' ? { databaseUrl: PG_URL, dataDir, pgSchema: schema } : { dataDir },
  )
})
afterEach(async () => {
  await database.close()
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function migrateScript() {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
      cwd: ROOT,
      env: env(),
    })
    return { code: 0, out: stdout + stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, out: e.stdout + e.stderr }
  }
}

async function markFutureMigration() {
  await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
    database.db,
  )
}

describe('npm run migrate', () => {
  it('migrates a fresh database once; a second run finds nothing to do', async () => {
    const first = await migrateScript()
    expect(first.code, first.out).toBe(0)
    expect(first.out).toContain(`Migrasi selesai (${TEST_DB}): ${knownMigrations().join(', ')}`)
    expect(await appliedMigrations(database)).toEqual(knownMigrations())
    const again = await migrateScript()
    expect(again.code, again.out).toBe(0)
    expect(again.out).toContain('Database sudah mutakhir')
  })

  it('refuses a database that a newer build migrated, naming the unknown migration', async () => {
    await migrate(database)
    await markFutureMigration()
    const res = await migrateScript()
    expect(res.code).toBe(1)
    expect(res.out).toContain(`versi Berkas yang lebih baru (migrasi tidak dikenal: ${FUTURE})`)
  })
})

describe('a server on a database newer than it knows', () => {
  it('migrate() throws SchemaTooNew before touching anything', async () => {
    await migrate(database)
    await markFutureMigration()
    await expect(migrate(database)).rejects.toBeInstanceOf(SchemaTooNew)
    await expect(migrate(database)).rejects.toThrow(FUTURE)
  })

  it('the server process stops at start with the reason and exit code 78, serving nothing', async () => {
    await migrate(database)
    await markFutureMigration()
    const start = startServer({
      dataDir,
      schema,
      superadmin: { email: 'super@migrasi.test', password: 'rahasia-super-admin' },
    })
    await expect(start).rejects.toThrow(/server exited with 78/)
    await expect(start).rejects.toThrow(
      /Berkas tidak dijalankan: Database ini sudah dimigrasikan oleh versi Berkas yang lebih baru/,
    )
  })

  it('a cluster worker only checks: a database behind it is refused, never migrated by a worker', async () => {
    await expect(requireCurrentSchema(database, knownMigrations())).rejects.toBeInstanceOf(SchemaBehind)
    await migrate(database)
    await expect(requireCurrentSchema(database, knownMigrations())).resolves.toBeUndefined()
    await markFutureMigration()
    await expect(requireCurrentSchema(database, knownMigrations())).rejects.toBeInstanceOf(SchemaTooNew)
  })
})
