import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '../..')
const PORT = Number(process.env.E2E_PORT ?? 4173)
export const SUPERADMIN = { email: 'superadmin@berkas.test', password: 'superadmin-rahasia' }

// Debian's Chromium: Playwright's own browser download is not available on these machines.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: '.',
  outputDir: path.join(root, 'test-results', `e2e-${PORT}`),
  // Generous limits: CI shares a 2-core machine and has run the suite 2.7 times slower than a quiet one
  // (53.6 against 19.9 minutes), where stories of 25 s hit a 60 s limit. The tests assert what users see,
  // never how fast: speed is the benches' (bench/, docs/performance.md).
  timeout: 150_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
  ],
  // The real built app served by the real server, on a fresh SQLite database for every run.
  webServer: {
    command: 'node tests/e2e/start-server.mjs',
    cwd: root,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      LOG_LEVEL: 'warn',
      WHATSAPP_DRIVER: 'simulated',
    },
  },
})
