import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import { createBlobStore } from '../storage/create-store'
import { TEST_DB } from '../test/harness'
import { callServer, type ServerProcess, serverCluster } from '../test/server-process'
import { sweepUploads } from '../uploads/sweep'
import { UNKNOWN_KIND_ERROR } from './job-queue'

/*
 * The job queue across real server processes on one database and one DATA_DIR (as behind a load
 * balancer): photos uploaded to either process get their thumbnails from whichever process is free,
 * each once; a process killed (SIGKILL) in the middle of a job loses nothing: once its lease runs out
 * another process takes the job over and finishes it; jobs that can never run are failed while the
 * process lives (they used to kill it, again after every restart).
 */
const SUPERADMIN = { email: 'super@jobs.test', password: 'rahasia-super-admin' }
// A short lease, so a killed process's job is taken over within the test; quick polls for the same reason.
const JOB_ENV = { JOB_LEASE_MS: '1500', JOB_POLL_MS: '100', JOB_CONCURRENCY: '1' }

const cluster = serverCluster({ prefix: 'jobs', superadmin: SUPERADMIN, env: JOB_ENV })
const start = () => cluster.start()
let token: string
let slug: string

beforeAll(async () => {
  await cluster.open()
  const first = await start()
  // The superadmin makes an admin, who owns the project and uploads (the superadmin sees no projects).
  token = (
    await cluster.admin(first, {
      name: 'Admin Tugas',
      email: 'admin@jobs.test',
      password: 'rahasia-admin',
      phone: '081234567890',
    })
  ).token
  const project = await callServer(first, 'POST', '/api/project/create', {
    token,
    json: { name: 'Proyek Antrean', description: 'Foto untuk antrean tugas' },
  })
  expect(project.status).toBe(201)
  slug = project.json.data.slug
}, 120_000)

afterAll(() => cluster.close())

/** A large photo (PNG has no shrink-on-load, so each thumbnail takes real work) of its own colour. */
async function bigPhoto(i: number): Promise<Buffer> {
  return sharp({
    create: { width: 6000, height: 4500, channels: 3, background: { r: (i * 37) % 256, g: 120, b: 80 } },
  })
    .png()
    .toBuffer()
}

async function uploadTo(server: ServerProcess, photos: Buffer[]) {
  const form = new FormData()
  form.append('descriptions', JSON.stringify(photos.map((_, i) => `Foto antrean nomor ${i + 1}`)))
  for (const [i, p] of photos.entries())
    form.append('files', new Blob([new Uint8Array(p)], { type: 'image/png' }), `antrean-${i + 1}.png`)
  const res = await callServer(server, 'POST', `/api/doc/${slug}/upload`, { token, body: form })
  expect(res.status, JSON.stringify(res.json)).toBe(201)
  return res.json.data.docs as { images: { uuid: string; thumb: string | null }[] }[]
}

const thumbJobs = () =>
  cluster.db.db.selectFrom('jobs').selectAll().where('kind', '=', 'doc.thumbnail').orderBy('id').execute()

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 2000)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const pidOf = (owner: string | null) => owner?.split(':')[1]

