/**
 * A server process killed in the middle of an idempotent create (server/idempotency.test.ts). It opens the
 * test's database, starts POST /api/project/create with an Idempotency-Key through idempotentCreate, and
 * once the project row and the key are written (not committed) prints "in-flight" and waits to be killed.
 * Usage: tsx idempotency-crash-child.ts <databaseUrl|-> <dataDir> <pgSchema|-> <userId> <key>
 */
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { ProjectCreateSchema } from '../../src/contracts/projects'
import { readConfig } from '../config'
import { createDeps } from '../create-deps'
import { openDatabase } from '../db/index'
import type { AppEnv } from '../deps'
import { jsonBody } from '../http'
import { idempotentCreate } from '../idempotency'

const [databaseUrl, dataDir, pgSchema, userId, key] = process.argv.slice(2)
const database = openDatabase({
  databaseUrl: databaseUrl === '-' ? undefined : databaseUrl,
  dataDir,
  pgSchema: pgSchema === '-' ? undefined : pgSchema,
})
const deps = createDeps(readConfig({ DATA_DIR: dataDir, WEB_DIR: '', LOG_LEVEL: 'silent' }), database)
const user = await deps.db
  .selectFrom('users')
  .selectAll()
  .where('id', '=', Number(userId))
  .executeTakeFirstOrThrow()

const app = new Hono<AppEnv>()
app.use('*', async (c, next) => {
  c.set('user', user)
  await next()
})
app.post('/api/project/create', (c) =>
  idempotentCreate(c, deps, async (scope) => {
    const { input, tx } = await scope.read(() => jsonBody(c, ProjectCreateSchema))()
    const now = new Date().toISOString()
    const row = await tx.trx
      .insertInto('projects')
      .values({ slug: randomUUID(), ...input, created_by: user.id, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()
    process.stdout.write('in-flight\n')
    await new Promise(() => {}) // killed here, before the commit
    return { status: 201, message: 'Project berhasil dibuat', data: row }
  }),
)
await app.request('/api/project/create', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify({ name: 'Proyek Terputus', description: 'Proses mati di tengah jalan' }),
})
