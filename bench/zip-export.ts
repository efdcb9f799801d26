/**
 * Project zip export benchmark (docs/performance.md, performance budgets: "zip export memory stays flat and its
 * throughput stays close to reading the files from disk"): a project of 20,000 files in nested
 * folders, exported through the real server's GET /api/project/download/{id}, against reading the
 * same files from the same disk in the same run, with the server's peak memory per export.
 *
 *   npm run bench:zip                              500 MB and 5 GB, 20,000 files each
 *   npm run bench:zip -- --sizes=500M,2G --files=5000
 *   npm run bench:zip -- --concurrent=10            10 exports of the same project at once (issue 21)
 *   npm run bench:zip -- --concurrent=10 --limit=3  the same against a server with EXPORT_CONCURRENCY=3
 *
 * The server is `npm start`'s own process (node --import tsx server/index.ts, SQLite, API only) on a
 * loopback port (BENCH_PORT, default 4312); this process is the client and counts the bytes. The rows
 * and blobs of the project are written straight into the server's DATA_DIR (rows through SQLite, blobs
 * into the local-disk store's layout), so the set-up takes seconds, not an upload of gigabytes.
 *
 * Peak memory is the server's VmHWM from /proc, reset before the export (clear_refs). Both the export
 * and the baseline read the files after they were written, so both read from the page cache when it
 * holds them (it cannot be dropped without root); the baseline reads each file in full, one at a time,
 * with the same 1 MB chunks as the store, once before and once after the export (the faster counts).
 * Everything lives in one temp dir under /tmp, deleted at the end. A benchmark, not a test.
 *
 * Concurrent mode (--concurrent=N): N clients ask for the same project's export at once, like N admins
 * pressing 'Unduh' together. The server bounds exports per process (EXPORT_CONCURRENCY) and answers the
 * rest 429 with Retry-After; a client honours it (times BENCH_RETRY_SCALE, default 1) and asks again
 * until it has its whole zip. Without --limit it runs twice on the same data: EXPORT_CONCURRENCY=100
 * (effectively unbounded: the 'before') and the default 3 (the 'after'), each on a fresh server.
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { apiJson, memory, resetPeak, waitForHealth } from './bench-server'
import { recordFigure } from './report'

const ROOT = path.resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 4312)
const BASE = `http://127.0.0.1:${PORT}`
const json = apiJson(BASE)
const ADMIN = { email: 'superadmin@bench.test', password: 'bench-rahasia-1' }
const MB = 1024 * 1024

function arg(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`))
  return hit ? hit.slice(name.length + 3) : fallback
}
function parseSize(s: string): number {
  const m = /^(\d+(?:\.\d+)?)([MG])B?$/i.exec(s.trim())
  if (!m) throw new Error(`size like 500M or 5G: ${s}`)
  return Math.round(Number(m[1]) * (m[2]?.toUpperCase() === 'G' ? 1024 : 1) * MB)
}
const SIZES = arg('sizes', '500M,5G').split(',').map(parseSize)
const FILES = Number(arg('files', '20000'))
const CONCURRENT = Number(arg('concurrent', '0'))
const LIMIT = arg('limit', '')
/** Without --limit the concurrent mode shows the bound's before (100: nobody is refused) and after (3). */
const LIMITS = LIMIT ? [Number(LIMIT)] : [100, 3]
/** Scales a 429's Retry-After so a smoke run need not sit through 10 s waits; the report says which. */
const RETRY_SCALE = Number(process.env.BENCH_RETRY_SCALE ?? 1)

const gb = (bytes: number) => `${(bytes / 1024 / MB).toFixed(2)} GB`
const rate = (bytes: number, ms: number) => bytes / MB / (ms / 1000)

