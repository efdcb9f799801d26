import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_DB, type TestApp } from '../test/harness'
import type { JobKind } from './job-kind'
import { claimJob, enqueueJob, finishJob, requeueExpired } from './job-queue'
import { JobRunner } from './job-runner'

/*
 * The queue's promises on the suite's database (SQLite, then PostgreSQL): a job is claimed by one runner
 * at a time, done once, retried after a failure, failed for good after its attempts, taken over when its
 * runner's lease runs out, and handed back by a runner that stops. Real processes: jobs-processes.test.ts.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** A kind whose effect is one row in `settings` per run, so a second run of one job shows as a conflict. */
function countingKind(
  name: string,
  opts: { failTimes?: number; maxAttempts?: number; slowMs?: number } = {},
) {
  const tries = new Map<number, number>()
  const kind: JobKind<{ n: number }> = {
    kind: name,
    maxAttempts: opts.maxAttempts ?? 3,
    async run({ n }, { commit }) {
      const tried = (tries.get(n) ?? 0) + 1
      tries.set(n, tried)
      if (opts.slowMs) await new Promise((r) => setTimeout(r, opts.slowMs))
      if (tried <= (opts.failTimes ?? 0)) throw new Error(`gagal ke-${tried}`)
      await commit((trx) =>
        trx
          .insertInto('settings')
          .values({ key: `${name}:${n}`, value: 'done' })
          .execute()
          .then(() => undefined),
      )
    },
    async gaveUp({ n }, error, trx, publish) {
      await trx
        .insertInto('settings')
        .values({ key: `${name}:${n}`, value: `failed: ${error}` })
        .execute()
      publish({ type: 'report_failed', actorId: null, projectId: 0, reportId: n })
    },
  }
  return { kind, tries }
}

const runner = (kinds: JobKind<never>[], extra: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) =>
  new JobRunner({ deps: t.deps, kinds, concurrency: 2, pollMs: 20, retryMs: 5, leaseMs: 60_000, ...extra })

async function settings(prefix: string) {
  const rows = await t.db.selectFrom('settings').selectAll().where('key', 'like', `${prefix}:%`).execute()
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}

