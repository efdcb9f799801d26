/**
 * API load benchmark (docs/performance.md, performance budgets): the project list and the dashboard analysis on a
 * large dataset (200 projects, 100k files, 20k docs) at 50 concurrent connections, against a hello-world
 * baseline (GET /api/health) served by the same app.
 *
 *   npx tsx bench/api-load.ts              SQLite (temp dir)
 *   BENCH_PG=1 npx tsx bench/api-load.ts   PostgreSQL (a throwaway schema in PG_URL), or pass --pg
 *   BENCH_MIXED_ONLY=1 ...                 only the baselines and the mixed read/write load
 *   BENCH_PROFILE=dir ...                  also write a CPU profile of the server per mixed run
 *   BENCH_MIXED_RUNS=paced,closed-cache-on only those mixed runs (keys: closed-cache-on, closed-cache-off, paced)
 *   BENCH_SUMMARY=file ...                 also write each mixed run's figures as JSON (bench/pg-before-after.ts)
 *   BENCH_WORKERS_ONLY=1 ...               only the baseline and the WORKERS=2 vs WORKERS=1 comparison
 *
 * Env: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (50), PG_URL, BENCH_DRAIN_TIMEOUT
 * (seconds to wait for the thumbnail queue to empty after each mixed run, default 300), BENCH_RATE
 * (requests/s of the paced mixed run, default 300) or BENCH_PHOTO_RATE (photo uploads/s it should carry,
 * the overall rate then follows from the mix's weights; not both).
 *
 * The mixed load runs twice over: at saturation (closed loop: each connection sends its next request as
 * soon as the answer comes, so the server sets the pace and the figures are queueing at overload), with
 * the read cache on and off; then paced (open loop: a fixed rate whatever the server does, latency counted
 * from each request's due time), read cache on as in production.
 * The server runs in this process on a loopback port, with the job runner as server/index.ts starts it
 * (thumbnails compete with requests for the same cores); autocannon and the mixed load client run as
 * separate processes so the load generator does not share the server's event loop. A benchmark, not a
 * test: it reports, it does not fail.
 *
 * Before/after (issue 21): this file and bench/mixed-load-client.ts also run when copied into a checkout
 * from before the job queue (d65196f, thumbnails made in the upload request): without
 * server/start-jobs.ts they run without a job runner and say so.
 */
import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { sql } from 'kysely'
import pg from 'pg'
import { createApp } from '../server/app'
import { readConfig } from '../server/config'
import { createDeps } from '../server/create-deps'
import { migrate, openDatabase } from '../server/db/index'
import type { Deps } from '../server/deps'
import type { JobRunner } from '../server/jobs/job-runner'
import { createSession } from '../server/modules/auth/sessions.service'
import { createAccount } from '../server/modules/users/accounts.service'
import { databaseWriteEpoch, ReadCache } from '../server/read-cache'
import type { Area, Status } from '../src/contracts/projects'
import { makeSitePhoto } from '../tests/fixtures/site-photo'
import type { Operation, Pacing, Plan, Report, Stats } from './mixed-load-client'
import { recordFigure } from './report'
import { benchQuery, type Costs, countRoundTrips, watchCosts } from './server-costs'

const run = promisify(execFile)

const USE_PG = process.env.BENCH_PG === '1' || process.argv.includes('--pg')
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const MIXED_ONLY = process.env.BENCH_MIXED_ONLY === '1'
const WORKERS_ONLY = process.env.BENCH_WORKERS_ONLY === '1'
/** BENCH_PROFILE=dir: a CPU profile of this process (the server) during each mixed load run. */
const PROFILE_DIR = process.env.BENCH_PROFILE
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PROJECTS = 200
const FILES = 100_000
const DOCS = 20_000
/** Projects the benchmarked employee is a member of. */
const MEMBER_PROJECTS = 10
const BATCH = 1000
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 300) * 1000
/** The documentation photo of the mixed load: the app compresses to <= 1920 px (PHOTO_COMPRESSION). */
const PHOTO_SIDE = { width: 1920, height: 1440 }
const PHOTO_OPERATION = 'write: photo upload'
/** The diary save of the mixed load (issue 34); yesterday in UTC is never after the firm's today. */
const DIARY_OPERATION = 'write: diary save'
const DIARY_DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
const diaryBody = (n: string) => ({
  base_version: 2_147_483_647,
  base_versions: { manpower: 2_147_483_647 },
  sections: {
    manpower: [
      { trade: 'Mandor', count: 1 },
      { trade: 'Tukang batu', count: 6 },
      { trade: 'Pekerja', count: 12 },
    ],
    notes: { problems: `Hujan siang hari, catatan ${n}` },
  },
})
/** Issue 21's goal for the mixed load (same run, load generator on the same machine). */
const GOAL = { readP99: 50, writeP99: 150 }
/** The paced mixed run: requests/s for the whole mix, or photo uploads/s (the rate then follows). */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined
const PHOTO_RATE = process.env.BENCH_PHOTO_RATE ? Number(process.env.BENCH_PHOTO_RATE) : undefined
const DEFAULT_RATE = 300

