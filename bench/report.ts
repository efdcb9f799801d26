import fs from 'node:fs'

/**
 * One headline figure of a benchmark beside its baseline from the same run. Every bench prints its own
 * detailed table; `npm run bench` (bench/all.ts) collects these figures from all of them into one table
 * by passing BENCH_RESULTS (a file to append JSON lines to). Without it this does nothing.
 */
export type Figure = {
  bench: string
  figure: string
  value: number
  unit: string
  /** The same-run measurement the figure is judged against. */
  baseline?: { name: string; value: number }
  /** Lower is better (times, memory, bytes); higher is better (throughput, scores) when false. */
  lowerIsBetter: boolean
}

export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULTS
  if (!file) return
  fs.appendFileSync(file, `${JSON.stringify(figure)}\n`)
}
