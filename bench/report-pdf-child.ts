/**
 * One run of bench/report-pdf.ts in a fresh process (its peak RSS is this process's alone): a fresh
 * SQLite DATA_DIR, a project with `--photos` approved photos over one week in five work items (the
 * originals hard-linked from the generated set, so 1,000 photos cost no disk), then the real
 * POST /api/report/{slug}/create and the real job runner until the report is ready. Then the baseline
 * in the same process: the same photos read from the same store and resized by sharp for the same box,
 * one after another. Prints one JSON line.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createApp } from '../server/app'
import { readConfig } from '../server/config'
import { createDeps } from '../server/create-deps'
import { migrate, openDatabase } from '../server/db/index'
import { JOB_KINDS } from '../server/job-kinds'
import { JobRunner } from '../server/jobs/job-runner'
import { printImage, readAll } from '../server/modules/reports/report-images'
import { cellSize } from '../server/modules/reports/report-layout'
import { photoBox } from '../server/modules/reports/report-pdf'
import { createAccount } from '../server/modules/users/accounts.service'
import { apiJson, memory, resetPeak } from './bench-server'

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? ''
const DATA = arg('data')
const PHOTOS = Number(arg('photos'))
const SOURCE = arg('source')
const PER_PAGE = Number(arg('per-page') || 4) as 2 | 4 | 6

async function main() {
  const config = readConfig({
    DATA_DIR: DATA,
    WEB_DIR: '',
    LOG_LEVEL: 'warn',
    FIRM_NAME: 'PT Konsultan Bench',
  })
  const database = openDatabase({ dataDir: DATA })
  await migrate(database)
  const deps = createDeps(config, database)
  const app = createApp(deps)
  const call = apiJson((url, init) => app.request(url, init))
  const admin = await createAccount(deps.db, {
    name: 'Admin Bench',
    email: 'admin@bench.test',
    password: 'bench-admin-1',
    phone: '081234567890',
    role: 'admin',
    createdBy: null,
  })
  const token = (
    await call('POST', '/api/auth/login', null, { email: admin.email, password: 'bench-admin-1' })
  ).token as string
  const project = await call('POST', '/api/project/create', token, {
    name: 'Bench Laporan',
    description: 'Gedung uji laporan dokumentasi',
  })
  const items: number[] = []
  for (const name of ['Struktur', 'Arsitektur', 'Mekanikal', 'Elektrikal', 'Lansekap'])
    items.push((await call('POST', `/api/project/${project.id}/work-items`, token, { name })).id as number)

  // The photos: hard links to the generated originals, rows written straight into SQLite.
  const sources = fs
    .readdirSync(SOURCE)
    .filter((f) => f.endsWith('.jpg'))
    .sort()
  const publicDir = path.join(DATA, 'storage', 'public')
  const blobs: string[] = []
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < PHOTOS; i++) {
      const source = path.join(SOURCE, sources[i % sources.length] as string)
      const key = `${randomUUID()}.jpg`
      fs.linkSync(source, path.join(publicDir, key))
      blobs.push(key)
      const taken = new Date(Date.UTC(2026, 2, 2, 1, 0) + Math.floor((i * 7 * 86_400_000) / PHOTOS))
      const doc = await trx
        .insertInto('docs')
        .values({
          uuid: randomUUID(),
          project_id: project.id as number,
          description: `Pekerjaan ${i + 1}: pemasangan dan pemeriksaan sesuai gambar kerja revisi 2`,
          status: 'approved',
          creator_id: admin.id,
          created_at: taken.toISOString(),
          work_item_id: items[i % items.length],
          location: `Lantai ${(i % 4) + 1} as C-${(i % 9) + 1}`,
          progress: (i * 7) % 101,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('doc_images')
        .values({
          uuid: randomUUID(),
          doc_id: doc.id,
          name: `IMG_${i}.jpg`,
          ext: 'jpg',
          blob_key: key,
          size_bytes: fs.statSync(source).size,
          position: 0,
          taken_at: taken.toISOString(),
          thumb_state: 'ready',
          lat: -6.2 + i / 100_000,
          lng: 106.8 + i / 100_000,
          accuracy_m: 8,
        })
        .execute()
    }
  })

  const runner = new JobRunner({
    deps,
    kinds: JOB_KINDS,
    concurrency: 1,
    pollMs: 50,
    retryMs: 1000,
    leaseMs: 60_000,
  })
  deps.jobs.onWake(() => runner.wake())
  global.gc?.()
  // BENCH_TRACE=1: where the memory is while the job runs (stderr), to tell heap from buffers from native.
  const trace = process.env.BENCH_TRACE
    ? setInterval(() => {
        const m = process.memoryUsage()
        const mb = (x: number) => (x / 1024 / 1024).toFixed(0)
        console.error(
          `rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} external ${mb(m.external)} buffers ${mb(m.arrayBuffers)}`,
        )
      }, 2000)
    : undefined
  const startRss = resetPeak(process.pid)
  const t0 = performance.now()
  const made = await call('POST', `/api/report/${project.slug}/create`, token, {
    from: '2026-03-02',
    to: '2026-03-08',
    per_page: PER_PAGE,
  })
  runner.start()
  await runner.idle()
  const reportMs = performance.now() - t0
  const peakRss = memory(process.pid).hwm
  clearInterval(trace)
  await runner.stop()
  const row = await deps.db
    .selectFrom('reports')
    .select(['status', 'pages', 'size_bytes', 'photo_count', 'error'])
    .where('id', '=', made.id as number)
    .executeTakeFirstOrThrow()
  if (row.status !== 'ready') throw new Error(`report ${row.status}: ${row.error}`)

  // Baseline: the same photos, from the same store, resized for the same box, one after another.
  const box = photoBox({ x: 0, y: 0, ...cellSize(PER_PAGE) }, PER_PAGE === 2, false)
  const t1 = performance.now()
  let resized = 0
  for (const key of blobs) {
    const blob = await deps.store.get(key, 'public')
    if (!blob) throw new Error(`missing ${key}`)
    const image = await printImage(await readAll(blob.stream), box.width, box.height)
    resized += image?.jpeg.length ?? 0
  }
  const baselineMs = performance.now() - t1
  await database.close()
  console.log(
    JSON.stringify({
      photos: PHOTOS,
      reportMs,
      baselineMs,
      pages: Number(row.pages),
      pdfBytes: Number(row.size_bytes),
      resizedBytes: resized,
      startRss,
      peakRss,
    }),
  )
}

main().then(
  // Nothing of this process is to outlive its line (timers of the deps, sharp's threads).
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
