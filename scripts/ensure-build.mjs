// `npm start` on a fresh clone: build the web app only when dist/ is missing or older than its sources.
// The build's own output (module lists, sizes, plugin deprecation notices) is kept back; it is printed in
// full only when the build fails, so an error is never hidden.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist', 'index.html')

function newest(dir) {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) latest = Math.max(latest, newest(full))
    else if (!entry.name.endsWith('.test.ts') && !full.endsWith('routeTree.gen.ts'))
      latest = Math.max(latest, fs.statSync(full).mtimeMs)
  }
  return latest
}

const sources = ['src', 'sw', 'public'].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))
const configs = ['index.html', 'vite.config.ts', 'panda.config.ts']
  .map((f) => path.join(root, f))
  .filter((f) => fs.existsSync(f))
const sourceTime = Math.max(...sources.map(newest), ...configs.map((f) => fs.statSync(f).mtimeMs))
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sourceTime) {
  process.stdout.write('Membangun aplikasi web (sekali saja)... ')
  const started = Date.now()
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    console.log('gagal.')
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
    if (result.error) console.error(result.error)
    process.exit(result.status ?? 1)
  }
  console.log(`selesai (${((Date.now() - started) / 1000).toFixed(0)} detik).`)
}