type Row = {
  size: number
  files: number
  zipBytes: number
  exportMs: number
  baselineMs: number
  peakRss: number
  startRss: number
  firstByteMs: number
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-zip-'))
  const free = fs.statfsSync(work)
  const freeBytes = free.bavail * free.bsize
  const need = Math.max(...SIZES) * 1.1
  console.log(`temp dir ${work}; free ${gb(freeBytes)}; largest project ${gb(Math.max(...SIZES))}`)
  if (freeBytes < need) throw new Error(`not enough space in ${os.tmpdir()} for ${gb(need)}`)
  try {
    if (CONCURRENT > 0) await concurrentMode(work)
    else await singleMode(work)
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** The default: one export at a time per project size. */
async function singleMode(work: string) {
  const server = startServer(work, LIMIT ? { EXPORT_CONCURRENCY: LIMIT } : {})
  const rows: Row[] = []
  try {
    await waitForHealth(BASE, 600)
    const token = await adminToken()
    // Warm-up: the first export loads its code; that is not a cost of the project's size.
    await runOne(server.pid as number, token, work, 20 * MB, 200)
    for (const size of SIZES) rows.push(await runOne(server.pid as number, token, work, size, FILES))
    report(rows)
  } finally {
    await stopServer(server)
  }
}

function startServer(work: string, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      WEB_DIR: '',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      SUPERADMIN_EMAIL: ADMIN.email,
      SUPERADMIN_PASSWORD: ADMIN.password,
      ...extraEnv,
    },
  })
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`server exited ${code ?? signal}`)
  })
  return child
}

async function stopServer(server: ReturnType<typeof startServer>) {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
}

const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-1' }

/** Creates the admin who owns the bench projects (once per DATA_DIR) and signs in as them. */
async function adminToken(): Promise<string> {
  const root = (await json('POST', '/api/auth/login', null, ADMIN)).token as string
  await json('POST', '/api/admin/create', root, {
    ...BENCH_ADMIN,
    name: 'Admin Bench',
    phone: '081234567890',
  })
  return adminLogin()
}

/** A later server on the same DATA_DIR already has the admin: signing in is enough. */
async function adminLogin(): Promise<string> {
  return (await json('POST', '/api/auth/login', null, BENCH_ADMIN)).token as string
}

/**
 * A project of `files` files totalling `bytes`: both file areas with 3 levels of folders (10 x 5 x 4),
 * sizes spread from 0.25x to 1.75x the mean. Returns the project id and the blob paths in zip order.
 */
async function makeProject(token: string, work: string, bytes: number, files: number) {
  const project = await json('POST', '/api/project/create', token, {
    name: `Bench ${gb(bytes)}`,
    description: 'Ekspor zip',
  })
  const projectId = project.id as number
  const dataDir = path.join(work, 'data')
  const privateDir = path.join(dataDir, 'storage', 'private')
  const db = new SQLite(path.join(dataDir, 'berkas.sqlite'))
  db.pragma('busy_timeout = 15000')
  const adminId = (
    db.prepare("select id from users where email = 'admin@bench.test'").get() as { id: number }
  ).id
  const now = new Date().toISOString()
  const insertFolder = db.prepare(
    'insert into folders (uuid, project_id, area, parent_id, name, created_by, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id',
  )
  const insertFile = db.prepare(
    `insert into files (uuid, project_id, area, folder_id, name, size_bytes, mime, blob_key, status, creator_id, created_at)
     values (?, ?, ?, ?, ?, ?, 'application/octet-stream', ?, 'pending', ?, ?)`,
  )
  // Leaf folders of both areas; files are dealt out over them.
  const leaves: { area: string; id: number }[] = []
  db.transaction(() => {
    for (const area of ['perencanaan', 'pengawasan']) {
      for (let a = 0; a < 10; a++) {
        const top = insertFolder.get(randomUUID(), projectId, area, null, `Paket ${a + 1}`, adminId, now) as {
          id: number
        }
        for (let b = 0; b < 5; b++) {
          const mid = insertFolder.get(
            randomUUID(),
            projectId,
            area,
            top.id,
            `Bagian ${b + 1}`,
            adminId,
            now,
          ) as {
            id: number
          }
          for (let c = 0; c < 4; c++) {
            const leaf = insertFolder.get(
              randomUUID(),
              projectId,
              area,
              mid.id,
              `Minggu ${c + 1}`,
              adminId,
              now,
            ) as {
              id: number
            }
            leaves.push({ area, id: leaf.id })
          }
        }
      }
    }
  })()
  // Sizes: a spread around the mean that sums to exactly `bytes`.
  const mean = bytes / files
  const sizes = Array.from({ length: files }, (_, i) =>
    Math.round(mean * (0.25 + (1.5 * ((i * 7919) % files)) / files)),
  )
  sizes[files - 1] = (sizes[files - 1] as number) + (bytes - sizes.reduce((s, x) => s + x, 0))
  const block = randomBytes(4 * MB)
  const blobs: string[] = []
  const rows: unknown[][] = []
  for (let i = 0; i < files; i++) {
    const key = `${randomUUID()}.bin`
    const size = sizes[i] as number
    const file = path.join(privateDir, key)
    const fd = fs.openSync(file, 'w')
    for (let written = 0; written < size; ) {
      const n = Math.min(block.length, size - written)
      // A different window of the random block per file: no two files alike, nothing compressible.
      const start = (i * 4099) % (block.length - n + 1)
      written += fs.writeSync(fd, block, start, n)
    }
    fs.closeSync(fd)
    blobs.push(file)
    const leaf = leaves[i % leaves.length] as { area: string; id: number }
    rows.push([
      randomUUID(),
      projectId,
      leaf.area,
      leaf.id,
      `Dokumen ${String(i + 1).padStart(5, '0')}.bin`,
      size,
      key,
      adminId,
      now,
    ])
  }
  db.transaction(() => {
    for (const r of rows) insertFile.run(...r)
  })()
  db.close()
  return { projectId, blobs, total: sizes.reduce((s, x) => s + x, 0) }
}