const AREAS: Area[] = ['perencanaan', 'pengawasan']
const STATUSES: Status[] = ['pending', 'approved', 'rejected']

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-'))
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`
  if (USE_PG) await pgAdmin(`CREATE SCHEMA ${schema}`)
  // The server's pool connections carry this name, so their CPU can be found (bench/server-costs.ts).
  const applicationName = `berkas-${schema}`
  if (USE_PG) {
    process.env.PGAPPNAME = applicationName
    countRoundTrips()
  }
  const database = openDatabase(USE_PG ? { databaseUrl: PG_URL, dataDir, pgSchema: schema } : { dataDir })
  let server: ReturnType<typeof serve> | undefined
  let uncachedServer: ReturnType<typeof serve> | undefined
  let bareServer: ReturnType<typeof serve> | undefined
  let jobRunner: JobRunner | undefined
  try {
    await migrate(database)
    // One bench user writes hundreds of times a minute: the per-user limits (server/limits) would
    // answer 429 and the figures would be of refusals.
    const config = readConfig({
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'error',
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      UPLOAD_QUOTA_MB_PER_DAY: '0',
    })
    const deps = createDeps(config, database)
    const { db } = deps

    console.log(
      `database: ${database.dialect}; seeding ${PROJECTS} projects, ${FILES} files, ${DOCS} docs ...`,
    )
    const t0 = performance.now()
    const admin = await createAccount(db, {
      name: 'Admin Bench',
      email: 'admin@bench.test',
      password: 'bench-password',
      phone: '081234567890',
      role: 'admin',
      createdBy: null,
    })
    const employee = await createAccount(db, {
      name: 'Pengawas Bench',
      email: 'pengawas@bench.test',
      password: 'bench-password',
      phone: '081234567890',
      role: 'pengawasan',
      createdBy: admin.id,
    })
    const now = Date.now()
    const iso = (i: number) => new Date(now - i * 60_000).toISOString()

    const projectIds = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('projects')
        .values(
          Array.from({ length: PROJECTS }, (_, i) => ({
            slug: randomUUID(),
            name: `Proyek ${i + 1}`,
            description: `Proyek uji beban nomor ${i + 1}`,
            created_by: admin.id,
            created_at: iso(i),
            updated_at: iso(i),
          })),
        )
        .returning('id')
        .execute()
      return rows.map((r) => r.id)
    })
    await db
      .insertInto('project_members')
      .values(
        projectIds
          .slice(0, MEMBER_PROJECTS)
          .map((project_id) => ({ project_id, user_id: employee.id, created_at: iso(0) })),
      )
      .execute()
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < FILES; start += BATCH) {
        await trx
          .insertInto('files')
          .values(
            Array.from({ length: Math.min(BATCH, FILES - start) }, (_, k) => {
              const i = start + k
              return {
                uuid: randomUUID(),
                project_id: projectIds[i % PROJECTS],
                area: AREAS[i % 2],
                folder_id: null,
                name: `berkas-${i}.pdf`,
                size_bytes: 1024 * (1 + (i % 500)),
                mime: 'application/pdf',
                blob_key: `${randomUUID()}.pdf`,
                status: STATUSES[Math.floor(i / 2) % 3],
                creator_id: employee.id,
                created_at: iso(i % 10_000),
              }
            }),
          )
          .execute()
      }
    })
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < DOCS; start += BATCH) {
        await trx
          .insertInto('docs')
          .values(
            Array.from({ length: Math.min(BATCH, DOCS - start) }, (_, k) => {
              const i = start + k
              return {
                uuid: randomUUID(),
                project_id: projectIds[i % PROJECTS],
                description: `Foto progres pekerjaan ${i}`,
                status: STATUSES[i % 3],
                creator_id: employee.id,
                created_at: iso(i),
              }
            }),
          )
          .execute()
      }
    })
    // Fresh planner statistics, as a long-running database would have.
    await sql`ANALYZE`.execute(db)
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const adminToken = await createSession(db, admin.id, config.tokenTtlMs)
    const employeeToken = await createSession(db, employee.id, config.tokenTtlMs)

    const app = createApp(deps)
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(info.port),
      )
    })
    const base = `http://127.0.0.1:${port}`
    // As server/index.ts does once it serves: this process also makes the thumbnails.
    jobRunner = await startJobRunnerIfPresent(deps)
    console.log(
      jobRunner
        ? `job runner started (concurrency ${deps.config.jobConcurrency}), as in production`
        : 'no job queue (thumbnails made in the request)',
    )
    // The same app with the read cache off (server/read-cache.ts), to show what each call costs when
    // it is computed: right after a write, every list and analysis is.
    const uncachedApp = createApp({
      ...deps,
      readCache: new ReadCache(databaseWriteEpoch(db, database.dialect), { enabled: false, maxEntries: 0 }),
    })
    const uncachedPort = await new Promise<number>((resolve) => {
      uncachedServer = serve(
        { fetch: uncachedApp.fetch, port: 0, hostname: '127.0.0.1' },
        (info: AddressInfo) => resolve(info.port),
      )
    })
    const uncached = `http://127.0.0.1:${uncachedPort}`
    // The floor of the framework itself: a bare Hono app answering the same JSON, no middleware.
    const bare = new Hono()
    bare.get('/api/health', (c) => c.json({ success: true, message: 'ok' }))
    const barePort = await new Promise<number>((resolve) => {
      bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(info.port),
      )
    })

    // Sanity: each target answers 200 with the expected amount of data before it is measured.
    const check = async (url: string, token?: string) => {
      const res = await fetch(base + url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      const body = (await res.json()) as { data?: unknown }
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
      return body.data
    }
    const list = (await check('/api/project/list', adminToken)) as unknown[]
    const analysis = (await check('/api/dashboard/analysis', adminToken)) as { files: number; docs: number }
    const memberList = (await check('/api/project/list', employeeToken)) as unknown[]
    if (
      list.length !== PROJECTS ||
      analysis.files !== FILES ||
      analysis.docs !== DOCS ||
      memberList.length !== MEMBER_PROJECTS
    ) {
      throw new Error(
        `unexpected data: ${list.length} projects, ${analysis.files} files, ${analysis.docs} docs, ${memberList.length} member projects`,
      )
    }
    const listBytes = JSON.stringify({ data: list }).length
    const uploadSlug = (
      await db
        .selectFrom('projects')
        .select('slug')
        .where('id', '=', projectIds[MEMBER_PROJECTS] as number)
        .executeTakeFirstOrThrow()
    ).slug
    const compareWorkers = () =>
      workersComparison({ dataDir, schema: USE_PG ? schema : undefined, adminToken, uploadSlug })
    if (WORKERS_ONLY) {
      await compareWorkers()
      return
    }

    const targets: { label: string; url: string; token?: string; base?: string }[] = [
      { label: 'GET /api/health (baseline)', url: '/api/health' },
      {
        label: 'GET /api/health on a bare Hono app (framework floor)',
        url: '/api/health',
        base: `http://127.0.0.1:${barePort}`,
      },
      // Not a target: the floor of any authenticated call (token lookup + one row), for reading the rest.
      { label: 'GET /api/user/me (auth-only reference)', url: '/api/user/me', token: adminToken },
      { label: 'GET /api/project/list (admin, 200 projects)', url: '/api/project/list', token: adminToken },
      {
        label: `GET /api/project/list (employee, ${MEMBER_PROJECTS} projects)`,
        url: '/api/project/list',
        token: employeeToken,
      },
      { label: 'GET /api/dashboard/analysis (admin)', url: '/api/dashboard/analysis', token: adminToken },
      {
        label: 'GET /api/dashboard/analysis (employee)',
        url: '/api/dashboard/analysis',
        token: employeeToken,
      },
      {
        label: 'GET /api/project/list (admin), computed (no read cache)',
        url: '/api/project/list',
        token: adminToken,
        base: uncached,
      },
      {
        label: 'GET /api/dashboard/analysis (admin), computed (no read cache)',
        url: '/api/dashboard/analysis',
        token: adminToken,
        base: uncached,
      },
    ]
    console.log(
      `load: ${CONNECTIONS} connections, ${DURATION} s per target (admin list body ~${Math.round(listBytes / 1024)} KB)\n`,
    )

    const results: Result[] = []
    const load = [os.loadavg()[0]]
    // The baseline runs first and again last; the better run is the reference, so a burst of other work
    // on the machine during one baseline run does not flatter the API figures.
    // BENCH_MIXED_ONLY=1: only the baselines and the mixed load (for profiling the mixed load quickly).
    const measured = MIXED_ONLY ? targets.slice(0, 2) : targets
    for (const target of [...measured, { ...targets[0], label: `${targets[0].label}, again` }]) {
      const url = (target.base ?? base) + target.url
      await autocannon(url, target.token, Math.min(2, DURATION)) // warm-up, not reported
      const r = await autocannon(url, target.token, DURATION)
      results.push({ ...r, label: target.label })
      console.log(`  measured ${target.label}`)
    }
    load.push(os.loadavg()[0])

    const baseline = [results[0], results[results.length - 1]].sort((a, b) => a.p99 - b.p99)[0]
    const rows = results.map((r) => [
      r.label,
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      Math.round(r.rps).toString(),
      (r.p99 / Math.max(baseline.p99, 0.001)).toFixed(1),
      (baseline.rps / Math.max(r.rps, 0.001)).toFixed(1),
      String(r.errors + r.non2xx),
    ])
    const head = ['target', 'p50 ms', 'p99 ms', 'req/s', 'p99 x base', 'slower x base', 'errors']
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
    console.log(
      `\n${database.dialect}, ${os.cpus().length} CPUs, node ${process.version}, 1-min load average ${load.map((l) => l.toFixed(2)).join(' -> ')}`,
    )
    console.log(`reference baseline: p99 ${baseline.p99.toFixed(1)} ms, ${Math.round(baseline.rps)} req/s`)
    console.log(line(head))
    for (const row of rows) console.log(line(row))
    // The budget applies to the server as it runs (read cache on); the computed rows are for reading.
    const worst = Math.max(
      0,
      ...results
        .filter((r) => /\/api\/(project|dashboard)/.test(r.label) && !r.label.includes('computed'))
        .map((r) => r.p99),
    )
    console.log(
      `\nbudget (docs/performance.md): p99 < 50 ms at ${CONNECTIONS} connections; worst API p99 here: ${worst.toFixed(1)} ms ${worst < 50 ? '(within budget)' : '(OVER budget)'}`,
    )
    const bareResult = results[1]
    const helloP99 = { name: 'hello-world', value: baseline.p99 }
    for (const r of results.filter((x) => /\/api\/(project|dashboard)/.test(x.label)))
      recordFigure({
        bench: 'api',
        figure: `p99 ${r.label}`,
        value: r.p99,
        unit: 'ms',
        baseline: helloP99,
        lowerIsBetter: true,
      })
    recordFigure({
      bench: 'api',
      figure: 'hello-world throughput',
      value: baseline.rps,
      unit: 'req/s',
      baseline: { name: 'bare Hono', value: bareResult.rps },
      lowerIsBetter: false,
    })
    console.log(
      `hello-world throughput vs a bare Hono app: ${(baseline.rps / Math.max(bareResult.rps, 1)).toFixed(2)}x (goal >= 0.5x)`,
    )

    // Mixed load (issues 6 and 21): field staff write all day, so reads are measured beside 10 % writes,
    // at saturation with the read cache on and off, then paced at a fixed rate with the cache on. Writes:
    // project edits, membership changes and documentation photo uploads (~700 KB each), whose thumbnails
    // the job runner makes in this process meanwhile. The closed loop's photo rate is whatever the server
    // can take (tens per second); the paced run's is set (BENCH_RATE, BENCH_PHOTO_RATE).
    const photo = await docPhotoUpload(dataDir)
    console.log(
      `\nphoto upload: ${PHOTO_SIDE.width}x${PHOTO_SIDE.height} JPEG of ${Math.round(photo.photoBytes / 1024)} KB (a phone photo after the app's compression: <= 1920 px, <= 1 MB)`,
    )
    // The employee (role pengawasan) uploads to the projects they are a member of, as a field worker does.
    const memberSlugs = await projectSlugs(db, projectIds.slice(0, MEMBER_PROJECTS))
    await checkPhotoUpload(base, employeeToken, memberSlugs[0] as string, photo)
    await checkDiarySave(base, employeeToken, memberSlugs[0] as string)
    const other = await createAccount(db, {
      name: 'Perencana Bench',
      email: 'perencana@bench.test',
      password: 'bench-password',
      phone: '081234567890',
      role: 'perencanaan',
      createdBy: admin.id,
    })
    const json = { 'content-type': 'application/json' }
    const asAdmin = { authorization: `Bearer ${adminToken}` }
    const asEmployee = { authorization: `Bearer ${employeeToken}` }
    const operations: Operation[] = [
      {
        label: 'read: admin list',
        kind: 'read',
        weight: 35,
        method: 'GET',
        path: '/api/project/list',
        headers: asAdmin,
      },
      {
        label: 'read: admin analysis',
        kind: 'read',
        weight: 20,
        method: 'GET',
        path: '/api/dashboard/analysis',
        headers: asAdmin,
      },
      {
        label: 'read: employee list',
        kind: 'read',
        weight: 20,
        method: 'GET',
        path: '/api/project/list',
        headers: asEmployee,
      },
      {
        label: 'read: employee analysis',
        kind: 'read',
        weight: 15,
        method: 'GET',
        path: '/api/dashboard/analysis',
        headers: asEmployee,
      },
      {
        label: 'write: project edit',
        kind: 'write',
        weight: 5,
        method: 'PUT',
        path: '/api/project/update/{project}',
        headers: { ...asAdmin, ...json },
        body: JSON.stringify({ name: 'Proyek {n}', description: 'Deskripsi diperbarui {n}' }),
      },
      {
        label: 'write: project members',
        kind: 'write',
        weight: 1,
        method: 'PUT',
        path: '/api/project/{project}/members',
        headers: { ...asAdmin, ...json },
        body: JSON.stringify({ user_ids: [other.id] }),
      },
      // NOTE: the avatar upload (PATCH /api/user/update-avatar, a 64 px PNG) was the small-upload write
      // here until issue 21, which names the writes of this mix: project edit, membership change and a
      // documentation photo upload. Its weight (4 of the 10 write points) went to the photo upload, so the
      // mix stays 90 % reads, 10 % writes.
      {
        label: PHOTO_OPERATION,
        kind: 'write',
        weight: 4,
        method: 'POST',
        path: '/api/doc/{slug}/upload',
        // A fresh Idempotency-Key per upload, as the app's outbox sends one (src/features/documentation/api.ts).
        headers: { ...asEmployee, 'content-type': photo.contentType, 'idempotency-key': 'bench-{uuid}' },
        bodyFile: photo.file,
      },
      // Issue 34: the supervisor's diary save (one section of yesterday's Laporan Harian, as the app's outbox
      // sends it, with a fresh Idempotency-Key). The base is the largest version, a writer who has just read
      // the day: the run measures the save, not the 409 path of two writers on one section (tested in
      // server/modules/diary). Added beside the mix, so reads are 90 of 102 points here.
      {
        label: DIARY_OPERATION,
        kind: 'write',
        weight: 2,
        method: 'PUT',
        path: `/api/diary/{slug}/day/${DIARY_DAY}`,
        headers: { ...asEmployee, ...json, 'idempotency-key': 'bench-{uuid}' },
        body: JSON.stringify(diaryBody('{n}')),
      },
    ]
    // Edits and membership changes go to projects the benchmarked employee is not a member of, so the
    // employee's list keeps its size; the photos land in the employee's projects (their dashboard counts
    // grow by the uploads, a few hundred docs beside the 20k seeded).
    const projectIdsForWrites = projectIds.slice(MEMBER_PROJECTS)
    // The paced run's rate: requests/s for the whole mix, or what carries BENCH_PHOTO_RATE photos/s.
    const totalWeight = operations.reduce((s, o) => s + o.weight, 0)
    const photoShare = (operations.find((o) => o.label === PHOTO_OPERATION)?.weight ?? 0) / totalWeight
    if (RATE !== undefined && PHOTO_RATE !== undefined)
      throw new Error('set BENCH_RATE or BENCH_PHOTO_RATE, not both')
    const rate = PHOTO_RATE !== undefined ? PHOTO_RATE / photoShare : (RATE ?? DEFAULT_RATE)
    if (!(rate > 0 && Number.isFinite(rate))) throw new Error(`bad paced rate: ${rate} req/s`)
    const rateLabel = Number.isInteger(rate) ? String(rate) : rate.toFixed(1)
    const closedLoop = `saturation (closed loop, ${CONNECTIONS} connections)`
    const runs: { key: string; label: string; target: string; rate?: number }[] = [
      { key: 'closed-cache-on', label: `${closedLoop}, read cache on`, target: base },
      { key: 'closed-cache-off', label: `${closedLoop}, read cache off`, target: uncached },
      { key: `paced-${rateLabel}`, label: `paced ${rateLabel} req/s (read cache on)`, target: base, rate },
    ]
    console.log(
      `paced run: ${rateLabel} req/s overall = ${(rate * photoShare).toFixed(1)} photo uploads/s (${Math.round(photoShare * 100)} % of the mix), at most ${CONNECTIONS} in flight`,
    )
    // BENCH_MIXED_RUNS=paced,closed-cache-on: only those runs (by key prefix), for quick comparisons.
    const only = process.env.BENCH_MIXED_RUNS?.split(',').filter(Boolean)
    const chosen = only ? runs.filter((r) => only.some((o) => r.key.startsWith(o))) : runs
    const mixed: MixedRun[] = []
    for (const { key, label, target, rate } of chosen) {
      // Each run starts with an empty queue (the check upload's thumbnail, the run before).
      if (jobRunner) await benchQuery(() => drainThumbnails(db, DRAIN_TIMEOUT_MS))
      const costs = watchCosts(USE_PG ? { url: PG_URL, applicationName } : undefined)
      await costs.ready
      const profile = PROFILE_DIR ? await startProfile() : undefined
      const report = await mixedLoad({
        base: target,
        connections: CONNECTIONS,
        ...(rate !== undefined ? { rate } : {}),
        seconds: DURATION,
        warmupSeconds: Math.min(2, DURATION),
        projectIds: projectIdsForWrites,
        slugs: memberSlugs,
        operations,
      })
      console.log(`  measured mixed load, ${label}`)
      if (profile) console.log(`  CPU profile: ${await profile.stop(`mixed-${key}`)}`)
      const photos = await benchQuery(() =>
        photosReport(db, jobRunner ? deps.config.jobConcurrency : undefined, report),
      )
      // Until the queue drained: the thumbnails the run's uploads asked for are part of its cost.
      mixed.push({ label, report, photos, costs: await costs.stop() })
    }
    printMixed(baseline, mixed)
    recordMixed(baseline, mixed)
    if (process.env.BENCH_SUMMARY) writeSummary(process.env.BENCH_SUMMARY, database.dialect, mixed, chosen)
    // BENCH_MIXED_ONLY=1 means only the baselines and the mixed load (as the header says).
    if (!MIXED_ONLY) await compareWorkers()
  } finally {
    await jobRunner?.stop()
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()))
    if (uncachedServer) await new Promise<void>((resolve) => uncachedServer?.close(() => resolve()))
    if (bareServer) await new Promise<void>((resolve) => bareServer?.close(() => resolve()))
    await database.close()
    if (USE_PG) await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

