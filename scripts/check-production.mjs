// CI (.ci/run), after `npm run build`: production without the development tools (decision 0087).
// 1. Copies the checkout (its files, dist/ and dist-server/, times kept) to a temporary folder and runs
//    `npm ci --omit=dev` there: no tsx, vite or esbuild; the native modules install as on a server.
// 2. `npm run migrate` migrates a fresh SQLite database there.
// 3. Starts deploy/berkas.service's ExecStart with its Environment lines (port, data folder, WORKERS=2
//    and a superadmin on top), checks that / is the built dist/index.html, its script loads, /api/health
//    answers and the superadmin logs in; then sends SIGTERM to that process alone (as systemd's
//    KillMode=mixed does): /api/health answers 503 while it drains, and every process it started (the
//    primary and its workers) is gone.
// 4. `npm run backup` in production, then the same start and stop with `npm start`, SIGTERM to npm.
// The temporary folder is removed at the end. Usage: node scripts/check-production.mjs
// (PRODUCTION_CHECK_PORT: the port, default a free one; PRODUCTION_CHECK_KEEP=1 keeps the folder).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const started = Date.now()
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const step = (text) => console.log(`[produksi ${seconds()}] ${text}`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function fail(message) {
  throw new Error(message)
}

for (const built of ['dist/index.html', 'dist-server/cluster.js'])
  if (!fs.existsSync(path.join(root, built))) fail(`${built} tidak ada: jalankan dulu \`npm run build\``)

/** deploy/berkas.service: the command line and the environment systemd gives it. */
function readUnit() {
  const unit = fs.readFileSync(path.join(root, 'deploy', 'berkas.service'), 'utf8')
  const lines = unit.split('\n').map((l) => l.trim())
  const exec = lines.filter((l) => l.startsWith('ExecStart='))
  if (exec.length !== 1) fail('deploy/berkas.service: tepat satu ExecStart= diharapkan')
  const argv = exec[0].slice('ExecStart='.length).split(/\s+/)
  if (path.basename(argv[0]) !== 'node') fail(`ExecStart harus menjalankan node langsung, bukan ${argv[0]}`)
  const env = {}
  for (const line of lines.filter((l) => l.startsWith('Environment='))) {
    const [key, ...value] = line.slice('Environment='.length).split('=')
    env[key] = value.join('=')
  }
  if (!lines.includes('KillMode=mixed')) fail('deploy/berkas.service: KillMode=mixed diharapkan')
  // The README shows the unit whole: what it shows is what runs here.
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  const shown = readme.split('<!-- berkas-service:')[1]?.match(/```ini\n([\s\S]*?)```/)?.[1]
  if (shown !== unit) fail('README.md (Deployment) tidak menampilkan deploy/berkas.service apa adanya')
  return { args: argv.slice(1), env }
}

async function freePort() {
  if (process.env.PRODUCTION_CHECK_PORT) return Number(process.env.PRODUCTION_CHECK_PORT)
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Every process below `pid` (Linux /proc), so the check knows what the command started. */
function descendants(pid) {
  const children = new Map()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (!children.has(ppid)) children.set(ppid, [])
    children.get(ppid).push(Number(entry))
  }
  const found = []
  const walk = (p) => {
    for (const child of children.get(p) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

function alive(pid) {
  try {
    process.kill(pid, 0)
    // A zombie (ended, not yet reaped by its parent) has stopped too.
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')
  } catch {
    return false
  }
}

function commandOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
  } catch {
    return '?'
  }
}

async function get(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() }
}

/**
 * Starts `command` in `dir`, checks the app and the API, sends SIGTERM to the started process only and
 * checks that it drains and that every process it started is gone.
 */
async function serveAndStop(label, command, args, dir, env, port) {
  step(`${label}: ${[command, ...args].join(' ')}`)
  const out = []
  const child = spawn(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (d) => out.push(d))
  child.stderr.on('data', (d) => out.push(d))
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  const base = `http://127.0.0.1:${port}`
  const log = () => Buffer.concat(out).toString()
  let tree = []
  try {
    const deadline = Date.now() + 90_000
    let up = false
    while (!up) {
      if (child.exitCode !== null)
        fail(`${label} berhenti sebelum melayani (kode ${child.exitCode}):\n${log()}`)
      if (Date.now() > deadline) fail(`${label} tidak menjawab dalam 90 detik:\n${log()}`)
      up = await get(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      )
      // Both workers serve before the check goes on, so the stop meets a whole cluster.
      up &&= (log().match(/Berkas berjalan di/g) ?? []).length >= 2
      if (!up) await sleep(250)
    }
    tree = descendants(child.pid)
    const workers = tree.filter((pid) => commandOf(pid).includes('dist-server/index.js'))
    if (workers.length !== 2) fail(`${label}: 2 pekerja diharapkan, ada: ${tree.map(commandOf).join(' | ')}`)
    const indexHtml = fs.readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8')
    const page = await get(`${base}/`)
    if (page.status !== 200 || page.body !== indexHtml)
      fail(`${label}: / bukan dist/index.html (${page.status})`)
    const script =
      indexHtml.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? fail('index.html tanpa skrip /assets/')
    const asset = await get(`${base}${script}`)
    if (asset.status !== 200 || !asset.type.includes('javascript'))
      fail(`${label}: ${script} ${asset.status}`)
    const login = await get(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: env.SUPERADMIN_EMAIL, password: env.SUPERADMIN_PASSWORD }),
    })
    if (login.status !== 200 || !JSON.parse(login.body).data?.token)
      fail(`${label}: login ${login.status} ${login.body}`)
    step(`${label}: /, ${script}, /api/health, login OK; ${tree.length} proses; SIGTERM ke ${child.pid}`)

    child.kill('SIGTERM')
    // The signal reaches the workers through the primary: until then health still says 200.
    let health = 200
    for (const until = Date.now() + 10_000; health === 200 && Date.now() < until; await sleep(50))
      health = await get(`${base}/api/health`).then(
        (r) => r.status,
        () => 0,
      )
    if (health !== 503) fail(`${label}: /api/health saat berhenti ${health || 'tidak menjawab'}, bukan 503`)
    const end = await Promise.race([exited, sleep(60_000).then(() => undefined)])
    if (!end) fail(`${label}: masih berjalan 60 detik setelah SIGTERM`)
    const waitUntil = Date.now() + 10_000
    while (tree.some(alive) && Date.now() < waitUntil) await sleep(100)
    const left = tree.filter(alive)
    if (left.length > 0)
      fail(`${label}: proses tertinggal setelah SIGTERM: ${left.map(commandOf).join(' | ')}`)
    if (end.code !== 0) fail(`${label}: kode keluar ${end.code ?? end.signal}:\n${log()}`)
    step(`${label}: 503 saat menguras, keluar 0, ${tree.length + 1} proses berhenti semua`)
  } finally {
    // After a failure: whatever this check started and is still running (an orphaned worker too).
    if (child.exitCode === null && child.signalCode === null) tree = [...tree, ...descendants(child.pid)]
    for (const pid of tree.filter(alive)) process.kill(pid, 'SIGKILL')
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
}