/**
 * Reads each file in full, one at a time, as the local-disk store does: stat, then a read stream of
 * exactly its bytes in chunks of up to 1 MB (without `end`, Node reads a small file with a 1 MB buffer
 * and a second read to find its end, several times slower on 25 KB files).
 */
async function readAll(files: string[]): Promise<number> {
  let total = 0
  for (const file of files) {
    const { size } = await fs.promises.stat(file)
    if (size === 0) continue
    for await (const chunk of fs.createReadStream(file, { start: 0, end: size - 1, highWaterMark: MB }))
      total += (chunk as Buffer).length
  }
  return total
}

async function runOne(pid: number, token: string, work: string, bytes: number, files: number): Promise<Row> {
  const made = Date.now()
  const { projectId, blobs, total } = await makeProject(token, work, bytes, files)
  const makeMs = Date.now() - made
  // Written data is flushed first, so neither read competes with the kernel writing it back; the
  // baseline reads every file before and after the export, and the faster of the two is reported.
  execFileSync('sync')
  const baseline = async () => {
    const t0 = performance.now()
    if ((await readAll(blobs)) !== total) throw new Error('baseline read a different size')
    return performance.now() - t0
  }
  const before = await baseline()
  const startRss = resetPeak(pid)
  const t1 = performance.now()
  const res = await fetch(`${BASE}/api/project/download/${projectId}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${res.headers.get('x-response')}`)
  const declared = Number(res.headers.get('content-length'))
  let firstByteMs = 0
  let received = 0
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (received === 0) firstByteMs = performance.now() - t1
    received += value.byteLength
  }
  const exportMs = performance.now() - t1
  const peakRss = memory(pid).hwm
  const baselineMs = Math.min(before, await baseline())
  if (received !== declared) throw new Error(`zip was ${received} bytes, Content-Length said ${declared}`)
  for (const b of blobs) fs.rmSync(b, { force: true })
  if (files >= 1000)
    console.log(
      `${gb(bytes)} / ${files} files: made in ${(makeMs / 1000).toFixed(1)} s; zip ${gb(received)} ` +
        `(${((received - total) / files) | 0} B of headers per file)`,
    )
  return { size: total, files, zipBytes: received, exportMs, baselineMs, peakRss, startRss, firstByteMs }
}

