// `npm start` on a fresh clone: build what is missing or older than its sources, and nothing else.
//   node scripts/ensure-build.mjs [web] [server]   (no argument: both)
// The web app (dist/) is built by `npm run build:web`; its output (module lists, sizes, plugin notices)
// is kept back and printed in full only when the build fails, so an error is never hidden. The server's
// JavaScript (dist-server/, decision 0087) is built by scripts/build-server.mjs.
// A production install (`npm ci --omit=dev`) has no build tools: there a missing build is an error that
// says what to run, and a build older than its sources (files copied without their times) is used as it
// is, with a warning.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

function newest(dir) {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) latest = Math.max(latest, newest(full))
    else if (!/\.test\.tsx?$/.test(entry.name) && !full.endsWith('routeTree.gen.ts'))
      latest = Math.max(latest, fs.statSync(full).mtimeMs)
  }
  return latest
}

/** The newest modification time among these folders and files (those that exist). */
function sourceTime(entries) {
  let latest = 0
  for (const entry of entries.map((e) => path.join(root, e)).filter((e) => fs.existsSync(e)))
    latest = Math.max(latest, fs.statSync(entry).isDirectory() ? newest(entry) : fs.statSync(entry).mtimeMs)
  return latest
}

const parts = {
  web: {
    name: 'aplikasi web',
    output: path.join(root, 'dist', 'index.html'),
    sources: ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'panda.config.ts'],
    tool: path.join(root, 'node_modules', 'vite'),
    build() {
      const result = spawnSync('npm', ['run', '--silent', 'build:web'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      })
      if (result.status === 0) return true
      process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`)
      if (result.error) console.error(result.error)
      return false
    },
  },
  server: {
    name: 'server',
    output: path.join(root, 'dist-server', 'cluster.js'),
    // The server imports src/contracts (and may import other shared code under src/).
    sources: ['server', 'src', 'tsconfig.json', 'package.json', 'scripts/build-server.mjs'],
    tool: path.join(root, 'node_modules', 'esbuild'),
    async build() {
      const { buildServer } = await import('./build-server.mjs')
      try {
        await buildServer()
        return true
      } catch (err) {
        console.error(err instanceof Error ? err.message : err)
        return false
      }
    },
  },
}

/** Builds each of `which` ('web', 'server') that is missing or older than its sources; false if one failed. */
export async function ensureBuild(which = ['web', 'server']) {
  for (const key of which) {
    const part = parts[key]
    const exists = fs.existsSync(part.output)
    if (exists && fs.statSync(part.output).mtimeMs >= sourceTime(part.sources)) continue
    if (!fs.existsSync(part.tool)) {
      if (exists) {
        console.warn(
          `Peringatan: ${part.name} lebih lama dari sumbernya; dipakai apa adanya (tanpa alat build).`,
        )
        continue
      }
      console.error(
        `Build ${part.name} tidak ada dan alat build tidak terpasang (npm ci --omit=dev): jalankan dulu \`npm ci && npm run build\`, lalu \`npm ci --omit=dev\`.`,
      )
      return false
    }
    process.stdout.write(`Membangun ${part.name} (sekali saja)... `)
    const started = Date.now()
    if (!(await part.build())) {
      console.log('gagal.')
      return false
    }
    console.log(`selesai (${((Date.now() - started) / 1000).toFixed(0)} detik).`)
  }
  return true
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const asked = process.argv.slice(2).filter((a) => a in parts)
  if (!(await ensureBuild(asked.length > 0 ? asked : undefined))) process.exit(1)
}
