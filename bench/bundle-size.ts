/**
 * Bundle budget (DESIGN.md): the JS a first visit loads <= 170 KB gzip, and any route (first load plus
 * that route's lazy chunks) <= 250 KB gzip. Reads the Vite manifest of the last `npm run build`.
 * Usage: npm run build && npm run bench:bundle
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

const dist = path.resolve(import.meta.dirname, '..', 'dist')
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
const initial = new Set<string>()
for (const entry of entries) closure(entry, initial)
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

for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry)) {
  const extra = [...withLayouts(key)].filter((k) => !initial.has(k))
  rows.push([manifest[key].src ?? key, initialBytes + total(extra)])
}
rows.sort((a, b) => b[1] - a[1])

const INITIAL_BUDGET = 170 * 1024
const ROUTE_BUDGET = 250 * 1024
console.log(
  `first load (entry + static imports): ${kb(initialBytes)} KB gzip, ${(initialBytes / INITIAL_BUDGET).toFixed(2)} x budget (170 KB)`,
)
console.log(
  '\nroute or lazy chunk (first load + its own and its layout chunks)      KB gzip   x budget (250 KB)',
)
for (const [name, bytes] of rows)
  console.log(`${name.padEnd(66)} ${kb(bytes).padStart(7)}   ${(bytes / ROUTE_BUDGET).toFixed(2)}`)
const worst = rows[0]?.[1] ?? initialBytes
const budget = (value: number) => ({ name: 'budget (DESIGN.md)', value })
recordFigure({
  bench: 'bundle',
  figure: 'first load, gzip',
  value: initialBytes / 1024,
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
const within = initialBytes <= INITIAL_BUDGET && worst <= ROUTE_BUDGET
console.log(`\nbudget (DESIGN.md): ${within ? 'within budget' : 'OVER budget'}`)
