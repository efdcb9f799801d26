/**
 * Laporan Dokumentasi benchmark (issue 24): a report of 200 and of 1,000 phone-size photos made by the
 * real 'report.render' job, beside the same run's baseline of reading and resizing the same photos with
 * sharp, with the peak RSS of the process that ran the job (it must not grow with the photo count) and
 * the PDF's bytes per photo (aim: <= 150 KB, so a week's report goes through WhatsApp).
 *
 *   npm run bench:report                        200 and 1,000 photos, 4 per page
 *   npm run bench:report -- --sizes=50,200 --per-page=6
 *   npm run bench:report -- --sizes= --month=1     only the month of 26 signed diaries (issue 34)
 *
 * The originals: BENCH_PHOTOS (default 16) distinct 4000x3000 JPEGs (every sixth one portrait) of a
 * gradient under noise at three scales, ~3 MB each like a phone's, generated once into a cache dir under /tmp
 * (kept between runs: they take seconds each) and hard-linked as the project's photos. Each size runs
 * in a fresh child process (bench/report-pdf-child.ts): SQLite, the local-disk store, the real create
 * endpoint and job runner; its peak RSS is its VmHWM, reset after the set-up. The baseline runs in the
 * same child after the report, one photo after another; the job reads two ahead while it draws. Both
 * read the originals from the page cache once they are warm. A benchmark, not a test: ratios, not limits.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { recordFigure } from './report'

const ROOT = path.resolve(import.meta.dirname, '..')
const MB = 1024 * 1024
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const SIZES = arg('sizes', '200,1000').split(',').filter(Boolean).map(Number)
const PER_PAGE = arg('per-page', '4')
const DISTINCT = Number(process.env.BENCH_PHOTOS ?? 16)
const CACHE = path.join(os.tmpdir(), `berkas-bench-report-photos-v2-${DISTINCT}`)

type Result = {
  photos: number
  reportMs: number
  baselineMs: number
  pages: number
  pdfBytes: number
  resizedBytes: number
  startRss: number
  peakRss: number
}

/** Noise drawn at 1/`scale` of the size and scaled up: texture that survives the report's downscaling. */
async function noiseLayer(w: number, h: number, scale: number, sigma: number) {
  const create = { width: Math.round(w / scale), height: Math.round(h / scale), channels: 3 as const }
  return sharp({
    create: { ...create, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .resize(w, h, { kernel: 'cubic' })
    .raw()
    .toBuffer()
}

/**
 * A phone-like original: 12 MP, a gradient and a shape under noise at three scales (a busy site photo:
 * gravel, rebar, formwork), so that it neither compresses away nor smooths out when scaled down.
 */
async function original(i: number, file: string) {
  const [w, h] = i % 6 === 5 ? [3000, 4000] : [4000, 3000]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${i * 37},55%,60%)"/>
    <stop offset="1" stop-color="hsl(${i * 37 + 90},45%,25%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${w * 0.3}" cy="${h * 0.4}" r="${Math.min(w, h) * 0.25}" fill="hsl(${i * 53},40%,70%)"/></svg>`
  const raw = { width: w, height: h, channels: 3 as const }
  await sharp(Buffer.from(svg))
    .composite([
      { input: await noiseLayer(w, h, 12, 40), raw, blend: 'overlay' },
      { input: await noiseLayer(w, h, 4, 30), raw, blend: 'overlay' },
      { input: await noiseLayer(w, h, 1, 12), raw, blend: 'overlay' },
    ])
    .jpeg({ quality: 85 })
    .toFile(file)
}

async function originals(): Promise<string> {
  fs.mkdirSync(CACHE, { recursive: true })
  const t0 = Date.now()
  for (let i = 0; i < DISTINCT; i++) {
    const file = path.join(CACHE, `photo-${String(i).padStart(3, '0')}.jpg`)
    if (!fs.existsSync(file))
      await original(i, `${file}.part`).then(() => fs.renameSync(`${file}.part`, file))
  }
  const sizes = fs
    .readdirSync(CACHE)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => fs.statSync(path.join(CACHE, f)).size)
  const mean = sizes.reduce((s, x) => s + x, 0) / sizes.length
  console.log(
    `${sizes.length} distinct originals in ${CACHE} (mean ${(mean / MB).toFixed(2)} MB; ready in ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  )
  return CACHE
}

function runChild(source: string, photos: number): Result {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-report-'))
  try {
    const out = execFileSync(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        'bench/report-pdf-child.ts',
        `--data=${data}`,
        `--photos=${photos}`,
        `--source=${source}`,
        `--per-page=${PER_PAGE}`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MB },
    ).toString('utf8')
    const line = out.trim().split('\n').pop() as string
    return JSON.parse(line) as Result
  } finally {
    fs.rmSync(data, { recursive: true, force: true })
  }
}

type Month = {
  days: number
  photos: number
  daysMs: number
  weeksMs: number
  baselineMs: number
  dayPages: number
  dayBytes: number
  weekPages: number
  weekBytes: number
  weekPhotos: number
  startRss: number
  peakRss: number
}

/** Issue 34: a month of 26 signed diaries with 300 photos (bench/diary-month-child.ts). */
function runMonth(source: string): Month {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-month-'))
  try {
    const out = execFileSync(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        'bench/diary-month-child.ts',
        `--data=${data}`,
        `--source=${source}`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MB },
    ).toString('utf8')
    return JSON.parse(out.trim().split('\n').pop() as string) as Month
  } finally {
    fs.rmSync(data, { recursive: true, force: true })
  }
}

