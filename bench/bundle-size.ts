/**
 * Bundle budget (docs/performance.md): the JS of the initial route (what a first visit runs before its screen
 * shows) <= 170 KB gzip, and any route (the same plus that route's lazy chunks) <= 250 KB gzip. Reads the
 * Vite manifest and index.html of the last `npm run build`.
 * Usage: npm run build && npm run bench:bundle (BUNDLE_DIST=dir measures a build written elsewhere, e.g.
 * `vite build --outDir dir`, to compare two builds).
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { recordFigure } from './report'

type Chunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

const dist = process.env.BUNDLE_DIST ?? path.resolve(import.meta.dirname, '..', 'dist')
const manifestPath = path.join(dist, '.vite', 'manifest.json')
if (!fs.existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build` first')
  process.exit(1)
}
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
const gzipped = new Map<string, number>()
const size = (file: string) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length)
  return gzipped.get(file) ?? 0
}

/** A chunk and everything it imports statically: what the browser must load before it runs. */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into
  into.add(key)
  for (const dep of manifest[key]?.imports ?? []) closure(dep, into)
  return into
}
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const total = (keys: Iterable<string>) => [...keys].reduce((sum, k) => sum + size(manifest[k].file), 0)

const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry)
/** What index.html asks for beside the entry (<link rel="modulepreload">): every first visit loads it too. */
const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => {
  const key = Object.keys(manifest).find((k) => manifest[k].file === m[1])
  if (!key) throw new Error(`index.html preloads ${m[1]}, which the manifest does not know`)
  return key
})
const initial = new Set<string>()
for (const key of [...entries, ...preloaded]) closure(key, initial)
const initialBytes = total(initial)

const rows: [string, number][] = []
/** A nested route also loads its layout's chunk: src/routes/_app/x.tsx needs src/routes/_app.tsx's. */
function withLayouts(key: string, into = new Set<string>()): Set<string> {
  closure(key, into)
  const [file, query] = key.split('?')
  const layout = `${path.dirname(file)}.tsx${query ? `?${query}` : ''}`
  if (file.startsWith('src/routes/') && manifest[layout]) withLayouts(layout, into)
  return into
}
const withInitial = (key: string) =>
  initialBytes + total([...withLayouts(key)].filter((k) => !initial.has(k)))

/**
 * docs/performance.md's "initial route JS": all a first visit runs before its screen shows, i.e. the entry, what
 * index.html preloads, and the matched route's code with its layouts (main.tsx fetches them at start).
 * A first visit lands on the sign-in form or, signed in, on the dashboard.
 */
const FIRST_SCREENS = {
  '/login': 'src/routes/login.tsx?tsr-split=component',
  '/ (dashboard)': 'src/routes/_app/index.tsx?tsr-split=component',
}
const firstScreens = Object.entries(FIRST_SCREENS).map(([name, key]) => {
  if (!manifest[key]) throw new Error(`no chunk for ${key}: did the route move?`)
  return [name, withInitial(key)] as [string, number]
})
const heaviestStart = Math.max(...firstScreens.map(([, bytes]) => bytes))

for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry))
  rows.push([manifest[key].src ?? key, withInitial(key)])
rows.sort((a, b) => b[1] - a[1])

const INITIAL_BUDGET = 170 * 1024
const ROUTE_BUDGET = 250 * 1024
console.log(`entry + index.html preloads: ${kb(initialBytes)} KB gzip`)
console.log('\ninitial route (entry, preloads, route and layout chunks)     KB gzip   x budget (170 KB)')
for (const [name, bytes] of firstScreens)
  console.log(`${name.padEnd(58)} ${kb(bytes).padStart(7)}   ${(bytes / INITIAL_BUDGET).toFixed(2)}`)
console.log(
  '\nroute or lazy chunk (entry, preloads, its own and its layout chunks)  KB gzip   x budget (250 KB)',
)
for (const [name, bytes] of rows)
  console.log(`${name.padEnd(66)} ${kb(bytes).padStart(7)}   ${(bytes / ROUTE_BUDGET).toFixed(2)}`)
const worst = rows[0]?.[1] ?? initialBytes
const budget = (value: number) => ({ name: 'budget (docs/performance.md)', value })
recordFigure({
  bench: 'bundle',
  figure: 'initial route (heaviest first screen), gzip',
  value: heaviestStart / 1024,
  unit: 'KB',
  baseline: budget(170),
  lowerIsBetter: true,
})
recordFigure({
  bench: 'bundle',
  figure: `largest route: ${rows[0]?.[0] ?? '-'}`,
  value: worst / 1024,
  unit: 'KB',
  baseline: budget(250),
  lowerIsBetter: true,
})
const within = heaviestStart <= INITIAL_BUDGET && worst <= ROUTE_BUDGET
console.log(`\nbudget (docs/performance.md): ${within ? 'within budget' : 'OVER budget'}`)