function report(rows: Row[]) {
  const measured = rows.filter((r) => r.files >= 1000)
  console.log('')
  console.log(
    '| project | files | zip | export MB/s | disk read MB/s (same files, same run) | export / read | first byte | server RSS at start | server peak RSS |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const r of measured) {
    const zipRate = rate(r.zipBytes, r.exportMs)
    const readRate = rate(r.size, r.baselineMs)
    console.log(
      `| ${gb(r.size)} | ${r.files} | ${gb(r.zipBytes)} | ${zipRate.toFixed(0)} | ${readRate.toFixed(0)} | ` +
        `${(zipRate / readRate).toFixed(2)} | ${r.firstByteMs.toFixed(0)} ms | ${(r.startRss / MB).toFixed(0)} MB | ${(r.peakRss / MB).toFixed(0)} MB |`,
    )
  }
  for (const r of measured) {
    recordFigure({
      bench: 'zip',
      figure: `project zip export ${gb(r.size)}`,
      value: rate(r.zipBytes, r.exportMs),
      unit: 'MB/s',
      baseline: { name: 'plain reads of the same files', value: rate(r.size, r.baselineMs) },
      lowerIsBetter: false,
    })
    recordFigure({
      bench: 'zip',
      figure: `server peak RSS, zip ${gb(r.size)}`,
      value: r.peakRss / MB,
      unit: 'MB',
      baseline: { name: 'RSS at start', value: r.startRss / MB },
      lowerIsBetter: true,
    })
  }
  if (measured.length >= 2) {
    const [a, b] = [measured[0] as Row, measured[measured.length - 1] as Row]
    console.log(
      `\npeak RSS ${(a.peakRss / MB).toFixed(0)} MB at ${gb(a.size)} vs ${(b.peakRss / MB).toFixed(0)} MB at ` +
        `${gb(b.size)}: ${((b.peakRss - a.peakRss) / MB).toFixed(0)} MB apart for ${(b.size / a.size).toFixed(1)}x the bytes`,
    )
  }
}

// ---- Concurrent mode (issue 21) ----

type Made = Awaited<ReturnType<typeof makeProject>>

/** Exports streaming their body right now, as this client sees them, and the most there ever were. */
type Gauge = { now: number; max: number }

/** One GET of the export. A 200's body is read to its end; any other answer's is drained and dropped. */
type Answer =
  | { status: 200; bytes: number; declared: number; streamMs: number }
  | { status: number; retryAfter: string | null; message: string | null }

type ConcurrentRow = {
  size: number
  files: number
  limit: number
  clients: number
  singleZip: number
  singleMs: number
  ok: number
  busy: number
  other: string[]
  wrongSize: number
  maxStreaming: number
  wallMs: number
  zipBytes: number
  streamRates: number[]
  clientMs: number[]
  baselineMs: number
  startRss: number
  peakRss: number
}

/**
 * Per project size, one fresh server per export limit on the same DATA_DIR (EXPORT_CONCURRENCY is read
 * at start), so 'before' and 'after' export the very same files from the same state: warmed up, one
 * single export, then N at once.
 */
async function concurrentMode(work: string) {
  console.log(
    `concurrent mode: ${CONCURRENT} clients, EXPORT_CONCURRENCY ${LIMITS.join(' then ')}, ` +
      `BENCH_RETRY_SCALE=${RETRY_SCALE} (a 429's Retry-After of 10 s is waited ${(10 * RETRY_SCALE).toFixed(1)} s)`,
  )
  const rows: ConcurrentRow[] = []
  let warm: Made | undefined
  for (const size of SIZES) {
    let project: Made | undefined
    for (const limit of LIMITS) {
      const server = startServer(work, { EXPORT_CONCURRENCY: String(limit) })
      try {
        await waitForHealth(BASE, 600)
        const token = warm ? await adminLogin() : await adminToken()
        // Warm-up on every server: its first export loads the code, not a cost of N at once.
        warm ??= await makeProject(token, work, 20 * MB, 200)
        await exportOnce(token, warm.projectId)
        if (!project) {
          project = await makeProject(token, work, size, FILES)
          execFileSync('sync') // as in runOne: no write-back competing with the reads
        }
        rows.push(await runConcurrent(server.pid as number, token, project, limit))
      } finally {
        await stopServer(server)
      }
    }
    for (const b of project?.blobs ?? []) fs.rmSync(b, { force: true })
  }
  reportConcurrent(rows)
}

