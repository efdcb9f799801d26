import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scratchDir as stagingDir } from '../base/scratch'
import { JOB_KINDS } from '../job-kinds'
import { JobRunner } from '../jobs/job-runner'
import { newBlobKey } from '../storage/blob-store'
import { createTestApp, TEST_DB, type TestApp } from '../test/harness'
import { queueUploadSweep, UPLOAD_SWEEP_EVERY_MS, UPLOAD_SWEEP_KIND } from './sweep-job'

/*
 * The hourly sweep of what killed processes left (issue 31): staged uploads, scratch PDFs and blobs no
 * row names used to stay until some process started again an hour later. Now one 'uploads.sweep' job
 * is queued at a time, in the database, for whichever process is alive; it removes only what is older
 * than the grace (an hour: never a file in use) and queues its next run.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const sweeps = () =>
  t.db.selectFrom('jobs').selectAll().where('kind', '=', UPLOAD_SWEEP_KIND).orderBy('id').execute()

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000)

function fileAged(file: string, content: string, old: boolean) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  if (old) fs.utimesSync(file, twoHoursAgo(), twoHoursAgo())
  return file
}

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe(`the hourly upload sweep (${TEST_DB})`, () => {
  it('processes starting together queue one sweep, an hour on', async () => {
    const results = await Promise.all([0, 1, 2].map(() => queueUploadSweep(t.db, t.deps.dialect)))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await queueUploadSweep(t.db, t.deps.dialect)).toBe(false)
    const [job] = await sweeps()
    expect(job).toMatchObject({ status: 'queued', attempts: 0 })
    const wait = Date.parse(job.run_after) - Date.parse(job.created_at)
    expect(wait).toBe(UPLOAD_SWEEP_EVERY_MS)
  })

  it('when due it removes old leftovers only, and queues the next run', async () => {
    const staged = stagingDir(t.dataDir)
    const store = path.join(t.dataDir, 'storage')
    const deadUpload = fileAged(path.join(staged, 'mati.part'), 'unggahan terputus', true)
    const scratchPdf = fileAged(path.join(staged, 'laporan.pdf'), '%PDF-1.7', true)
    const liveUpload = fileAged(path.join(staged, 'hidup.part'), 'unggahan berjalan', false)
    // A scratch PDF stored by a report job whose process died before its commit named it.
    const orphan = fileAged(path.join(store, 'private', newBlobKey('pdf')), '%PDF-1.7', true)
    const young = fileAged(path.join(store, 'public', newBlobKey('webp')), 'belum bernama', false)

    // The queued sweep falls due (an hour has passed, as far as the queue can tell).
    await t.db
      .updateTable('jobs')
      .set({ run_after: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', UPLOAD_SWEEP_KIND)
      .execute()
    const r = new JobRunner({
      deps: t.deps,
      kinds: JOB_KINDS,
      concurrency: 1,
      pollMs: 20,
      retryMs: 5,
      leaseMs: 60_000,
    })
    r.start()
    await until(async () => (await sweeps())[0].status === 'done')
    await r.idle()
    await r.stop()

    expect([deadUpload, scratchPdf, orphan].filter((f) => fs.existsSync(f))).toEqual([])
    expect([liveUpload, young].every((f) => fs.existsSync(f))).toBe(true)
    const [done, next] = await sweeps()
    expect(done.status).toBe('done')
    expect(next).toMatchObject({ status: 'queued', attempts: 0 })
    expect(Date.parse(next.run_after) - Date.now()).toBeGreaterThan(UPLOAD_SWEEP_EVERY_MS - 60_000)
    // Still one sweep in the queue: a process starting now adds none.
    expect(await queueUploadSweep(t.db, t.deps.dialect)).toBe(false)
  })
})
