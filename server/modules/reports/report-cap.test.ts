import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { createDeps } from '../../create-deps'
import { openDatabase } from '../../db/index'
import { type Cast, cast, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { PG_URL } from '../../test/server-process'
import { OPEN_REPORTS_PER_PROJECT } from './report-create'
import { uploadDoc } from './report-fixtures'

/*
 * At most OPEN_REPORTS_PER_PROJECT (3) reports of a project queued or being made (issue 31: twenty
 * reports of 1,000 photos were accepted in a second). The next create answers 429 in Indonesian until
 * one is done or removed; other projects are not held up. Counted in the database, so two server
 * processes (here two connection pools on one PostgreSQL database) asked at once still accept three.
 */

let t: TestApp
let c: Cast
beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
})
afterAll(() => t.close())

const BUSY = 'Masih ada 3 laporan yang sedang disusun untuk project ini; tunggu hingga selesai'

async function projectWithPhoto(name: string) {
  const project = await projectWithMembers(t, c, name)
  await uploadDoc(t, c.supervisor, project.slug, {
    description: 'Foto pekerjaan pondasi',
    takenAt: '2025-03-04T03:00:00.000Z',
  })
  return project
}

type Call = (slug: string) => Promise<{ status: number; json: { message: string }; headers: Headers }>
const createOn =
  (app: TestApp['app']): Call =>
  async (slug) => {
    const res = await app.request(`/api/report/${slug}/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: '2025-03-03', to: '2025-03-09', include: 'all' }),
    })
    return { status: res.status, json: await res.json(), headers: res.headers }
  }

describe(`open reports per project (${TEST_DB})`, () => {
  it('creates asked at once (through two connection pools on PostgreSQL) accept exactly three', async () => {
    const project = await projectWithPhoto('Proyek Serentak')
    const calls: Call[] = [createOn(t.app)]
    let close = async () => {}
    if (TEST_DB === 'postgres') {
      // A second server as far as the database can tell: its own pool, its own deps and app. (On SQLite
      // two connections in one thread would wait on each other's write lock; there the one lock is
      // what serialises processes, and this runs through one app.)
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)
      const database = openDatabase({ databaseUrl: PG_URL, dataDir: t.dataDir, pgSchema: rows[0].schema })
      calls.push(createOn(createApp(createDeps(t.deps.config, database))))
      close = () => database.close()
    }
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => calls[i % calls.length](project.slug)),
      )
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429])
      const open = await t.db
        .selectFrom('reports')
        .select('status')
        .where('project_id', '=', project.id)
        .where('deleted_at', 'is', null)
        .execute()
      expect(open).toHaveLength(3)
    } finally {
      await close()
    }
  })

  it('a fourth open report answers 429 in Indonesian; another project is not held up; a removed or finished one frees room', async () => {
    expect(OPEN_REPORTS_PER_PROJECT).toBe(3)
    const create = createOn(t.app)
    const project = await projectWithPhoto('Proyek Antre Laporan')
    const other = await projectWithPhoto('Proyek Lain')
    const made: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await create(project.slug)
      expect(res.status).toBe(202)
      made.push((res.json as unknown as { data: { id: number } }).data.id)
    }
    const refused = await create(project.slug)
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ success: false, message: BUSY })
    expect(refused.headers.get('retry-after')).toBe('30')
    expect((await create(other.slug)).status).toBe(202)

    // A queued report removed no longer counts.
    const del = await t.request('DELETE', `/api/report/${project.slug}/remove/${made[0]}`, {
      token: c.admin.token,
    })
    expect(del.status, del.text).toBe(200)
    expect((await create(project.slug)).status).toBe(202)
    expect((await create(project.slug)).status).toBe(429)

    // Finished reports (ready or failed) do not count either. (Set here: the harness's runner stays
    // stopped so that nothing finishes while a test counts.)
    const open = await t.db
      .selectFrom('reports')
      .select('id')
      .where('project_id', '=', project.id)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .execute()
    expect(open).toHaveLength(3)
    await t.db
      .updateTable('reports')
      .set({ status: 'ready' })
      .where('id', 'in', [open[0].id, open[1].id])
      .execute()
    await t.db.updateTable('reports').set({ status: 'failed' }).where('id', '=', open[2].id).execute()
    for (let i = 0; i < 3; i++) expect((await create(project.slug)).status).toBe(202)
    expect((await create(project.slug)).status).toBe(429)
  })
})