/** Plain reads of the project's files (see readAll), in ms. */
async function timedRead(project: Made): Promise<number> {
  const t0 = performance.now()
  if ((await readAll(project.blobs)) !== project.total) throw new Error('baseline read a different size')
  return performance.now() - t0
}

async function runConcurrent(
  pid: number,
  token: string,
  project: Made,
  limit: number,
): Promise<ConcurrentRow> {
  const before = await timedRead(project)
  // The single export gives the size every concurrent zip must have (and a same-server reference rate).
  const single = await exportOnce(token, project.projectId)
  if (single.status !== 200 || !('bytes' in single))
    throw new Error(`single export answered ${single.status}`)
  const startRss = resetPeak(pid)
  const gauge: Gauge = { now: 0, max: 0 }
  const tally = { ok: 0, busy: 0, other: [] as string[] }
  const t0 = performance.now()
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, () => client(token, project.projectId, gauge, tally)),
  )
  const wallMs = performance.now() - t0
  const peakRss = memory(pid).hwm
  const baselineMs = Math.min(before, await timedRead(project))
  const done = results.filter((r) => r !== null)
  return {
    size: project.total,
    files: project.blobs.length,
    limit,
    clients: CONCURRENT,
    singleZip: single.bytes,
    singleMs: single.streamMs,
    ...tally,
    wrongSize: done.filter((r) => r.bytes !== single.bytes || r.bytes !== r.declared).length,
    maxStreaming: gauge.max,
    wallMs,
    zipBytes: done.reduce((s, r) => s + r.bytes, 0),
    streamRates: done.map((r) => rate(r.bytes, r.streamMs)),
    clientMs: done.map((r) => r.totalMs),
    baselineMs,
    startRss,
    peakRss,
  }
}

/**
 * One admin pressing 'Unduh': asks until the whole zip is in, waiting out each 429's Retry-After as
 * the app would. Answers null when the server said anything but 200 or 429 (noted in tally.other).
 */
async function client(
  token: string,
  projectId: number,
  gauge: Gauge,
  tally: { ok: number; busy: number; other: string[] },
) {
  const t0 = performance.now()
  for (;;) {
    const answer = await exportOnce(token, projectId, gauge)
    if ('bytes' in answer) {
      tally.ok++
      return { ...answer, totalMs: performance.now() - t0 }
    }
    if (answer.status !== 429) {
      tally.other.push(`${answer.status} ${answer.message ?? ''}`)
      return null
    }
    tally.busy++
    // A 429 without a usable Retry-After is a server bug the client could only guess around.
    const seconds = Number(answer.retryAfter)
    if (answer.retryAfter === null || !Number.isFinite(seconds) || seconds < 0)
      throw new Error(`429 without a usable Retry-After: ${answer.retryAfter}`)
    await new Promise((r) => setTimeout(r, seconds * 1000 * RETRY_SCALE))
  }
}

/**
 * GET /api/project/download/{id}. With a gauge, the body counts as streaming from its headers to its
 * last byte: the client's view of the server's slot, which is taken a little earlier (before the
 * listing) and given back a little earlier (when the server has pushed its last chunk).
 */
