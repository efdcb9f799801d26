import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_DB, type TestApp } from '../test/harness'
import type { JobKind } from './job-kind'
import { claimJob, enqueueJob, requeueExpired, UNKNOWN_KIND_ERROR } from './job-queue'
import { JobRunner } from './job-runner'

/*
 * Jobs that can never succeed end 'failed' while the process lives (issue 31): a payload that is not
 * JSON (which used to reject unhandled at its last attempt and kill the process, then again after every
 * restart), a give-up step that throws (which used to leave the job running, re-run every lease), a
 * kind no process runs (which used to wait for ever). Each is logged once at error level, and nothing
 * the runner starts rejects unhandled or calls process.exit.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// Whatever the runner lets slip would arrive here (and would have killed a server process).
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
let exit: ReturnType<typeof vi.spyOn>
let logged: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  unhandled.length = 0
  process.on('unhandledRejection', onUnhandled)
  exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
  logged = vi.spyOn(t.deps.logger, 'error')
})
afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
  exit.mockRestore()
  logged.mockRestore()
})

const runner = (kinds: JobKind<never>[], extra: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) =>
  new JobRunner({ deps: t.deps, kinds, concurrency: 2, pollMs: 20, retryMs: 5, leaseMs: 60_000, ...extra })

const jobsOf = (kind: string) =>
  t.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute()

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The error lines logged about one job. */
const errorsAbout = (id: number) =>
  logged.mock.calls.filter(([msg]: unknown[]) => new RegExp(`^job ${id}[ :]`).test(String(msg))).length

/** A kind that fails every attempt; its give-up throws when `giveUpThrows`. */
function failingKind(name: string, giveUpThrows: boolean) {
  const runs: number[] = []
  const kind: JobKind<{ n: number }> = {
    kind: name,
    maxAttempts: 2,
    async run({ n }) {
      runs.push(n)
      throw new Error(`gagal ${n}`)
    },
    async gaveUp({ n }, _error, trx) {
      await trx
        .insertInto('settings')
        .values({ key: `${name}:${n}`, value: 'gave up' })
        .execute()
      if (giveUpThrows) throw new Error('langkah akhir rusak')
    },
  }
  return { kind, runs }
}

/** A job that two processes claimed and died in (leases of 1 ms, never finished). */
async function diedInTwice(kind: string, payload: unknown) {
  const id = await enqueueJob(t.db, kind, payload, { maxAttempts: 2 })
  for (const holder of ['mati-1', 'mati-2']) {
    await new Promise((r) => setTimeout(r, 5))
    await requeueExpired(t.db)
    expect(await claimJob(t.db, t.deps.dialect, holder, [kind], 1)).toBeTruthy()
  }
  await new Promise((r) => setTimeout(r, 5))
  return id
}

describe(`poison jobs (${TEST_DB})`, () => {
  it('a payload that is not JSON is failed at its first claim, at any attempt, and the process lives on', async () => {
    const { kind, runs } = failingKind('bukan-json', false)
    // Its last attempt's process died: the claim after the lease is where the process used to die.
    // (Made first: a claim takes the oldest job.)
    const dead = await diedInTwice(kind.kind, { n: 2 })
    const fresh = await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 3 })
    await t.db.updateTable('jobs').set({ payload: '{"n": 1' }).where('id', 'in', [fresh, dead]).execute()

    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('bukan-json')).every((j) => j.status === 'failed'))
    await r.idle()
    await r.stop()

    const [b, a] = await jobsOf('bukan-json')
    expect(a).toMatchObject({ status: 'failed', attempts: 1, lease_until: null })
    expect(a.last_error).toMatch(/^isi tugas bukan JSON yang sah: /)
    expect(b).toMatchObject({ status: 'failed', attempts: 3 })
    expect(b.last_error).toMatch(/^isi tugas bukan JSON yang sah: /)
    expect(runs).toEqual([])
    expect([errorsAbout(fresh), errorsAbout(dead)]).toEqual([1, 1])
    expect(unhandled).toEqual([])
    expect(exit).not.toHaveBeenCalled()
  })

  it('a give-up step that throws still ends the job failed, with both errors, never run again', async () => {
    const { kind, runs } = failingKind('akhir-rusak', true)
    const died = await diedInTwice(kind.kind, { n: 2 })
    const tried = await enqueueJob(t.db, kind.kind, { n: 1 }, { maxAttempts: 2 })

    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('akhir-rusak')).every((j) => j.status === 'failed'))
    await r.idle()
    // Long enough for a job left running to be claimed again by this runner (it polls every 20 ms).
    await new Promise((res) => setTimeout(res, 200))
    await r.stop()

    const [b, a] = await jobsOf('akhir-rusak')
    expect(a).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'gagal 1 (langkah akhirnya gagal: langkah akhir rusak)',
    })
    expect(b).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'proses berhenti saat menjalankan tugas ini (langkah akhirnya gagal: langkah akhir rusak)',
    })
    expect(runs).toEqual([1, 1])
    // The give-up's own writes went with its rolled-back transaction.
    const left = await t.db.selectFrom('settings').selectAll().where('key', 'like', 'akhir-rusak:%').execute()
    expect(left).toEqual([])
    expect([errorsAbout(tried), errorsAbout(died)]).toEqual([1, 1])
    expect(unhandled).toEqual([])
    expect(exit).not.toHaveBeenCalled()
  })

  it('a kind no process runs is failed once it has waited past the grace; a young one waits for a newer process', async () => {
    const { kind } = failingKind('dikenal', false)
    const old = await enqueueJob(
      t.db,
      'jenis-lama',
      { n: 1 },
      {
        maxAttempts: 3,
        runAfter: new Date(Date.now() - 2 * 60 * 60 * 1000),
      },
    )
    const young = await enqueueJob(t.db, 'jenis-baru', { n: 1 }, { maxAttempts: 3 })

    const r = runner([kind as JobKind<never>])
    r.start()
    await until(async () => (await jobsOf('jenis-lama'))[0].status === 'failed')
    await r.idle()
    await r.stop()

    expect((await jobsOf('jenis-lama'))[0]).toMatchObject({
      id: old,
      status: 'failed',
      attempts: 0,
      last_error: UNKNOWN_KIND_ERROR,
    })
    expect((await jobsOf('jenis-baru'))[0]).toMatchObject({ id: young, status: 'queued', attempts: 0 })
    expect(errorsAbout(old)).toBe(1)
    expect(errorsAbout(young)).toBe(0)
    // Known by this runner with a grace of 0: it is not failed (and was run instead).
    const known = runner([kind as JobKind<never>, { ...kind, kind: 'jenis-baru' } as JobKind<never>], {
      unknownKindAfterMs: 0,
    })
    known.start()
    await until(async () => (await jobsOf('jenis-baru'))[0].attempts > 0)
    await known.stop()
    expect((await jobsOf('jenis-baru'))[0].last_error).not.toBe(UNKNOWN_KIND_ERROR)
    await t.db.deleteFrom('jobs').where('kind', '=', 'jenis-baru').execute()
    expect(unhandled).toEqual([])
  })
})
