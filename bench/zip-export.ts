/**
 * Project zip export benchmark (DESIGN.md, performance budgets: "zip export memory stays flat and its
 * throughput stays close to reading the files from disk"): a project of 20,000 files in nested
 * folders, exported through the real server's GET /api/project/download/{id}, against reading the
 * same files from the same disk in the same run, with the server's peak memory per export.
 *
 *   npm run bench:zip                              500 MB and 5 GB, 20,000 files each
 *   npm run bench:zip -- --sizes=500M,2G --files=5000
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
  const server = startServer(work)
  const rows: Row[] = []
  try {
    await waitForHealth(BASE, 600)
    const token = await adminToken()
    // Warm-up: the first export loads its code; that is not a cost of the project's size.
    await runOne(server.pid as number, token, work, 20 * MB, 200)
    for (const size of SIZES) rows.push(await runOne(server.pid as number, token, work, size, FILES))
    report(rows)
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    fs.rmSync(work, { recursive: true, force: true })
  }
}

function startServer(work: string) {
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
    },
  })
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`server exited ${code ?? signal}`)
  })
  return child
}

async function adminToken(): Promise<string> {
  const root = (await json('POST', '/api/auth/login', null, ADMIN)).token as string
  const admin = { email: 'admin@bench.test', password: 'bench-admin-1' }
  await json('POST', '/api/admin/create', root, { ...admin, name: 'Admin Bench', phone: '081234567890' })
  return (await json('POST', '/api/auth/login', null, admin)).token as string
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

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
