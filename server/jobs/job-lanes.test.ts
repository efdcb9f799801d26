import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOB_KINDS } from '../job-kinds'
import { uploadDoc } from '../modules/reports/report-fixtures'
import { type Cast, cast, projectWithMembers } from '../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../test/harness'
import type { JobKind } from './job-kind'
import { enqueueJob } from './job-queue'
import { JobRunner } from './job-runner'

/*
 * The runner's two lanes (issue 31): long jobs (reports) run one at a time per process beside the short
 * ones (thumbnails), and each lane claims only its own kinds, so reports queued first never hold a
 * thumbnail up. It used to be one FIFO: 20 reports made a new photo's thumbnail wait minutes.
 */

let t: TestApp
let c: Cast
beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
})
afterAll(() => t.close())

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const statusOf = async (kind: string) =>
  (await t.db.selectFrom('jobs').select('status').where('kind', '=', kind).orderBy('id').execute()).map(
    (j) => j.status,
  )

/** A long kind whose runs wait until `release()`; `most` is the most that ever ran at once. */
function gatedLongKind(name: string) {
  let open!: () => void
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const seen = { now: 0, most: 0, runs: 0 }
  const kind: JobKind<{ n: number }> = {
    kind: name,
    maxAttempts: 1,
    lane: 'long',
    changesCachedReads: false,
    async run() {
      seen.runs += 1
      seen.now += 1
      seen.most = Math.max(seen.most, seen.now)
      try {
        await gate
      } finally {
        seen.now -= 1
      }
    },
  }
  return { kind, seen, release: () => open() }
}

describe(`job lanes (${TEST_DB})`, () => {
  it('short jobs queued behind five long ones run at once; the long ones run one at a time', async () => {
    const long = gatedLongKind('lama')
    const short: JobKind<{ n: number }> = {
      kind: 'singkat',
      maxAttempts: 1,
      changesCachedReads: false,
      async run() {},
    }
    for (let n = 0; n < 5; n++) await enqueueJob(t.db, long.kind.kind, { n }, { maxAttempts: 1 })
    for (let n = 0; n < 3; n++) await enqueueJob(t.db, short.kind, { n }, { maxAttempts: 1 })
    // One slot for short jobs, as JOB_CONCURRENCY=1 (the default) gives each process.
    const r = new JobRunner({
      deps: t.deps,
      kinds: [long.kind, short] as JobKind<never>[],
      concurrency: 1,
      pollMs: 20,
      retryMs: 5,
      leaseMs: 60_000,
    })
    r.start()
    await until(async () => (await statusOf('singkat')).every((s) => s === 'done'), 'the short jobs')
    expect(await statusOf('lama')).toEqual(['running', 'queued', 'queued', 'queued', 'queued'])
    long.release()
    await until(async () => (await statusOf('lama')).every((s) => s === 'done'), 'the long jobs')
    await r.stop()
    expect(long.seen).toMatchObject({ most: 1, runs: 5 })
  })

  it("a photo's thumbnail is made while the project's reports wait behind a long job", async () => {
    const project = await projectWithMembers(t, c, 'Proyek Jalur')
    await uploadDoc(t, c.supervisor, project.slug, {
      description: 'Foto untuk laporan',
      takenAt: '2025-03-04T03:00:00.000Z',
    })
    // (The harness's own runner stays stopped: only the runner below takes jobs.)
    // The long lane is busy (a report of 1,000 photos, say), and three reports are queued behind it.
    const busy = gatedLongKind('laporan-besar')
    await enqueueJob(t.db, busy.kind.kind, { n: 0 }, { maxAttempts: 1 })
    for (let i = 0; i < 3; i++) {
      const res = await t.request('POST', `/api/report/${project.slug}/create`, {
        token: c.admin.token,
        json: { from: '2025-03-03', to: '2025-03-09', include: 'all' },
      })
      expect(res.status, res.text).toBe(202)
    }
    const r = new JobRunner({
      deps: t.deps,
      kinds: [...JOB_KINDS, busy.kind] as JobKind<never>[],
      concurrency: 1,
      pollMs: 20,
      retryMs: 5,
      leaseMs: 60_000,
    })
    r.start()
    await until(async () => (await statusOf('laporan-besar'))[0] === 'running', 'the long job')
    // A photo uploaded now gets its thumbnail, though the reports were queued first.
    const uuid = await uploadDoc(t, c.supervisor, project.slug, {
      description: 'Foto baru di lapangan',
      takenAt: '2025-03-05T03:00:00.000Z',
    })
    r.wake()
    const thumbOf = async () =>
      (
        await t.db
          .selectFrom('doc_images')
          .innerJoin('docs', 'docs.id', 'doc_images.doc_id')
          .select('doc_images.thumb_state')
          .where('docs.uuid', '=', uuid)
          .executeTakeFirstOrThrow()
      ).thumb_state
    await until(async () => (await thumbOf()) === 'ready', 'the thumbnail')
    expect(await statusOf('report.render')).toEqual(['queued', 'queued', 'queued'])
    busy.release()
    await until(
      async () => (await statusOf('report.render')).every((s) => s === 'done'),
      'the reports',
      60_000,
    )
    await r.stop()
    const reports = await t.db
      .selectFrom('reports')
      .select('status')
      .where('project_id', '=', project.id)
      .execute()
    expect(reports.map((x) => x.status)).toEqual(['ready', 'ready', 'ready'])
  }, 90_000)
})
