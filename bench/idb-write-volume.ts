/**
 * IndexedDB write volume of the persisted query cache while a user browses 20 projects (issue 9).
 * Starts the real server on the built app (WEB_DIR, default dist/), seeds 20 projects, logs in as their
 * admin in headless Chromium and opens every project from the dashboard and goes back, as a person
 * would (in-app navigation, no reloads). Every IDBObjectStore put/add is counted with the size of what
 * it writes (strings by length, objects as their JSON text). The outbox database is left out.
 *
 * Usage: npm run build && npx tsx bench/idb-write-volume.ts   (BENCH_PORT, WEB_DIR, CHROMIUM_PATH)
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { recordFigure } from './report'

const root = path.resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 4293)
const base = `http://127.0.0.1:${PORT}`
const webDir = path.resolve(process.env.WEB_DIR ?? path.join(root, 'dist'))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-idb-bench-'))
const SUPER = { email: 'superadmin@bench.test', password: 'superadmin-rahasia' }

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    SUPERADMIN_EMAIL: SUPER.email,
    SUPERADMIN_PASSWORD: SUPER.password,
    LOG_LEVEL: 'warn',
    WHATSAPP_DRIVER: 'off',
  },
})

async function call(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as { data?: { token?: string } }
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not start')
}

type Stats = {
  writes: number
  bytes: number
  max: number
  byStore: Record<string, { writes: number; bytes: number }>
}

async function main() {
  await waitForServer()
  const superToken = (await call('POST', '/api/auth/login', undefined, SUPER)).data?.token
  const admin = { email: 'admin@bench.test', password: 'admin-rahasia-1' }
  await call('POST', '/api/admin/create', superToken, {
    ...admin,
    name: 'Admin Bench',
    phone: '081234567890',
  })
  const token = (await call('POST', '/api/auth/login', undefined, admin)).data?.token
  for (let i = 1; i <= 20; i++)
    await call('POST', '/api/project/create', token, {
      name: `Project ${String(i).padStart(2, '0')} Gedung Kantor`,
      description: `Pembangunan gedung kantor tahap ${i}: struktur, arsitektur dan MEP. `.repeat(4),
    })

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  // A string, not a function: tsx would wrap a function's inner helpers in names the page does not have.
  await context.addInitScript(`
    const stats = { writes: 0, bytes: 0, max: 0, byStore: {} }
    const size = (v) => {
      if (typeof v === 'string') return v.length
      if (v instanceof ArrayBuffer) return v.byteLength
      try { return JSON.stringify(v)?.length ?? 0 } catch { return 0 }
    }
    for (const method of ['put', 'add']) {
      const original = IDBObjectStore.prototype[method]
      IDBObjectStore.prototype[method] = function (value, key) {
        const db = this.transaction.db.name
        if (db !== 'berkas-outbox') {
          const s = size(value)
          const name = db + '/' + this.name
          stats.writes++
          stats.bytes += s
          stats.max = Math.max(stats.max, s)
          stats.byStore[name] ??= { writes: 0, bytes: 0 }
          stats.byStore[name].writes++
          stats.byStore[name].bytes += s
        }
        return original.call(this, value, key)
      }
    }
    window.__idb = stats
  `)
  const page = await context.newPage()
  await page.goto(`${base}/login`)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await page.getByRole('heading', { name: 'Semua Project' }).waitFor()
  await page.waitForTimeout(1500)
  const atLogin = await page.evaluate(() => ({ ...(window as unknown as { __idb: Stats }).__idb }))

  for (let i = 0; i < 20; i++) {
    await page
      .getByRole('link', { name: /Buka Project/ })
      .nth(i)
      .click()
    await page
      .getByRole('tab', { name: /perencanaan/i })
      .first()
      .waitFor()
    await page.waitForTimeout(300)
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByRole('heading', { name: 'Semua Project' }).waitFor()
    await page.waitForTimeout(300)
  }
  await page.waitForTimeout(2000)
  const stats = await page.evaluate(() => (window as unknown as { __idb: Stats }).__idb)
  await browser.close()

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`web app: ${path.relative(root, webDir) || webDir}`)
  console.log(`after login: ${atLogin.writes} writes, ${kb(atLogin.bytes)}`)
  console.log(
    `browsing 20 projects (login included): ${stats.writes} writes, ${kb(stats.bytes)}, largest ${kb(stats.max)}`,
  )
  recordFigure({
    bench: 'idb',
    figure: 'IndexedDB bytes written, browsing 20 projects',
    value: stats.bytes / 1024,
    unit: 'KB',
    baseline: { name: 'after login alone', value: atLogin.bytes / 1024 },
    lowerIsBetter: true,
  })
  for (const [name, s] of Object.entries(stats.byStore))
    console.log(`  ${name}: ${s.writes} writes, ${kb(s.bytes)}`)
}

main()
  .catch((err) => {
    console.error(err)
    process.exitCode = 1
  })
  .finally(() => {
    server.kill('SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
