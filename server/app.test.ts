import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ensureSuperadmin } from './bootstrap'
import { readConfig } from './config'
import { createTestApp, type TestApp } from './test/harness'

let t: TestApp
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-web-'))
beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'))
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Berkas</title><div id="root"></div>',
  )
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)')
  t = await createTestApp({ webDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

describe('serving the web app', () => {
  it('serves index.html for client routes (SPA fallback) with a strict CSP', async () => {
    for (const route of ['/', '/login', '/project/abc', '/halaman/yang/tidak/ada']) {
      const res = await t.app.request(route)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<div id="root">')
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
  })
  it('serves hashed assets as immutable', async () => {
    const res = await t.app.request('/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('immutable')
    const missing = await t.app.request('/assets/app-old999.js')
    expect(missing.status).toBe(404)
  })
  it('never serves private blobs or paths outside the public store', async () => {
    fs.writeFileSync(
      path.join(t.dataDir, 'storage', 'private', '11111111-1111-1111-1111-111111111111.pdf'),
      'rahasia',
    )
    expect((await t.app.request('/storage/11111111-1111-1111-1111-111111111111.pdf')).status).toBe(404)
    for (const probe of [
      '/storage/../storage/private/11111111-1111-1111-1111-111111111111.pdf',
      '/storage/%2e%2e/private/11111111-1111-1111-1111-111111111111.pdf',
      '/storage/..%2fprivate%2f11111111-1111-1111-1111-111111111111.pdf',
    ]) {
      const res = await t.app.request(probe)
      expect(await res.text()).not.toContain('rahasia')
    }
  })
})

describe('first start', () => {
  it('creates the superadmin once from the environment', async () => {
    const config = {
      ...readConfig({}),
      superadminEmail: 'Boss@Berkas.test',
      superadminPassword: 'password-boss',
    }
    await ensureSuperadmin(t.deps, config)
    await ensureSuperadmin(t.deps, config)
    const rows = await t.db.selectFrom('users').select('email').where('role', '=', 'superadmin').execute()
    expect(rows).toEqual([{ email: 'boss@berkas.test' }])
    const login = await t.request('POST', '/api/auth/login', {
      json: { email: 'boss@berkas.test', password: 'password-boss' },
    })
    expect(login.status).toBe(200)
  })
  it('generates and prints a password once when none is configured', async () => {
    const fresh = await createTestApp()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await ensureSuperadmin(fresh.deps, {
        ...readConfig({}),
        superadminEmail: 'root@berkas.test',
        superadminPassword: undefined,
      })
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n')
      const password = /Password \(hanya ditampilkan sekali\): (\S+)/.exec(printed)?.[1]
      expect(password).toBeTruthy()
      const login = await fresh.request('POST', '/api/auth/login', {
        json: { email: 'root@berkas.test', password },
      })
      expect(login.status).toBe(200)
    } finally {
      log.mockRestore()
      await fresh.close()
    }
  })
})

describe('compression', () => {
  it('gzips the app shell for clients that accept it, but not small API answers', async () => {
    const html = await t.app.request('/', { headers: { 'accept-encoding': 'gzip' } })
    // The test index.html is below the 1 KB threshold; an asset above it is compressed.
    fs.writeFileSync(
      path.join(webDir, 'assets', 'big-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))})`,
    )
    const js = await t.app.request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(js.headers.get('content-encoding')).toBe('gzip')
    expect(html.status).toBe(200)
    const health = await t.app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } })
    expect(health.headers.get('content-encoding')).toBeNull()
  })
})
