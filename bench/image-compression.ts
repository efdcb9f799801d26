/**
 * Photo compression benchmark (docs/performance.md budget: a 12 MP phone photo is compressed to <= 1 MB at
 * <= 1920 px off the main thread). Builds bench/image-compression/ (a page around the app's real
 * compressor: src/features/documentation/compress, the same web worker, library and options the upload dialog
 * uses) with Vite, serves it on loopback and drives it in headless Chromium:
 *
 *   idle        nothing running: the page's own long-task noise over the same time
 *   worker      the app's path: compressPhoto() in the web worker (run 1 includes loading the worker)
 *   main thread the baseline: the same library and options on the main thread (no worker)
 *
 * Reported per run: output size and dimensions, wall time, and the main thread's longest task while it
 * ran (PerformanceObserver 'longtask': tasks of 50 ms or more block taps and scrolling).
 *
 *   npm run bench:images            BENCH_RUNS (default 3) runs each; CHROMIUM_PATH (/usr/bin/chromium)
 *
 * The photo is made with sharp (tests/fixtures/site-photo.ts, shared with the e2e tests): 4000 x 3000
 * (12 MP), a site-like scene with sensor-like grain (so it weighs megabytes like a real one), EXIF capture
 * time and orientation 6 (taken upright).
 * A benchmark, not a test: it reports, it does not fail.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { build } from 'vite'
import { PHOTO_COMPRESSION } from '../src/contracts/documentation'
import { writeSitePhoto } from '../tests/fixtures/site-photo'
import { recordFigure } from './report'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const root = path.resolve(import.meta.dirname, '..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-bench-images-'))
const outDir = path.join(work, 'site')

/** The shared 12 MP site photo (tests/fixtures/site-photo.ts, also the e2e tests'): grain, orientation 6. */
async function makePhoto(file: string) {
  await writeSitePhoto(file, {
    width: 4000,
    height: 3000,
    hue: 205,
    orientation: 6,
    noise: true,
    model: 'Bench',
  })
}

async function buildPage() {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(root, 'bench', 'image-compression'),
    base: './',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
}

function serveDir(dir: string) {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.jpg': 'image/jpeg',
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const file = path.join(dir, url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname))
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' })
    fs.createReadStream(file).pipe(res)
  })
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  )
}

type Result = {
  ms: number
  bytes: number
  width: number
  height: number
  type: string
  longestTaskMs: number
  tasks: number
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`
const pad = (s: string, n: number) => s.padEnd(n)

async function main() {
  const photo = path.join(outDir, 'photo.jpg')
  console.log('building the compressor page (vite)...')
  await buildPage()
  await makePhoto(photo)
  const meta = await sharp(photo).metadata()
  const input = fs.statSync(photo).size
  console.log(
    `input: ${meta.width} x ${meta.height} JPEG (${((meta.width ?? 0) * (meta.height ?? 0)) / 1e6} MP), ${kb(input)}, EXIF orientation ${meta.orientation}`,
  )
  console.log(
    `options: longest side <= ${PHOTO_COMPRESSION.maxWidthOrHeight} px, <= ${PHOTO_COMPRESSION.maxSizeMB} MB, quality from ${PHOTO_COMPRESSION.initialQuality}, EXIF kept\n`,
  )

  const site = await serveDir(outDir)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage()
    page.on('pageerror', (e) => console.error('page error:', e.message))
    await page.goto(site.url)
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true)
    // The photo as the file input would hand it over.
    await page.evaluate(async (url) => {
      const blob = await (await fetch(url)).blob()
      ;(window as unknown as { photo: File }).photo = new File([blob], 'IMG_20240501_102030.jpg', {
        type: 'image/jpeg',
      })
    }, `${site.url}/photo.jpg`)

    const rows: [string, Result][] = []
    const run = async (label: string, fn: string, arg?: number) => {
      const result = (await page.evaluate(
        ([f, a]) => {
          const w = window as unknown as Record<string, (x: unknown) => Promise<unknown>> & { photo: File }
          return w[f as string](a ?? w.photo)
        },
        [fn, arg] as const,
      )) as Result
      rows.push([label, result])
      const out = result.bytes
        ? `${kb(result.bytes).padStart(8)}  ${`${result.width} x ${result.height}`.padEnd(12)}`
        : `${'-'.padStart(8)}  ${'-'.padEnd(12)}`
      console.log(
        `${pad(label, 22)} ${out} ${`${result.ms.toFixed(0)} ms`.padStart(9)}   longest main-thread task ${`${result.longestTaskMs.toFixed(0)} ms`.padStart(7)} (${result.tasks} long tasks)`,
      )
    }

    console.log(`${pad('run', 22)} ${'output'.padStart(8)}  ${'size'.padEnd(12)} ${'time'.padStart(9)}`)
    for (let i = 1; i <= RUNS; i++) await run(`worker (app) #${i}`, 'benchWorker')
    const workerMs = rows.map(([, r]) => r.ms)
    await run('idle baseline', 'benchIdle', Math.round(Math.max(...workerMs)))
    for (let i = 1; i <= RUNS; i++) await run(`main thread #${i}`, 'benchMainThread')

    const worker = rows.filter(([l]) => l.startsWith('worker')).map(([, r]) => r)
    const main = rows.filter(([l]) => l.startsWith('main')).map(([, r]) => r)
    const idle = rows.find(([l]) => l === 'idle baseline')?.[1]
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const within = worker.every(
      (r) =>
        r.bytes <= PHOTO_COMPRESSION.maxSizeMB * 1024 * 1024 &&
        Math.max(r.width, r.height) <= PHOTO_COMPRESSION.maxWidthOrHeight,
    )
    const mainMedian = median(main.map((r) => r.ms))
    recordFigure({
      bench: 'images',
      figure: '12 MP photo compressed in the worker',
      value: median(worker.map((r) => r.ms)),
      unit: 'ms',
      baseline: { name: 'on the main thread', value: mainMedian },
      lowerIsBetter: true,
    })
    recordFigure({
      bench: 'images',
      figure: 'longest main-thread task while compressing',
      value: Math.max(...worker.map((r) => r.longestTaskMs)),
      unit: 'ms',
      baseline: { name: 'main-thread compression', value: Math.max(...main.map((r) => r.longestTaskMs)) },
      lowerIsBetter: true,
    })
    console.log(
      `\nworker (app): median ${median(worker.map((r) => r.ms)).toFixed(0)} ms, output ${kb(median(worker.map((r) => r.bytes)))}, longest main-thread task ${Math.max(...worker.map((r) => r.longestTaskMs)).toFixed(0)} ms (idle page: ${idle?.longestTaskMs.toFixed(0)} ms)`,
    )
    console.log(
      `main thread:  median ${median(main.map((r) => r.ms)).toFixed(0)} ms, longest main-thread task ${Math.max(...main.map((r) => r.longestTaskMs)).toFixed(0)} ms`,
    )
    console.log(
      `budget (docs/performance.md, <= 1 MB at <= 1920 px off the main thread): ${within ? 'output within budget' : 'output OVER budget'}`,
    )
  } finally {
    await browser.close()
    site.close()
    fs.rmSync(work, { recursive: true, force: true })
  }
}

await main()
