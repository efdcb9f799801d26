/**
 * Before/after of issue 31's PostgreSQL work (decision 0076): `bench/api-load.ts` (baselines and the
 * mixed load, saturated with the read cache on, then paced) on a checkout from before the work and on
 * this tree, on SQLite and on PostgreSQL, interleaved (before, after, before, after for each database)
 * so load that comes and goes on the machine does not favour either side; then one table.
 *
 *   npm run bench:api:compare                 before = 55a3aaf (the commit before the work)
 *   BENCH_BEFORE=<commit> npm run bench:api:compare
 *   BENCH_ROUNDS=1 BENCH_DBS=postgres ...     fewer runs
 *
 * The before checkout is a git worktree in the temp dir (made once, node_modules linked to this tree's);
 * this tree's bench files are copied into it, so both sides are measured by the same load and counters
 * (they only use APIs the before commit has). Latency needs a quiet machine; the counted costs per request
 * (server and database CPU, round trips: bench/server-costs.ts) compare even on a busy one. Env passed
 * on: PG_URL, BENCH_DURATION, BENCH_RATE, and everything else api-load.ts reads.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

type RunSummary = {
  key: string
  read: { p50: number; p99: number }
  write: { p50: number; p99: number }
  upload?: { p50: number; p99: number }
  errors: number
  photos: { arrivingPerS: number; processedPerS: number; keepsUp: boolean }
  perRequest: { cpuMs: number; dbCpuMs?: number; roundTrips?: number }
}
type Summary = { dialect: string; load: number; runs: RunSummary[] }

const ROOT = path.resolve(import.meta.dirname, '..')
const BEFORE = process.env.BENCH_BEFORE ?? '55a3aaf'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const DBS = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',')
const BENCH_FILES = ['api-load.ts', 'mixed-load-client.ts', 'server-costs.ts']

function beforeTree(): string {
  const dir = path.join(os.tmpdir(), `berkas-before-${BEFORE}`)
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, BEFORE], { cwd: ROOT, stdio: 'inherit' })
  }
  if (!fs.existsSync(path.join(dir, 'node_modules')))
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  for (const f of BENCH_FILES) fs.copyFileSync(path.join(ROOT, 'bench', f), path.join(dir, 'bench', f))
  return dir
}

function runBench(cwd: string, db: string, out: string): Summary {
  const started = Date.now()
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'bench/api-load.ts'], {
    cwd,
    env: {
      ...process.env,
      BENCH_MIXED_ONLY: '1',
      BENCH_MIXED_RUNS: 'closed-cache-on,paced',
      BENCH_SUMMARY: out,
      ...(db === 'postgres' ? { BENCH_PG: '1' } : { BENCH_PG: '' }),
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  fs.writeFileSync(`${out}.log`, `${res.stdout}\n${res.stderr}`)
  if (res.status !== 0) throw new Error(`bench failed in ${cwd} (${db}); see ${out}.log`)
  console.log(`  ${db} ${cwd === ROOT ? 'after' : 'before'}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return JSON.parse(fs.readFileSync(out, 'utf8')) as Summary
}

function main() {
  const before = beforeTree()
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-compare-'))
  console.log(`before: ${BEFORE} in ${before}; after: ${ROOT}; logs in ${outDir}`)
  const results: { db: string; side: 'before' | 'after'; round: number; s: Summary }[] = []
  for (let round = 1; round <= ROUNDS; round++)
    for (const db of DBS)
      for (const [side, cwd] of [
        ['before', before],
        ['after', ROOT],
      ] as const)
        results.push({
          db,
          side,
          round,
          s: runBench(cwd, db, path.join(outDir, `${db}-${side}-${round}.json`)),
        })

  const f = (x: number | undefined, d = 1) => (x === undefined ? '-' : x.toFixed(d))
  const head = [
    'db / run / side (round, 1-min load)',
    'read p50',
    'read p99',
    'write p50',
    'write p99',
    'upload p50',
    'thumbs made/arriving per s',
    'keeps up',
    'errors',
    'CPU ms/req',
    'DB CPU ms/req',
    'round trips/req',
  ]
  const rows: string[][] = []
  for (const db of DBS)
    for (const key of ['closed-cache-on', 'paced'])
      for (const r of results.filter((x) => x.db === db)) {
        const run = r.s.runs.find((x) => x.key?.startsWith(key))
        if (!run) continue
        rows.push([
          `${db} ${key === 'paced' ? 'paced' : 'saturated'} ${r.side} (#${r.round}, load ${r.s.load.toFixed(1)})`,
          f(run.read.p50),
          f(run.read.p99),
          f(run.write.p50),
          f(run.write.p99),
          f(run.upload?.p50),
          `${f(run.photos.processedPerS)}/${f(run.photos.arrivingPerS)}`,
          run.photos.keepsUp ? 'yes' : 'no',
          String(run.errors),
          f(run.perRequest.cpuMs, 2),
          f(run.perRequest.dbCpuMs, 2),
          f(run.perRequest.roundTrips, 2),
        ])
      }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ')
  console.log(
    `\n${os.cpus().length} CPUs, node ${process.version}; latencies in ms (paced: from each request's due time)`,
  )
  console.log(line(head))
  for (const r of rows) console.log(line(r))
}

main()
