/**
 * File transfer benchmark (docs/performance.md, performance budgets: "upload memory does not grow with file
 * size"): a large file uploaded to and downloaded from an area through the real server, with the
 * server's peak memory and the throughput of each, beside copying the same file on the same disk in the
 * same run.
 *
 *   npm run bench:files                     1 GB (and a 64 MB run first, to compare memory)
 *   BENCH_FILE_MB=4096 npm run bench:files  another size
 *
 * The server is `npm start`'s own process (node --import tsx server/index.ts, SQLite, API only) on a
 * loopback port; this process is the client. Peak memory is the server's VmHWM from /proc, reset
 * before each transfer (clear_refs), so each figure is the high-water mark of that transfer alone.
 * The generated file, the server's data and the copies live in one temp dir, deleted at the end.
 * A benchmark, not a test: it reports, it does not fail.
 */
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { apiJson, memory, resetPeak, waitForHealth } from './bench-server'
import { recordFigure } from './report'

const ROOT = path.resolve(import.meta.dirname, '..')
const SIZE_MB = Number(process.env.BENCH_FILE_MB ?? 1024)
const SMALL_MB = 64
const PORT = Number(process.env.BENCH_PORT ?? 4391)
const BASE = `http://127.0.0.1:${PORT}`
const json = apiJson(BASE)
const ADMIN = { email: 'superadmin@bench.test', password: 'bench-rahasia-1' }

const MB = 1024 * 1024
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`
const delta = (bytes: number) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes))}`
const rate = (bytes: number, ms: number) => (bytes / MB / (ms / 1000)).toFixed(0)

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-files-'))
  const server = startServer(work)
  try {
    await waitForHealth(BASE, 300)
    const token = await setUp()
    // Warm-up: the first upload and download load their code; that is not a cost of the file's size.
    const warm = path.join(work, 'pemanasan.bin')
    await makeFile(warm, MB)
    await measure(server.pid as number, token, warm, work)
    fs.rmSync(warm)
    const rows: Row[] = []
    for (const size of [...new Set([SMALL_MB, SIZE_MB])].sort((a, b) => a - b)) {
      const file = path.join(work, `berkas-${size}mb.bin`)
      await makeFile(file, size * MB)
      rows.push(await measure(server.pid as number, token, file, work))
      fs.rmSync(file, { force: true })
    }
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
      LOG_LEVEL: 'warn',
      MAX_UPLOAD_MB: String(SIZE_MB + 64),
      SUPERADMIN_EMAIL: ADMIN.email,
      SUPERADMIN_PASSWORD: ADMIN.password,
    },
  })
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`server exited ${code ?? signal}`)
  })
  return child
}

let slug = ''
/** An admin (made by the superadmin) and a project to upload into. */
async function setUp(): Promise<string> {
  const root = (await json('POST', '/api/auth/login', null, ADMIN)).token as string
  const admin = { email: 'admin@bench.test', password: 'bench-admin-1' }
  await json('POST', '/api/admin/create', root, { ...admin, name: 'Admin Bench', phone: '081234567890' })
  const token = (await json('POST', '/api/auth/login', null, admin)).token as string
  slug = (await json('POST', '/api/project/create', token, { name: 'Bench', description: 'Transfer' }))
    .slug as string
  return token
}

/** Incompressible bytes, written fast: one random MB repeated with a counter in each block. */
async function makeFile(file: string, bytes: number) {
  const block = randomBytes(MB)
  const out = fs.createWriteStream(file)
  for (let i = 0; i < bytes / MB; i++) {
    block.writeUInt32LE(i, 0)
    if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()))
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  )
}

type Row = {
  size: number
  copyMs: number
  uploadMs: number
  downloadMs: number
  /** RSS when each transfer began (its peak is measured from there). */
  idleRss: number
  uploadPeak: number
  beforeDownload: number
  downloadPeak: number
  intact: boolean
}

