import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, migrate, openDatabase } from '../../db/index'
import { newBlobKey } from '../../storage/blob-store'
import { createBlobStore } from '../../storage/create-store'
import { TEST_DB } from '../../test/harness'
import {
  newSchemaName,
  PG_URL,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from '../../test/server-process'
import { TRASH_SWEEP_KIND } from './trash-sweep-job'

/*
 * The daily sweep across two real server processes starting at once on one PostgreSQL database and one
 * DATA_DIR: one sweep is queued, it runs once (in whichever process), the expired file's row and blob are
 * gone, one purge is in the history, and the next sweep waits a day.
 */
const SUPERADMIN = { email: 'super@sweep.test', password: 'rahasia-super-admin' }
const schema = newSchemaName('sweep')
const servers: ServerProcess[] = []
let dataDir: string
let database: Database | undefined

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s)))
  await database?.close()
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe.skipIf(TEST_DB !== 'postgres')('trash sweep in two processes (postgres)', () => {
  it('purges an expired item once and removes its blob', { timeout: 120_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-sweep-'))
    await pgAdmin(`CREATE SCHEMA ${schema}`)
    database = openDatabase({ databaseUrl: PG_URL, dataDir, pgSchema: schema })
    await migrate(database)
    const { db } = database
    const now = new Date().toISOString()
    const user = await db
      .insertInto('users')
      .values({
        name: 'Admin Sapu',
        email: 'admin@sweep.test',
        phone: '081234567890',
        role: 'admin',
        avatar: null,
        password_hash: 'x',
        is_active: 1,
        created_by: null,
        created_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const project = await db
      .insertInto('projects')
      .values({
        slug: randomUUID(),
        name: 'Sapu',
        description: 'x',
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const store = createBlobStore({ dataDir, storageUrl: undefined })
    const file = async (name: string, deletedAt: string) => {
      const key = newBlobKey('pdf')
      await store.put(key, 'private', Readable.from([Buffer.from(`%PDF-1.4 ${name}\n%%EOF\n`)]))
      await db
        .insertInto('files')
        .values({
          uuid: randomUUID(),
          project_id: project.id,
          area: 'perencanaan',
          folder_id: null,
          name,
          size_bytes: 20,
          mime: 'application/pdf',
          blob_key: key,
          status: 'pending',
          creator_id: user.id,
          created_at: now,
          reviewed_by: null,
          reviewed_at: null,
          deleted_at: deletedAt,
          deleted_by: user.id,
        })
        .execute()
      return key
    }
    const expired = await file('kedaluwarsa.pdf', new Date(Date.now() - 31 * 86_400_000).toISOString())
    const recent = await file('baru.pdf', new Date(Date.now() - 2 * 86_400_000).toISOString())
    const blobPath = (key: string) => path.join(dataDir, 'storage', 'private', key)
    expect(fs.existsSync(blobPath(expired))).toBe(true)

    // Two processes start at once (ports of this engineer's range).
    const env = { JOB_POLL_MS: '100', JOB_CONCURRENCY: '1' }
    servers.push(
      ...(await Promise.all(
        ['4461', '4462'].map((PORT) =>
          startServer({ dataDir, schema, superadmin: SUPERADMIN, env: { ...env, PORT } }),
        ),
      )),
    )

    const until = Date.now() + 60_000
    let jobs: { status: string; run_after: string }[] = []
    while (Date.now() < until) {
      jobs = await db
        .selectFrom('jobs')
        .select(['status', 'run_after'])
        .where('kind', '=', TRASH_SWEEP_KIND)
        .execute()
      if (jobs.some((j) => j.status === 'done') && !fs.existsSync(blobPath(expired))) break
      await new Promise((r) => setTimeout(r, 200))
    }
    // Give a second (wrongly queued) sweep time to show itself.
    await new Promise((r) => setTimeout(r, 1000))
    jobs = await db
      .selectFrom('jobs')
      .select(['status', 'run_after'])
      .where('kind', '=', TRASH_SWEEP_KIND)
      .execute()
    expect(jobs.map((j) => j.status).sort()).toEqual(['done', 'queued'])
    const next = jobs.find((j) => j.status === 'queued')
    expect(Date.parse(next?.run_after ?? '') - Date.now()).toBeGreaterThan(23 * 3600 * 1000)

    expect(fs.existsSync(blobPath(expired))).toBe(false)
    expect(fs.existsSync(blobPath(recent))).toBe(true)
    const left = await db.selectFrom('files').select('name').where('project_id', '=', project.id).execute()
    expect(left.map((f) => f.name)).toEqual(['baru.pdf'])
    const purges = await db.selectFrom('history').selectAll().where('action', '=', 'purge').execute()
    expect(purges.map((h) => [h.object_name, h.actor_id, h.actor_name])).toEqual([
      ['kedaluwarsa.pdf', null, 'Sistem (sampah 30 hari)'],
    ])
  })
})