function reportMonth(m: Month) {
  console.log('')
  console.log(
    `| a month: ${m.days} signed diaries, ${m.photos} photos | made | baseline: read + resize the ${m.photos} photos with sharp | pages | PDF | KB per page | RSS after set-up | peak RSS |`,
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
  console.log(
    `| ${m.days} day PDFs (6 photos each at most) | ${(m.daysMs / 1000).toFixed(1)} s | ${(m.baselineMs / 1000).toFixed(1)} s | ${m.dayPages} | ${(m.dayBytes / MB).toFixed(1)} MB | ${(m.dayBytes / m.dayPages / 1024).toFixed(0)} | ${(m.startRss / MB).toFixed(0)} MB | ${(m.peakRss / MB).toFixed(0)} MB |`,
  )
  console.log(
    `| 4 weekly reports (${m.weekPhotos} photos) | ${(m.weeksMs / 1000).toFixed(1)} s | (same) | ${m.weekPages} | ${(m.weekBytes / MB).toFixed(1)} MB | ${(m.weekBytes / m.weekPages / 1024).toFixed(0)} | | |`,
  )
  recordFigure({
    bench: 'report',
    figure: `a month of ${m.days} signed diaries: day PDFs and 4 weekly reports`,
    value: (m.daysMs + m.weeksMs) / 1000,
    unit: 's',
    baseline: { name: `read + resize the ${m.photos} photos with sharp`, value: m.baselineMs / 1000 },
    lowerIsBetter: true,
  })
  recordFigure({
    bench: 'report',
    figure: `peak RSS, a month of ${m.days} diaries`,
    value: m.peakRss / MB,
    unit: 'MB',
    baseline: { name: 'RSS after set-up', value: m.startRss / MB },
    lowerIsBetter: true,
  })
  recordFigure({
    bench: 'report',
    figure: 'day PDF per page',
    value: m.dayBytes / m.dayPages / 1024,
    unit: 'KB',
    lowerIsBetter: true,
  })
}

async function main() {
  const source = await originals()
  if (arg('month', '1') !== '0') {
    console.log('a month of signed diaries...')
    reportMonth(runMonth(source))
  }
  const results: Result[] = []
  for (const n of SIZES) {
    console.log(`${n} photos...`)
    results.push(runChild(source, n))
  }
  if (results.length === 0) return
  console.log('')
  console.log(
    `| photos | report (create -> ready) | baseline: read + resize with sharp, same photos | report / baseline | pages | PDF | KB per photo | RSS after set-up | peak RSS during the job |`,
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const r of results)
    console.log(
      `| ${r.photos} | ${(r.reportMs / 1000).toFixed(1)} s | ${(r.baselineMs / 1000).toFixed(1)} s | ${(r.reportMs / r.baselineMs).toFixed(2)} | ` +
        `${r.pages} | ${(r.pdfBytes / MB).toFixed(1)} MB | ${(r.pdfBytes / r.photos / 1024).toFixed(0)} | ${(r.startRss / MB).toFixed(0)} MB | ${(r.peakRss / MB).toFixed(0)} MB |`,
    )
  if (results.length >= 2) {
    const [a, b] = [results[0] as Result, results[results.length - 1] as Result]
    console.log(
      `\npeak RSS ${(a.peakRss / MB).toFixed(0)} MB for ${a.photos} photos vs ${(b.peakRss / MB).toFixed(0)} MB for ${b.photos}: ` +
        `${((b.peakRss - a.peakRss) / MB).toFixed(0)} MB apart for ${(b.photos / a.photos).toFixed(0)}x the photos`,
    )
  }
  for (const r of results) {
    recordFigure({
      bench: 'report',
      figure: `report of ${r.photos} photos`,
      value: r.reportMs / 1000,
      unit: 's',
      baseline: { name: 'read + resize the same photos with sharp', value: r.baselineMs / 1000 },
      lowerIsBetter: true,
    })
    recordFigure({
      bench: 'report',
      figure: `peak RSS, report of ${r.photos} photos`,
      value: r.peakRss / MB,
      unit: 'MB',
      baseline: { name: 'RSS after set-up', value: r.startRss / MB },
      lowerIsBetter: true,
    })
    recordFigure({
      bench: 'report',
      figure: `PDF per photo, ${r.photos} photos`,
      value: r.pdfBytes / r.photos / 1024,
      unit: 'KB',
      lowerIsBetter: true,
    })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