async function jobsOf(kind: string) {
  return t.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute()
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe(`job queue (${TEST_DB})`, () => {
  it('three runners over 60 jobs: every job done exactly once', async () => {
    const { kind } = countingKind('sekali')
    for (let n = 0; n < 60; n++) await enqueueJob(t.db, kind.kind, { n }, { maxAttempts: 3 })
    // Each runner is a process as far as the queue can tell: its own holder, its own claims.
    const runners = [0, 1, 2].map((i) => runner([kind as JobKind<never>], { holder: `proses-${i}` }))
    for (const r of runners) r.start()
    await until(async () => (await jobsOf('sekali')).every((j) => j.status === 'done'))
    await Promise.all(runners.map((r) => r.stop()))
    const done = await settings('sekali')
    expect(Object.keys(done)).toHaveLength(60)
    const jobs = await jobsOf('sekali')
    expect(jobs.every((j) => j.attempts === 1)).toBe(true)
    // The work was shared (a unique key per job in `settings` means none ran its effect twice).
    const holders = new Set(jobs.map((j) => j.lease_owner?.split(':')[0]))
    expect(holders.size).toBeGreaterThan(1)
  })

  it('a failing attempt is retried after a backoff; the job then succeeds', async () => {
    const { kind, tries } = countingKind('coba-lagi', { failTimes: 2 })
    await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 3 })
    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('coba-lagi'))[0].status === 'done')
    await r.stop()
    expect(tries.get(1)).toBe(3)
    const [job] = await jobsOf('coba-lagi')
    expect(job).toMatchObject({ status: 'done', attempts: 3, last_error: null })
    expect(await settings('coba-lagi')).toEqual({ 'coba-lagi:1': 'done' })
  })

  it('a job that fails every time is failed for good after its attempts, with its error recorded', async () => {
    const { kind, tries } = countingKind('racun', { failTimes: 99, maxAttempts: 3 })
    await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 3 })
    // What the kind publishes when it gives up arrives once, after its failure is committed.
    const heard: string[] = []
    const unsubscribe = t.deps.events.subscribe(async (e) => {
      if (e.type !== 'report_failed' || e.reportId !== 1) return
      heard.push((await settings('racun'))['racun:1'] ?? 'not yet committed')
    })
    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('racun'))[0].status === 'failed')
    await until(async () => heard.length > 0)
    unsubscribe()
    expect(heard).toEqual(['failed: gagal ke-3'])
    await new Promise((res) => setTimeout(res, 100))
    await r.stop()
    expect(tries.get(1)).toBe(3)
    expect((await jobsOf('racun'))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'gagal ke-3',
    })
    expect(await settings('racun')).toEqual({ 'racun:1': 'failed: gagal ke-3' })
  })

  it('a lease that ran out (its process died) goes back to the queue; the dead claim can no longer finish', async () => {
    const kind = 'yatim'
    await enqueueJob(t.db, kind, { n: 1 }, { maxAttempts: 3 })
    const dead = await claimJob(t.db, t.deps.dialect, 'mati', [kind], 1)
    expect(dead).toMatchObject({ status: 'running', attempts: 1 })
    // Nobody else can take it while the lease holds...
    expect(await claimJob(t.db, t.deps.dialect, 'hidup', [kind], 60_000)).toBeUndefined()
    await new Promise((r) => setTimeout(r, 10))
    // ...and once it ran out, the next claim takes it, counting a second attempt.
    expect(await requeueExpired(t.db)).toBe(1)
    const alive = await claimJob(t.db, t.deps.dialect, 'hidup', [kind], 60_000)
    expect(alive).toMatchObject({ id: dead?.id, attempts: 2 })
    // The first claim woke up late: its finish is refused, the new holder's is not.
    const late = await t.db.transaction().execute((trx) => finishJob(trx, dead as NonNullable<typeof dead>))
    expect(late).toBe(false)
    const now = await t.db.transaction().execute((trx) => finishJob(trx, alive as NonNullable<typeof alive>))
    expect(now).toBe(true)
  })

  it('a job that killed its process on every attempt is failed for good, not run again', async () => {
    const { kind, tries } = countingKind('mematikan', { maxAttempts: 2 })
    await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 2 })
    // Two claims whose processes died mid-run (leases of 1 ms, never finished).
    for (const holder of ['mati-1', 'mati-2']) {
      await new Promise((r) => setTimeout(r, 5))
      await requeueExpired(t.db)
      expect(await claimJob(t.db, t.deps.dialect, holder, [kind.kind], 1)).toBeTruthy()
    }
    await new Promise((r) => setTimeout(r, 5))
    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('mematikan'))[0].status === 'failed')
    await r.stop()
    expect(tries.get(1)).toBeUndefined()
    expect((await jobsOf('mematikan'))[0].last_error).toBe('proses berhenti saat menjalankan tugas ini')
    expect(Object.values(await settings('mematikan'))[0]).toMatch(/^failed/)
  })

  it('a runner that stops hands its running job back without counting the attempt', async () => {
    const { kind } = countingKind('berhenti', { slowMs: 400 })
    await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 3 })
    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('berhenti'))[0].status === 'running')
    await r.stop(50)
    await until(async () => (await jobsOf('berhenti'))[0].status === 'queued')
    expect((await jobsOf('berhenti'))[0]).toMatchObject({ attempts: 0, lease_owner: null })
    const next = runner([kind as JobKind<never>])
    next.start()
    await until(async () => (await jobsOf('berhenti'))[0].status === 'done')
    await next.stop()
    expect(await settings('berhenti')).toEqual({ 'berhenti:1': 'done' })
  })

  it('a finished job empties the read cache unless its kind says no cached answer shows its writes', async () => {
    const bump = vi.spyOn(t.deps.readCache, 'bump')
    const { kind: plain } = countingKind('cache-biasa')
    const quiet = { ...countingKind('cache-diam').kind, changesCachedReads: false }
    await enqueueJob(t.db, plain.kind, { n: 1 }, { maxAttempts: 1 })
    const r = runner([plain as JobKind<never>, quiet as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('cache-biasa'))[0].status === 'done')
    await r.idle()
    expect(bump).toHaveBeenCalledTimes(1)
    await enqueueJob(t.db, quiet.kind, { n: 1 }, { maxAttempts: 1 })
    r.wake()
    await until(async () => (await jobsOf('cache-diam'))[0]?.status === 'done')
    await r.idle()
    await r.stop()
    expect(bump).toHaveBeenCalledTimes(1)
    bump.mockRestore()
  })

  it('a job queued for later waits for its time', async () => {
    const { kind } = countingKind('nanti')
    await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 1, runAfter: new Date(Date.now() + 60_000) })
    expect(await claimJob(t.db, t.deps.dialect, 'siapa', [kind.kind], 1000)).toBeUndefined()
  })
})