async function exportOnce(token: string, projectId: number, gauge?: Gauge): Promise<Answer> {
  const res = await fetch(`${BASE}/api/project/download/${projectId}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (res.status !== 200 || !res.body) {
    await res.arrayBuffer() // frees the connection
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      message: res.headers.get('x-response'),
    }
  }
  const t0 = performance.now()
  if (gauge) gauge.max = Math.max(gauge.max, ++gauge.now)
  let bytes = 0
  try {
    const reader = res.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
    }
  } finally {
    if (gauge) gauge.now--
  }
  return {
    status: 200,
    bytes,
    declared: Number(res.headers.get('content-length')),
    streamMs: performance.now() - t0,
  }
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`

function reportConcurrent(rows: ConcurrentRow[]) {
  console.log('')
  console.log(
    '| project | files | EXPORT_CONCURRENCY | clients | 200 / 429 / other | zips of the single size | most streaming at once | wall | aggregate MB/s | per export MB/s (mean) | single export MB/s | disk read MB/s (same files, same run) | aggregate / read | per export / read | client time to zip (median / max) | server RSS at start | server peak RSS |',
  )
  console.log(`|${' --- |'.repeat(17)}`)
  for (const r of rows) {
    const read = rate(r.size, r.baselineMs)
    const aggregate = rate(r.zipBytes, r.wallMs)
    const perExport = mean(r.streamRates)
    console.log(
      `| ${gb(r.size)} | ${r.files} | ${r.limit} | ${r.clients} | ${r.ok} / ${r.busy} / ${r.other.length} | ` +
        `${r.ok - r.wrongSize} of ${r.clients} | ${r.maxStreaming} | ${(r.wallMs / 1000).toFixed(1)} s | ` +
        `${aggregate.toFixed(0)} | ${perExport.toFixed(0)} | ${rate(r.singleZip, r.singleMs).toFixed(0)} | ${read.toFixed(0)} | ` +
        `${(aggregate / read).toFixed(2)} | ${(perExport / read).toFixed(2)} | ` +
        `${(median(r.clientMs) / 1000).toFixed(1)} s / ${(Math.max(...r.clientMs, 0) / 1000).toFixed(1)} s | ` +
        `${mb(r.startRss)} | ${mb(r.peakRss)} |`,
    )
  }
  console.log('')
  for (const r of rows) verdicts(r)
  for (const r of rows) recordConcurrent(r)
}

/** The goals per run, and the invariants a bounded export must keep (these fail the run). */
function verdicts(r: ConcurrentRow) {
  const label = `[${gb(r.size)}, ${r.clients} at once, EXPORT_CONCURRENCY ${r.limit}]`
  const ratio = rate(r.zipBytes, r.wallMs) / rate(r.size, r.baselineMs)
  console.log(
    `goal: aggregate export throughput >= 0.5x plain reads (aim 0.7x): ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'NOT MET'} ${label}`,
  )
  console.log(`peak RSS: ${mb(r.peakRss)} (start ${mb(r.startRss)}) ${label}`)
  const failures = [
    r.other.length ? `answers other than 200/429: ${r.other.join('; ')}` : '',
    r.ok !== r.clients ? `${r.clients - r.ok} clients got no zip` : '',
    r.wrongSize ? `${r.wrongSize} zips differ from the single export's ${r.singleZip} bytes` : '',
    // Counted on the client, from a 200's headers to its last byte: the server hands a slot on when it has
    // written its last byte, while the client may still be reading it, so one more can overlap briefly.
    r.maxStreaming > r.limit + 1
      ? `${r.maxStreaming} streamed at once, over EXPORT_CONCURRENCY ${r.limit}`
      : '',
  ].filter(Boolean)
  for (const f of failures) console.log(`FAIL ${label}: ${f}`)
  if (failures.length) process.exitCode = 1
  else
    console.log(
      `checks: all ${r.clients} zips complete and of the single size; at most ${r.maxStreaming} streaming at once ${label}`,
    )
}

function recordConcurrent(r: ConcurrentRow) {
  const what = `${r.clients} zip exports at once, EXPORT_CONCURRENCY ${r.limit}, ${gb(r.size)}`
  recordFigure({
    bench: 'zip',
    figure: `aggregate throughput, ${what}`,
    value: rate(r.zipBytes, r.wallMs),
    unit: 'MB/s',
    baseline: { name: 'plain reads of the same files', value: rate(r.size, r.baselineMs) },
    lowerIsBetter: false,
  })
  recordFigure({
    bench: 'zip',
    figure: `server peak RSS, ${what}`,
    value: r.peakRss / MB,
    unit: 'MB',
    baseline: { name: 'RSS at start', value: r.startRss / MB },
    lowerIsBetter: true,
  })
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