async function measure(pid: number, token: string, file: string, work: string): Promise<Row> {
  const size = fs.statSync(file).size
  // The baseline: the same bytes through a read stream into a write stream on the same disk.
  const copy = path.join(work, 'kopi.bin')
  let started = performance.now()
  await pipeline(fs.createReadStream(file), fs.createWriteStream(copy))
  const copyMs = performance.now() - started
  fs.rmSync(copy)

  const idleRss = resetPeak(pid)
  started = performance.now()
  const uuid = await upload(token, file, size)
  const uploadMs = performance.now() - started
  const uploadPeak = memory(pid).hwm

  const target = path.join(work, 'unduhan.bin')
  const beforeDownload = resetPeak(pid)
  started = performance.now()
  await download(token, uuid, target)
  const downloadMs = performance.now() - started
  const downloadPeak = memory(pid).hwm
  const intact = (await sha256(target)) === (await sha256(file))
  fs.rmSync(target)
  // The stored copy goes too, so the next size starts from the same disk.
  await json('DELETE', `/api/file/${slug}/remove/${uuid}`, token)
  return { size, copyMs, uploadMs, downloadMs, idleRss, uploadPeak, beforeDownload, downloadPeak, intact }
}

/** One multipart request streamed from disk with its exact Content-Length, as a browser sends it. */
function upload(token: string, file: string, size: number): Promise<string> {
  const boundary = `----berkas${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${BASE}/api/file/${slug}/upload/perencanaan`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as {
            results?: { uuid: string }[]
            message: string
          }
          const uuid = body.results?.[0]?.uuid
          if (res.statusCode !== 201 || !uuid) reject(new Error(`upload: ${res.statusCode} ${body.message}`))
          else resolve(uuid)
        })
      },
    )
    req.on('error', reject)
    req.write(head)
    const source = fs.createReadStream(file, { highWaterMark: MB })
    source.on('error', reject)
    source.pipe(req, { end: false })
    source.on('end', () => req.end(tail))
  })
}

function download(token: string, uuid: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${BASE}/api/file/${slug}/download/perencanaan/${uuid}`,
        { headers: { authorization: `Bearer ${token}` } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`download: ${res.statusCode}`))
          pipeline(res, fs.createWriteStream(target)).then(resolve, reject)
        },
      )
      .on('error', reject)
  })
}

async function sha256(file: string) {
  const hash = createHash('sha256')
  await pipeline(fs.createReadStream(file, { highWaterMark: MB }), hash)
  return hash.digest('hex')
}

function report(rows: Row[]) {
  console.log(`\nFile transfer through the server (loopback, SQLite, ${os.cpus().length} cores)\n`)
  const header = [
    'file',
    'disk copy',
    'upload',
    'download',
    'server RSS before',
    'peak upload',
    'peak download',
    'bytes',
  ]
  const lines = rows.map((r) => [
    mb(r.size),
    `${rate(r.size, r.copyMs)} MB/s`,
    `${rate(r.size, r.uploadMs)} MB/s (${(r.copyMs / r.uploadMs).toFixed(2)}x copy)`,
    `${rate(r.size, r.downloadMs)} MB/s (${(r.copyMs / r.downloadMs).toFixed(2)}x copy)`,
    mb(r.idleRss),
    `${mb(r.uploadPeak)} (${delta(r.uploadPeak - r.idleRss)})`,
    `${mb(r.downloadPeak)} (${delta(r.downloadPeak - r.beforeDownload)})`,
    r.intact ? 'identical' : 'DIFFER',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)))
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ')
  console.log(fmt(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const l of lines) console.log(fmt(l))
  for (const r of rows) {
    const copy = { name: 'disk copy', value: r.size / 1048576 / (r.copyMs / 1000) }
    const size = mb(r.size)
    recordFigure({
      bench: 'files',
      figure: `upload ${size}`,
      value: r.size / 1048576 / (r.uploadMs / 1000),
      unit: 'MB/s',
      baseline: copy,
      lowerIsBetter: false,
    })
    recordFigure({
      bench: 'files',
      figure: `download ${size}`,
      value: r.size / 1048576 / (r.downloadMs / 1000),
      unit: 'MB/s',
      baseline: copy,
      lowerIsBetter: false,
    })
    recordFigure({
      bench: 'files',
      figure: `server peak RSS, upload ${size}`,
      value: r.uploadPeak / 1048576,
      unit: 'MB',
      baseline: { name: 'idle RSS', value: r.idleRss / 1048576 },
      lowerIsBetter: true,
    })
  }
  const [small, large] = [rows[0], rows[rows.length - 1]]
  if (small && large && small !== large)
    console.log(
      `\nPeak server memory for ${mb(large.size)} vs ${mb(small.size)}: upload ${mb(large.uploadPeak)} vs ${mb(small.uploadPeak)}, download ${mb(large.downloadPeak)} vs ${mb(small.downloadPeak)} (memory does not grow with file size when these match).`,
    )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