/**
 * better-sqlite3's install script (prebuild-install) downloads its binary from GitHub, or compiles it for
 * minutes when GitHub is out of reach (this CI machine). The copy's install is offered the binary this
 * checkout's own `npm ci` installed, packed as a local prebuild (prebuild-install's `local-prebuilds`):
 * the install script still runs and installs it, in seconds. Without that binary it compiles.
 */
function localPrebuild() {
  const pkgDir = path.join(root, 'node_modules', 'better-sqlite3')
  if (!fs.existsSync(path.join(pkgDir, 'build', 'Release', 'better_sqlite3.node'))) return {}
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'))
  const dir = path.join(copy, '.prebuilds')
  fs.mkdirSync(dir, { recursive: true })
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
  execFileSync('tar', ['-czf', path.join(dir, name), '-C', pkgDir, 'build/Release/better_sqlite3.node'])
  return { npm_config_better_sqlite3_local_prebuilds: dir }
}

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-production-'))
try {
  // The checkout as git sees it (tracked and new files, not what .gitignore keeps out), plus the build.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f && !f.split('/').includes('node_modules') && fs.existsSync(path.join(root, f)))
  for (const file of [...files, 'dist', 'dist-server']) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
    fs.cpSync(path.join(root, file), path.join(copy, file), { recursive: true, preserveTimestamps: true })
  }
  step(`${files.length} file dan dist/, dist-server/ disalin ke ${copy}`)

  const npm = (args, extra = {}) => {
    const result = spawnSync('npm', args, { cwd: copy, encoding: 'utf8', ...extra })
    if (result.status !== 0) fail(`npm ${args.join(' ')} gagal:\n${result.stdout}${result.stderr}`)
    return result.stdout
  }
  npm(['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    env: { ...process.env, ...localPrebuild() },
  })
  for (const dev of ['tsx', 'vite', 'esbuild', 'vitest'])
    if (fs.existsSync(path.join(copy, 'node_modules', dev))) fail(`${dev} terpasang walau --omit=dev`)
  step('npm ci --omit=dev selesai (tanpa tsx, vite, esbuild, vitest)')

  const port = await freePort()
  const unit = readUnit()
  const env = {
    ...process.env,
    ...unit.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(copy, 'data'),
    WORKERS: '2',
    SHUTDOWN_DRAIN_MS: '3000',
    SUPERADMIN_EMAIL: 'admin@produksi.test',
    SUPERADMIN_PASSWORD: 'Produksi-Rahasia-2026',
    WHATSAPP_DRIVER: 'simulated',
  }
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'STORAGE_URL', 'WEB_DIR', 'NODE_OPTIONS'])
    delete env[key]
  const migrated = npm(['run', '--silent', 'migrate'], { env })
  if (!/Migrasi selesai/.test(migrated)) fail(`npm run migrate: ${migrated}`)
  step('npm run migrate: database baru dimigrasi')

  await serveAndStop('ExecStart', process.execPath, unit.args, copy, env, port)

  const backedUp = npm(['run', '--silent', 'backup', '--', path.join(copy, 'backup')], { env })
  if (!/Cadangan selesai/.test(backedUp)) fail(`npm run backup: ${backedUp}`)
  step('npm run backup: cadangan selesai')

  await serveAndStop('npm start', 'npm', ['start'], copy, env, port)
  step('selesai')
} finally {
  if (process.env.PRODUCTION_CHECK_KEEP) console.log(`Folder disimpan: ${copy}`)
  else fs.rmSync(copy, { recursive: true, force: true })
}
