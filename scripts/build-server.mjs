// The server's JavaScript for production (decision 0087): `npm run build` runs this after the web build.
// esbuild follows the imports from the four entry points below, so every file they reach (server/**,
// src/contracts, new folders included) is in the bundle without being listed here. Packages stay
// outside (`packages: 'external'`): native modules (better-sqlite3, sharp, @node-rs/argon2), baileys
// and the rest load from node_modules at run time, as under tsx. The output runs on plain `node`:
//   dist-server/cluster.js  the server (`npm start`; WORKERS processes; forks dist-server/index.js)
//   dist-server/index.js    one server process (a cluster worker, or WORKERS=1)
//   dist-server/migrate.js  `npm run migrate`
//   dist-server/backup.js   `npm run backup` / `npm run restore` (first argument: backup | restore)
// A package the bundle imports must be a runtime dependency: `npm ci --omit=dev` leaves out the others,
// so the build fails here rather than the server at its first request in production.
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
export const serverOut = path.join(root, 'dist-server')

export const serverEntries = {
  cluster: 'server/cluster.ts',
  index: 'server/index.ts',
  migrate: 'server/migrate.ts',
  backup: 'server/backup/cli.ts',
}

/** The package an import names: 'sharp' -> sharp, '@hono/node-server/serve-static' -> @hono/node-server. */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

export async function buildServer() {
  // Built next to the old output and swapped in whole, so a server starting meanwhile never meets a mix.
  const staging = `${serverOut}.partial`
  fs.rmSync(staging, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir: staging,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
  })

  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  const runtime = new Set(Object.keys(pkg.dependencies ?? {}))
  const builtins = new Set(builtinModules)
  const missing = new Set()
  for (const input of Object.values(result.metafile.inputs))
    for (const imported of input.imports)
      if (imported.external && !imported.path.startsWith('node:') && !builtins.has(imported.path)) {
        const name = packageOf(imported.path)
        if (!runtime.has(name) && !builtins.has(name)) missing.add(name)
      }
  if (missing.size > 0) {
    fs.rmSync(staging, { recursive: true, force: true })
    throw new Error(
      `Server mengimpor paket yang bukan dependensi produksi (package.json "dependencies"): ${[...missing].join(', ')}`,
    )
  }

  // Node reads the .js files as ES modules by this folder's own package.json, whatever the root says.
  fs.writeFileSync(path.join(staging, 'package.json'), '{ "type": "module" }\n')
  const old = `${serverOut}.old`
  fs.rmSync(old, { recursive: true, force: true })
  if (fs.existsSync(serverOut)) fs.renameSync(serverOut, old)
  fs.renameSync(staging, serverOut)
  fs.rmSync(old, { recursive: true, force: true })
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = Date.now()
  await buildServer()
  console.log(`Server dibangun ke dist-server/ (${Date.now() - started} ms)`)
}