describe(`job queue across processes (${TEST_DB})`, () => {
  it('a process killed mid-job: another takes the job over once the lease runs out and finishes it, once', async () => {
    const [a] = cluster.servers
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => bigPhoto(i)))
    const docs = await uploadTo(a, photos)
    // The answer did not wait for a single thumbnail.
    expect(docs.flatMap((d) => d.images.map((i) => i.thumb))).toEqual(Array(8).fill(null))

    // Catch A in the middle of one, and kill it there.
    const running = await until(thumbJobs, (jobs) => jobs.some((j) => j.status === 'running'), 30_000)
    a.proc.kill('SIGKILL')
    await new Promise((r) => a.proc.once('exit', r))
    const orphaned = (await thumbJobs()).filter((j) => j.status === 'running')
    expect(orphaned.length, JSON.stringify(running)).toBe(1)
    expect(pidOf(orphaned[0].lease_owner)).toBe(String(a.proc.pid))

    // B starts (a rolling restart) and finishes everything, the dead process's job included.
    const b = await start()
    const jobs = await until(thumbJobs, (all) => all.length === 8 && all.every((j) => j.status === 'done'))
    const takenOver = jobs.find((j) => j.id === orphaned[0].id)
    expect(takenOver?.attempts).toBe(2)
    expect(pidOf(takenOver?.lease_owner ?? null)).toBe(String(b.proc.pid))
    expect(jobs.filter((j) => j.id !== orphaned[0].id).every((j) => j.attempts === 1)).toBe(true)

    // Every image has its one thumbnail, served; whatever the killed run left behind is an orphan
    // blob the start-up sweep removes, never a second thumbnail named by a row.
    const images = await cluster.db.db.selectFrom('doc_images').selectAll().execute()
    expect(images).toHaveLength(8)
    expect(images.every((i) => i.thumb_state === 'ready' && i.thumb_key)).toBe(true)
    const store = createBlobStore({ dataDir: cluster.dataDir, storageUrl: undefined })
    await sweepUploads(
      { db: cluster.db.db, store, config: readConfig({ DATA_DIR: cluster.dataDir }) },
      {
        graceMs: 0,
        now: new Date(Date.now() + 1000),
      },
    )
    const stored = fs.readdirSync(path.join(cluster.dataDir, 'storage', 'public')).sort()
    expect(stored).toEqual(images.flatMap((i) => [i.blob_key, i.thumb_key as string]).sort())
    for (const i of images) {
      const res = await fetch(`${b.base}/storage/${i.thumb_key}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
    }
  }, 180_000)

  it('two processes share the queue: photos uploaded to either are each made once, by both', async () => {
    const second = await start()
    const [first] = cluster.servers.filter((s) => s.proc.exitCode === null && s.proc.signalCode === null)
    expect(first).not.toBe(second)
    const before = (await thumbJobs()).length
    const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => bigPhoto(i + 20)))
    await Promise.all([uploadTo(first, photos.slice(0, 3)), uploadTo(second, photos.slice(3))])
    const jobs = await until(
      async () => (await thumbJobs()).slice(before),
      (all) => all.length === 6 && all.every((j) => j.status === 'done'),
    )
    expect(jobs.every((j) => j.attempts === 1)).toBe(true)
    const by = new Set(jobs.map((j) => pidOf(j.lease_owner)))
    expect(by).toEqual(new Set([String(first.proc.pid), String(second.proc.pid)]))
    // Each listed once, with its thumbnail.
    const list = await callServer(second, 'GET', `/api/doc/${slug}/list?limit=50`, { token })
    expect(list.status).toBe(200)
    const images = (list.json.data as { images: { thumb: string | null }[] }[]).flatMap((d) => d.images)
    expect(images).toHaveLength(14)
    expect(images.every((i) => i.thumb?.endsWith('.webp'))).toBe(true)
  }, 180_000)

  it('poison rows (a payload that is not JSON, at its first or after its last attempt; an unknown kind) are failed while the process lives', async () => {
    const now = Date.now()
    const row = (
      kind: string,
      payload: string,
      extra: Partial<{ attempts: number; max: number; ago: number }>,
    ) => ({
      kind,
      payload,
      status: extra.attempts ? ('running' as const) : ('queued' as const),
      attempts: extra.attempts ?? 0,
      max_attempts: extra.max ?? 3,
      run_after: new Date(now - (extra.ago ?? 0)).toISOString(),
      // A process died holding it at its last attempt: the lease has run out.
      lease_owner: extra.attempts ? 'mort:1:abc' : null,
      lease_until: extra.attempts ? new Date(now - 1000).toISOString() : null,
      created_at: new Date(now).toISOString(),
    })
    const ids = await cluster.db.db
      .insertInto('jobs')
      .values([
        row('doc.thumbnail', '{"image": ', {}),
        row('doc.thumbnail', 'bukan json', { attempts: 3, max: 3 }),
        row('jenis.hilang', '{}', { ago: 2 * 60 * 60 * 1000 }),
      ])
      .returning('id')
      .execute()
    const server = await start()
    const rows = await until(
      () =>
        cluster.db.db
          .selectFrom('jobs')
          .selectAll()
          .where(
            'id',
            'in',
            ids.map((r) => r.id),
          )
          .orderBy('id')
          .execute(),
      (all) => all.every((j) => j.status === 'failed'),
    )
    expect(rows.map((j) => j.last_error?.split(':')[0])).toEqual([
      'isi tugas bukan JSON yang sah',
      'isi tugas bukan JSON yang sah',
      UNKNOWN_KIND_ERROR,
    ])
    // Every process alive and answering (any of them may have taken a row), each row logged once at
    // error level, by whichever process failed it.
    await new Promise((r) => setTimeout(r, 1000))
    const alive = cluster.servers.filter((s) => s.proc.signalCode !== 'SIGKILL')
    expect(alive).toContain(server)
    for (const s of alive) {
      expect(s.proc.exitCode).toBeNull()
      expect((await fetch(`${s.base}/api/health`)).status).toBe(200)
    }
    const errors = alive
      .flatMap((s) => s.log.join('').split('\n'))
      .filter((line) => line.includes('"level":"error"'))
    for (const { id } of ids)
      expect(errors.filter((l) => new RegExp(`"msg":"job ${id}[ :]`).test(l))).toHaveLength(1)
  }, 120_000)
})
