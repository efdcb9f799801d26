import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Figure } from './report'

/**
 * `npm run bench`: every benchmark in bench/, one after the other (they would disturb each other's
 * figures side by side), then one table of their headline figures, each beside the baseline measured
 * in the same run and as a ratio to it. Each bench's full output goes to the terminal as it runs.
 * BENCH_SET=api,zip runs a subset; a bench that fails is reported and the rest still run.
 */
const BENCHES: { name: string; script: string; env?: Record<string, string> }[] = [
  { name: 'api', script: 'bench:api' },
  { name: 'files', script: 'bench:files' },
  { name: 'zip', script: 'bench:zip' },
  { name: 'storage', script: 'bench:storage' },
  { name: 'images', script: 'bench:images' },
  { name: 'report', script: 'bench:report' },
  { name: 'idb', script: 'bench:idb' },
  { name: 'bundle', script: 'bench:bundle' },
  { name: 'lighthouse', script: 'bench:lighthouse' },
]

const scripts = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'),
).scripts
// Not BENCH_ONLY: single benches read that name for their own filters.
const only = process.env.BENCH_SET?.split(',').map((s) => s.trim())
const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-')), 'figures.jsonl')
fs.writeFileSync(results, '')

const outcome: { name: string; status: string; seconds: number }[] = []
for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue
  if (!scripts[bench.script]) {
    outcome.push({ name: bench.name, status: `no script ${bench.script}`, seconds: 0 })
    continue
  }
  console.log(`\n=== npm run ${bench.script} ===\n`)
  const started = Date.now()
  const run = spawnSync('npm', ['run', '--silent', bench.script], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SET: '', ...bench.env, BENCH_RESULTS: results },
  })
  const seconds = Math.round((Date.now() - started) / 1000)
  outcome.push({ name: bench.name, status: run.status === 0 ? 'ok' : `failed (exit ${run.status})`, seconds })
}

const figures = fs
  .readFileSync(results, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Figure)
const num = (n: number) =>
  Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2)
const rows = figures.map((f) => [
  f.bench,
  f.figure,
  `${num(f.value)} ${f.unit}`,
  f.baseline ? `${f.baseline.name}: ${num(f.baseline.value)} ${f.unit}` : '-',
  f.baseline && f.baseline.value !== 0 ? `${(f.value / f.baseline.value).toFixed(2)}x` : '-',
  f.lowerIsBetter ? 'lower' : 'higher',
])
const header = ['bench', 'figure', 'value', 'baseline (same run)', 'ratio', 'better']
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
console.log(
  `\n=== all benchmarks (${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}) ===\n`,
)
console.log(line(header))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const r of rows) console.log(line(r))
console.log(`\n${outcome.map((o) => `${o.name}: ${o.status} (${o.seconds} s)`).join(' · ')}`)
if (outcome.some((o) => o.status !== 'ok')) process.exitCode = 1