type Result = { label: string; p50: number; p99: number; rps: number; errors: number; non2xx: number }

/**
 * `npm start` with WORKERS=2 against WORKERS=1 in the same run (issue 13): the real cluster entry
 * (server/cluster.ts) on the seeded database, one after the other on ports 4348/4349, each loaded with the
 * admin's project list, the admin's dashboard and a small file upload (a 10 KB PDF, a row and a blob each).
 */
async function workersComparison(opts: {
  dataDir: string
  schema?: string
  adminToken: string
  uploadSlug: string
}) {
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(10 * 1024, 32),
    Buffer.from('\n%%EOF\n'),
  ])
  const boundary = 'berkasworkers'
  const body = path.join(opts.dataDir, 'upload-body.bin')
  fs.writeFileSync(
    body,
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="laporan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  )
  // Both clusters run side by side (an idle one costs nothing) and each target is measured on
  // WORKERS=1, WORKERS=2, WORKERS=1, WORKERS=2, keeping the better run of each: on a machine shared
  // with other work, load that comes and goes then does not favour whichever ran first.
  const clusters: { workers: number; base: string; proc: ReturnType<typeof spawn>; log: string }[] = []
  const runs: { workers: number; rows: Result[] }[] = [
    { workers: 1, rows: [] },
    { workers: 2, rows: [] },
  ]
  try {
    for (const [workers, port] of [
      [1, 4348],
      [2, 4349],
    ] as const) {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          WORKERS: String(workers),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: opts.dataDir,
          WEB_DIR: '',
          LOG_LEVEL: 'info',
          // The benchmark is one user writing hundreds of times a minute: the per-user limits would answer 429.
          RATE_LIMIT_WRITES_PER_MINUTE: '0',
          UPLOAD_QUOTA_MB_PER_DAY: '0',
          ...(opts.schema ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: opts.schema } : { DATABASE_URL: '' }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const cluster = { workers, base: `http://127.0.0.1:${port}`, proc, log: '' }
      clusters.push(cluster)
      proc.stdout?.on('data', (c: Buffer) => (cluster.log += c.toString()))
      proc.stderr?.on('data', (c: Buffer) => (cluster.log += c.toString()))
      const until = Date.now() + 60_000
      while ((cluster.log.match(/Berkas berjalan di http/g) ?? []).length < workers) {
        if (Date.now() > until || proc.exitCode !== null)
          throw new Error(`WORKERS=${workers} did not start:\n${cluster.log}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    const targets = [
      { label: 'GET /api/project/list (admin)', url: '/api/project/list', request: {} },
      { label: 'GET /api/dashboard/analysis (admin)', url: '/api/dashboard/analysis', request: {} },
      {
        label: 'POST /api/file/{slug}/upload (10 KB PDF)',
        url: `/api/file/${opts.uploadSlug}/upload/perencanaan`,
        request: { method: 'POST', input: body, contentType: `multipart/form-data; boundary=${boundary}` },
      },
    ]
    for (const t of targets) {
      const best: (Result | undefined)[] = [undefined, undefined]
      for (const round of [0, 1])
        for (const [i, c] of clusters.entries()) {
          if (round === 0) await autocannon(c.base + t.url, opts.adminToken, Math.min(2, DURATION), t.request)
          const r = {
            ...(await autocannon(c.base + t.url, opts.adminToken, DURATION, t.request)),
            label: t.label,
          }
          if (!best[i] || r.rps > (best[i] as Result).rps) best[i] = r
        }
      runs[0]?.rows.push(best[0] as Result)
      runs[1]?.rows.push(best[1] as Result)
      console.log(`  measured WORKERS=1 and WORKERS=2: ${t.label}`)
    }
  } finally {
    for (const c of clusters) {
      const exited = new Promise((r) => c.proc.once('exit', r))
      c.proc.kill('SIGTERM')
      await exited
    }
  }
  const [one, two] = runs as [(typeof runs)[0], (typeof runs)[0]]
  const head = ['WORKERS=2 vs WORKERS=1', 'req/s 1', 'req/s 2', 'ratio', 'p99 ms 1', 'p99 ms 2', 'errors']
  const cells = one.rows.map((r, i) => {
    const r2 = two.rows[i] as Result
    return [
      r.label,
      Math.round(r.rps).toString(),
      Math.round(r2.rps).toString(),
      `${(r2.rps / Math.max(r.rps, 0.001)).toFixed(2)}x`,
      r.p99.toFixed(1),
      r2.p99.toFixed(1),
      String(r.errors + r.non2xx + r2.errors + r2.non2xx),
    ]
  })
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] as string).length)))
  const line = (row: string[]) =>
    row.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ')
  console.log(`\n${line(head)}`)
  for (const row of cells) console.log(line(row))
  for (const [i, r] of one.rows.entries())
    recordFigure({
      bench: 'api',
      figure: `WORKERS=2 ${r.label}`,
      value: (two.rows[i] as Result).rps,
      unit: 'req/s',
      baseline: { name: 'WORKERS=1', value: r.rps },
      lowerIsBetter: false,
    })
  const ratios = one.rows.map((r, i) => (two.rows[i] as Result).rps / Math.max(r.rps, 0.001))
  console.log(
    `\nWORKERS=2 serves ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x the requests of WORKERS=1 on ${os.availableParallelism()} cores (load generator on the same machine; 1-min load ${os.loadavg()[0].toFixed(2)})`,
  )
}

/** Runs the autocannon CLI in its own process and reads its JSON summary. */
async function autocannon(
  url: string,
  token: string | undefined,
  seconds: number,
  request: { method?: string; input?: string; contentType?: string } = {},
): Promise<Omit<Result, 'label'>> {
  const cli = path.join(process.cwd(), 'node_modules', 'autocannon', 'autocannon.js')
  const args = [cli, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-n']
  // As browsers do; the server gzips JSON and text for clients that accept it.
  args.push('-H', 'accept-encoding=gzip')
  if (token) args.push('-H', `authorization=Bearer ${token}`)
  if (request.method) args.push('-m', request.method)
  if (request.input) args.push('-i', request.input)
  if (request.contentType) args.push('-H', `content-type=${request.contentType}`)
  args.push(url)
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 })
  const r = JSON.parse(stdout) as {
    latency: { p50: number; p99: number }
    requests: { average: number }
    errors: number
    timeouts: number
    non2xx: number
  }
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  }
}

/** Profiles this process (the server under test) until stop(), which writes a .cpuprofile and returns its path. */
async function startProfile() {
  const { Session } = await import('node:inspector/promises')
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop')
      session.disconnect()
      const file = path.resolve(PROFILE_DIR ?? '.', `${name}.cpuprofile`)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, JSON.stringify(profile))
      return file
    },
  }
}

/** Runs bench/mixed-load-client.ts in its own process and reads its JSON report. */
async function mixedLoad(plan: Plan): Promise<Report> {
  const client = path.join(process.cwd(), 'bench', 'mixed-load-client.ts')
  const { stdout } = await run(process.execPath, ['--import', 'tsx', client, JSON.stringify(plan)], {
    maxBuffer: 16 * 1024 * 1024,
  })
  return JSON.parse(stdout) as Report
}

/**
 * The job runner exactly as server/index.ts starts it, or undefined in a checkout from before the job
 * queue (d65196f: thumbnails were made in the upload request), where this bench runs for the before figures.
 */
async function startJobRunnerIfPresent(deps: Deps): Promise<JobRunner | undefined> {
  if (!fs.existsSync(path.join(import.meta.dirname, '..', 'server', 'start-jobs.ts'))) return undefined
  const { startJobRunner } = await import('../server/start-jobs')
  return startJobRunner(deps)
}

type PhotoUpload = { body: Buffer; file: string; contentType: string; photoBytes: number }

/**
 * One documentation upload body: a description and a 1920 x 1440 site photo with sensor-like grain
 * (tests/fixtures/site-photo.ts, the e2e tests' maker), which weighs ~700 KB like a phone photo after
 * the app's compression; the same bytes for every upload, also written to a file in `dir` for the client.
 */
async function docPhotoUpload(dir: string): Promise<PhotoUpload> {
  const jpeg = await makeSitePhoto({ ...PHOTO_SIDE, noise: true, hue: 200, model: 'Bench' })
  const boundary = 'berkasbenchphoto'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nFoto progres pengecoran kolom lantai 2\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="IMG_0421.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const file = path.join(dir, 'photo-upload.bin')
  fs.writeFileSync(file, body)
  return { body, file, contentType: `multipart/form-data; boundary=${boundary}`, photoBytes: jpeg.length }
}

/** One diary save before the load, so a refused save stops the bench instead of being measured as errors. */
async function checkDiarySave(base: string, token: string, slug: string) {
  const res = await fetch(`${base}/api/diary/${slug}/day/${DIARY_DAY}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(diaryBody('cek')),
  })
  if (res.status !== 200) throw new Error(`diary save answered ${res.status}: ${await res.text()}`)
}

/** One upload before the load, so a refused upload stops the bench instead of being measured as errors. */
async function checkPhotoUpload(base: string, token: string, slug: string, photo: PhotoUpload) {
  const res = await fetch(`${base}/api/doc/${slug}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': photo.contentType },
    body: new Uint8Array(photo.body),
  })
  if (res.status !== 201) throw new Error(`photo upload answered ${res.status}: ${await res.text()}`)
}

async function projectSlugs(db: Deps['db'], ids: number[]): Promise<string[]> {
  const rows = await db.selectFrom('projects').select('slug').where('id', 'in', ids).execute()
  return rows.map((r) => r.slug)
}

/** What became of the photos of one mixed run (issue 21: the queue must keep up with the uploads). */
type PhotosReport = {
  /**
   * With a queue: photos stored from the first request to the last answer (warm-up included, as the
   * runner works through it too); without: uploads answered 2xx in the measured window.
   */
  uploaded: number
  arrivingPerS: number
  /** Thumbnails finished over the same time (all of them in the request without a queue). */
  processed: number
  processedPerS: number
  /** undefined without a job queue. */
  queue?: {
    /** Photos still waiting for their thumbnail when the last answer came (the run starts empty). */
    backlog: number
    /** From the last answer to the last thumbnail; undefined when it did not drain in time. */
    drainS: number | undefined
    left: number
    failed: number
    firstError?: string
  }
  keepsUp: boolean
}

/** A backlog done within this long after the load ended counts as keeping up. */
const KEEP_UP_S = 2

type MixedRun = { label: string; report: Report; photos: PhotosReport; costs: Costs }

/**
 * Counts the run's photos from the jobs table, after waiting until the queue is empty (up to
 * BENCH_DRAIN_TIMEOUT); `concurrency` is the runner's, undefined without a job queue (the client's count
 * of uploads then). Over the whole load (first request to last answer) rather than the recorded window:
 * an upload takes long enough that a window of a few seconds would cut off many at its edges. The queue
 * keeps up when what waited as the load ended was done within KEEP_UP_S (the last photos of a steady
 * stream are still being made as it stops; a queue that falls behind has a backlog that takes longer).
 */
async function photosReport(
  db: Deps['db'],
  concurrency: number | undefined,
  report: Report,
): Promise<PhotosReport> {
  if (concurrency === undefined) {
    const upload = report.byOperation[PHOTO_OPERATION] as Stats
    const uploaded = upload.count - upload.errors
    const perS = uploaded / ((report.window.to - report.window.from) / 1000)
    return { uploaded, arrivingPerS: perS, processed: uploaded, processedPerS: perS, keepsUp: true }
  }

  const left = await drainThumbnails(db, DRAIN_TIMEOUT_MS)
  const started = new Date(report.window.started).toISOString()
  const ended = new Date(report.window.ended).toISOString()
  const seconds = (report.window.ended - report.window.started) / 1000
  const ofRun = db.selectFrom('jobs').where('kind', '=', 'doc.thumbnail').where('created_at', '>=', started)
  const count = async (query: typeof ofRun) =>
    Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const uploaded = await count(ofRun.where('created_at', '<=', ended))
  const processed = await count(
    ofRun.where('status', 'in', ['done', 'failed']).where('finished_at', '<=', ended),
  )
  const failed = await ofRun.select('last_error').where('status', '=', 'failed').execute()
  const last = await ofRun.select((eb) => eb.fn.max('finished_at').as('at')).executeTakeFirst()
  const drainS =
    left === 0 && last?.at ? Math.max(0, Date.parse(last.at) - report.window.ended) / 1000 : undefined
  const backlog = uploaded - processed
  return {
    uploaded,
    arrivingPerS: uploaded / seconds,
    processed,
    processedPerS: processed / seconds,
    queue: { backlog, drainS, left, failed: failed.length, firstError: failed[0]?.last_error ?? undefined },
    keepsUp: left === 0 && (backlog <= concurrency || (drainS !== undefined && drainS <= KEEP_UP_S)),
  }
}

/** Polls until no thumbnail job is queued or running; answers how many still are at the timeout. */
async function drainThumbnails(db: Deps['db'], timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'doc.thumbnail')
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow()
    const left = Number(row.n)
    if (left === 0 || Date.now() > until) return left
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Prints one row per cell array, the first column left-aligned, the others right-aligned. */
function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ')
  console.log(line(head))
  for (const row of rows) console.log(line(row))
}

/** The mixed load's table beside the hello-world baseline, then each run's photos and goal lines. */
function printMixed(baseline: Result, runs: MixedRun[]) {
  const cells = (name: string, r: { p50: number; p99: number; rps: number }, errors: number) => [
    name,
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    Math.round(r.rps).toString(),
    (r.p99 / Math.max(baseline.p99, 0.001)).toFixed(1),
    String(errors),
  ]
  const rows = [
    cells('hello-world baseline (GET /api/health)', baseline, baseline.errors + baseline.non2xx),
    ...runs.flatMap(({ label, report }) =>
      (['read', 'write'] as const).flatMap((kind) => [
        cells(`${label}: all ${kind}s`, report[kind], report[kind].errors),
        ...Object.entries(report.byOperation)
          .filter(([name]) => name.startsWith(`${kind}:`))
          .map(([name, r]) => cells(`${label}:   ${name}`, r, r.errors)),
      ]),
    ),
  ]
  console.log('')
  printTable(
    ['mixed load (90 % reads, 10 % writes)', 'p50 ms', 'p99 ms', 'req/s', 'p99 x base', 'errors'],
    rows,
  )
  for (const run of runs) {
    console.log(`\n${run.label}: ${photosLine(run.photos)}`)
    if (run.report.pacing) console.log(`${run.label}: ${pacingLine(run.report.pacing)}`)
    console.log(`${run.label}: ${costsLine(run)}`)
    console.log(`${run.label}: ${goalLine(run)}`)
  }
}

/** Whether a paced run kept its schedule: requests that could not start on time. */
function pacingLine(p: Pacing): string {
  const share = p.scheduled > 0 ? (100 * p.late) / p.scheduled : 0
  // A few late starts are the client's own hiccups (GC, a shared core); more mean it could not keep the rate.
  const verdict =
    share <= 1
      ? 'the rate was kept'
      : 'the rate was NOT kept (all connections busy, or the client itself too busy; latency counts from the due time)'
  return `pacing: ${p.scheduled} requests due in the measured window at ${p.rate.toFixed(1)} req/s, ${p.late} (${share.toFixed(1)} %) started > ${p.lateMs} ms late, worst ${p.maxLateMs.toFixed(1)} ms late; ${verdict}`
}

/**
 * The run's work per request answered (warm-up included, thumbnails until the queue drained): counted,
 * not timed, so it compares across runs on a busy machine where the latencies do not.
 */
function costsLine({ report, costs }: MixedRun): string {
  const per = (x: number) => x / Math.max(report.answered ?? 0, 1)
  const db =
    costs.dbCpuMs === undefined
      ? ''
      : `, database CPU ${per(costs.dbCpuMs).toFixed(2)} ms, ${per(costs.roundTrips ?? 0).toFixed(1)} round trips to the database`
  return `cost per request (${report.answered} answered, thumbnails included): server CPU ${per(costs.cpuMs).toFixed(2)} ms${db}`
}

function photosLine(p: PhotosReport): string {
  if (!p.queue)
    return `photos uploaded in the measured window ${p.uploaded}, ${p.arrivingPerS.toFixed(1)}/s arriving = processed; no job queue (thumbnails made in the request)`
  const rates = `photos uploaded during the load ${p.uploaded}, ${p.arrivingPerS.toFixed(1)}/s arriving; thumbnails done during it ${p.processed}, ${p.processedPerS.toFixed(1)}/s processed`
  const q = p.queue
  const drain =
    q.drainS === undefined
      ? `NOT drained within ${DRAIN_TIMEOUT_MS / 1000} s (${q.left} left)`
      : `drained ${q.drainS.toFixed(1)} s after the load ended`
  const failed = q.failed === 0 ? 'no failed jobs' : `${q.failed} FAILED jobs (first: ${q.firstError})`
  return `${rates}; ${q.backlog} waiting when the load ended, ${drain}; ${failed}`
}

function goalLine({ report, photos }: MixedRun): string {
  const errors = report.all.errors
  const met =
    report.read.p99 < GOAL.readP99 && report.write.p99 < GOAL.writeP99 && errors === 0 && photos.keepsUp
  const keepsUp = photos.queue ? (photos.keepsUp ? 'yes' : 'no') : 'yes (no queue: made in the request)'
  return (
    `goal: reads p99 < ${GOAL.readP99} ms (${report.read.p99.toFixed(1)}), writes p99 < ${GOAL.writeP99} ms (${report.write.p99.toFixed(1)}), ` +
    `zero errors (${errors}); queue keeps up: ${keepsUp} -> ${met ? 'met' : 'NOT met'}`
  )
}

/**
 * BENCH_SUMMARY=file: each mixed run's headline figures as JSON, for bench/pg-before-after.ts, which
 * sets several runs side by side.
 */
function writeSummary(file: string, dialect: string, runs: MixedRun[], keys: { key: string }[]) {
  const summary = {
    dialect,
    load: os.loadavg()[0],
    runs: runs.map(({ report, photos, costs }, i) => ({
      key: keys[i]?.key,
      read: { p50: report.read.p50, p99: report.read.p99 },
      write: { p50: report.write.p50, p99: report.write.p99 },
      upload: report.byOperation[PHOTO_OPERATION],
      errors: report.all.errors,
      answered: report.answered,
      photos: {
        arrivingPerS: photos.arrivingPerS,
        processedPerS: photos.processedPerS,
        keepsUp: photos.keepsUp,
      },
      perRequest: {
        cpuMs: costs.cpuMs / Math.max(report.answered ?? 0, 1),
        dbCpuMs: costs.dbCpuMs === undefined ? undefined : costs.dbCpuMs / Math.max(report.answered ?? 0, 1),
        roundTrips:
          costs.roundTrips === undefined ? undefined : costs.roundTrips / Math.max(report.answered ?? 0, 1),
      },
    })),
  }
  fs.writeFileSync(file, JSON.stringify(summary, null, 2))
}

/** The mixed load's headline figures for `npm run bench` (bench/report.ts), each beside its baseline. */
function recordMixed(baseline: Result, runs: MixedRun[]) {
  const hello = { name: 'hello-world', value: baseline.p99 }
  for (const { label, report, photos, costs } of runs) {
    const per = (x: number) => x / Math.max(report.answered ?? 0, 1)
    recordFigure({
      bench: 'api',
      figure: `mixed load ${label}: server CPU per request`,
      value: per(costs.cpuMs),
      unit: 'ms',
      lowerIsBetter: true,
    })
    if (costs.roundTrips !== undefined)
      recordFigure({
        bench: 'api',
        figure: `mixed load ${label}: database round trips per request`,
        value: per(costs.roundTrips),
        unit: 'round trips',
        lowerIsBetter: true,
      })
    for (const kind of ['read', 'write'] as const)
      recordFigure({
        bench: 'api',
        figure: `mixed load ${label}: ${kind}s p99`,
        value: report[kind].p99,
        unit: 'ms',
        baseline: hello,
        lowerIsBetter: true,
      })
    recordFigure({
      bench: 'api',
      figure: `mixed load ${label}: errors`,
      value: report.all.errors,
      unit: 'errors',
      lowerIsBetter: true,
    })
    recordFigure({
      bench: 'api',
      figure: `mixed load ${label}: photos processed${photos.queue ? '' : ' (in the request, no queue)'}`,
      value: photos.processedPerS,
      unit: 'photos/s',
      baseline: { name: 'arriving', value: photos.arrivingPerS },
      lowerIsBetter: false,
    })
    if (photos.queue?.drainS !== undefined)
      recordFigure({
        bench: 'api',
        figure: `mixed load ${label}: thumbnail queue drained after the load`,
        value: photos.queue.drainS,
        unit: 's',
        lowerIsBetter: true,
      })
    if (report.pacing)
      recordFigure({
        bench: 'api',
        figure: `mixed load ${label}: requests started > ${report.pacing.lateMs} ms late`,
        value: report.pacing.late,
        unit: 'requests',
        baseline: { name: 'due in the window', value: report.pacing.scheduled },
        lowerIsBetter: true,
      })
  }
}

async function pgAdmin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
