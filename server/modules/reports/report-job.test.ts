import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_MSG, type Report } from '../../../src/contracts/reports'
import { scratchDir as stagingDir } from '../../base/scratch'
import type { DomainEvent } from '../../events'
import type { JobContext } from '../../jobs/job-kind'
import { type Cast, cast, privateBlobs, projectWithMembers } from '../../test/area-fixtures'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { review, uploadDoc } from './report-fixtures'
import { reportRenderJob } from './report-render-job'

/*
 * The 'report.render' job at its edges: its project deleted while it runs, its last attempt failing,
 * its progress. The job is run by hand here (with a context like the runner's) where the moment matters.
 */

let t: TestApp
let c: Cast

beforeAll(async () => {
  t = await createTestApp()
  c = await cast(t)
})
afterAll(() => t.close())

/** A project with one approved photo in March 2025 and a ready report of it; the project and report. */
async function projectWithReport(name: string) {
  const project = await projectWithMembers(t, c, name)
  const uuid = await uploadDoc(t, c.supervisor, project.slug, {
    description: 'Foto pengecoran kolom',
    takenAt: '2025-03-04T03:00:00.000Z',
  })
  await review(t, c.admin, project.slug, uuid, 'approved')
  const res = await t.request('POST', `/api/report/${project.slug}/create`, {
    token: c.admin.token,
    json: { from: '2025-03-03', to: '2025-03-09' },
  })
  expect(res.status, res.text).toBe(202)
  await t.runJobs()
  return { project, report: res.json.data as Report }
}

/** Puts a report back to queued, as if its job had not run yet (its PDF, if any, gone with it). */
async function requeue(id: number) {
  const row = await t.db
    .selectFrom('reports')
    .select('blob_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  if (row.blob_key) await t.deps.store.delete(row.blob_key, 'private')
  await t.db
    .updateTable('reports')
    .set({ status: 'queued', progress: 0, blob_key: null, pages: null, size_bytes: null, sha256: null })
    .where('id', '=', id)
    .execute()
}

/** What the bell holds for one person, newest first. */
function notificationsOf(userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['type', 'title', 'message', 'link'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute()
}

const context = (commit: JobContext['commit']): JobContext => ({
  deps: t.deps,
  attempt: 1,
  signal: new AbortController().signal,
  commit,
})

describe(`the report job (${TEST_DB})`, () => {
  it('a project deleted while its report is made: no crash, no blob, no scratch file', async () => {
    const { project, report } = await projectWithReport('Proyek Dihapus')
    await requeue(report.id)
    const before = privateBlobs(t)
    // The project goes just before the job's commit: its report row with it.
    await reportRenderJob.run(
      { report: report.id },
      context(async (write) => {
        const del = await t.request('DELETE', `/api/project/delete/${project.id}`, { token: c.admin.token })
        expect(del.status, del.text).toBe(200)
        return t.db.transaction().execute(write)
      }),
    )
    expect(privateBlobs(t)).toEqual(before)
    const scratch = stagingDir(t.deps.config.dataDir)
    expect(fs.existsSync(scratch) ? fs.readdirSync(scratch).filter((f) => f.endsWith('.pdf')) : []).toEqual(
      [],
    )
    // And the job of a report whose project is gone ends at once.
    await reportRenderJob.run(
      { report: report.id },
      context(() => Promise.reject(new Error('no commit'))),
    )
  })

  it("deleting a project removes its reports' PDFs", async () => {
    const { project, report } = await projectWithReport('Proyek Dengan Laporan')
    const key = (
      await t.db.selectFrom('reports').select('blob_key').where('id', '=', report.id).executeTakeFirst()
    )?.blob_key as string
    expect(privateBlobs(t)).toContain(key)
    const del = await t.request('DELETE', `/api/project/delete/${project.id}`, { token: c.admin.token })
    expect(del.status).toBe(200)
    expect(privateBlobs(t)).not.toContain(key)
  })

  it("after its last attempt the report is 'failed' with the Indonesian message", async () => {
    const { project, report } = await projectWithReport('Proyek Gagal')
    await requeue(report.id)
    const told: DomainEvent[] = []
    await t.db
      .transaction()
      .execute(
        (trx) =>
          reportRenderJob.gaveUp?.({ report: report.id }, 'boom', trx, (e) => told.push(e)) as Promise<void>,
      )
    expect(told).toEqual([
      { type: 'report_failed', actorId: null, projectId: project.id, reportId: report.id },
    ])
    for (const e of told) await t.deps.events.publish(e)
    await t.deps.notifications.idle()
    // Newest first: the failure, after the ready one of the first making.
    expect((await notificationsOf(c.admin.id)).slice(0, 2)).toEqual([
      {
        type: 'report_failed',
        title: 'Laporan gagal disusun',
        message: `Laporan project Proyek Gagal gagal disusun: "${report.title}". Buka Laporan untuk mencoba lagi.`,
        link: `/project/${project.slug}/laporan`,
      },
      expect.objectContaining({ type: 'report_ready' }),
    ])
    const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
    expect((list.json.data as Report[])[0]).toMatchObject({ status: 'failed', error: REPORT_MSG.failed })
    const download = await t.request('GET', `/api/report/${project.slug}/download/${report.id}`, {
      token: c.admin.token,
    })
    expect(download.status).toBe(409)
    expect(download.json.message).toBe(REPORT_MSG.failed)
  })

  it('progress is written while it runs and is 100 when ready; ranged downloads work', async () => {
    const { project, report } = await projectWithReport('Proyek Progres')
    await requeue(report.id)
    const seen: number[] = []
    await reportRenderJob.run(
      { report: report.id },
      context(async (write) => {
        const row = await t.db
          .selectFrom('reports')
          .select(['status', 'progress'])
          .where('id', '=', report.id)
          .executeTakeFirst()
        seen.push(Number(row?.progress))
        expect(row?.status).toBe('running')
        return t.db.transaction().execute(write)
      }),
    )
    expect(seen[0]).toBe(95)
    const list = await t.request('GET', `/api/report/${project.slug}/list`, { token: c.admin.token })
    const ready = (list.json.data as Report[])[0] as Report
    expect(ready).toMatchObject({ status: 'ready', progress: 100 })
    // The admin who asked hears it, by the bell (and WhatsApp), once per report made.
    await t.deps.notifications.idle()
    const told = (await notificationsOf(c.admin.id)).filter(
      (n) => n.link === `/project/${project.slug}/laporan`,
    )
    expect(told).toEqual([
      {
        type: 'report_ready',
        title: 'Laporan siap',
        message: `Laporan project Proyek Progres siap diunduh dan dibagikan (${ready.pages} halaman): "${report.title}".`,
        link: `/project/${project.slug}/laporan`,
      },
      // The first making (projectWithReport) told it too.
      expect.objectContaining({ type: 'report_ready' }),
    ])
    expect(await notificationsOf(c.supervisor.id)).not.toContainEqual(
      expect.objectContaining({ type: 'report_ready' }),
    )
    const part = await t.app.request(`/api/report/${project.slug}/download/${report.id}`, {
      headers: { authorization: `Bearer ${c.supervisor.token}`, range: 'bytes=0-7' },
    })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('%PDF-1.3')
    expect(part.headers.get('content-disposition')).toMatch(/Proyek%20Progres.*\.pdf$/)
  })
})
