import { randomUUID } from 'node:crypto'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { SUPERADMIN } from './playwright.config'

export { SUPERADMIN }

export type Account = {
  id: number
  name: string
  email: string
  password: string
  role: string
  token: string
}

/** A unique suffix so the phone and desktop projects never collide on emails. */
export const unique = () => randomUUID().slice(0, 8)

async function call(request: APIRequestContext, method: string, url: string, token?: string, data?: unknown) {
  const res = await request.fetch(url, {
    method,
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const body = await res.json()
  if (!res.ok()) throw new Error(`${method} ${url} -> ${res.status()} ${JSON.stringify(body)}`)
  return body
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const body = await call(request, 'POST', '/api/auth/login', undefined, { email, password })
  return { ...body.data, password }
}

/** Sets up accounts through the real API (the UI flows under test stay in the browser). */
export async function createAdmin(request: APIRequestContext, name = `Admin ${unique()}`): Promise<Account> {
  const root = await login(request, SUPERADMIN.email, SUPERADMIN.password)
  const email = `admin.${unique()}@berkas.test`
  const password = 'admin-rahasia-1'
  await call(request, 'POST', '/api/admin/create', root.token, {
    name,
    email,
    password,
    phone: '081234567890',
  })
  return login(request, email, password)
}

export async function createEmployee(
  request: APIRequestContext,
  admin: Account,
  role: 'perencanaan' | 'pengawasan',
  name = `Karyawan ${unique()}`,
) {
  const email = `${role}.${unique()}@berkas.test`
  const password = 'karyawan-rahasia'
  await call(request, 'POST', `/api/employee/create/${admin.id}`, admin.token, {
    name,
    email,
    password,
    phone: '081298765432',
    role,
  })
  return login(request, email, password)
}

export async function apiCall(
  request: APIRequestContext,
  account: Account,
  method: string,
  url: string,
  data?: unknown,
) {
  return call(request, method, url, account.token, data)
}

/** Logs in through the real login screen. */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Masuk ke Akun Anda' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** Collects console errors and CSP violations so a test can assert the page ran cleanly. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) problems.push(msg.text())
  })
  page.on('pageerror', (err) => problems.push(err.message))
  return problems
}

/** Opens the small-screen side menu when the header navigation is collapsed. */
export async function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1440) < 768
}

/**
 * Asserts a toast and closes it, as a person would: open toasts sit bottom-right over the page's own
 * buttons, and a pointer resting on them pauses their timer.
 */
export async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('status').filter({ hasText: text }).first()
  await expect(toast).toBeVisible()
  // A click that lands while the toast stack is still settling can miss; close again until it is gone.
  await expect(async () => {
    if (await toast.isVisible())
      await toast.getByRole('button', { name: 'Tutup notifikasi' }).click({ timeout: 2000 })
    await expect(toast).toBeHidden({ timeout: 2000 })
  }).toPass({ timeout: 15_000 })
}

/** A second person on their own device: a fresh browser context with this project's screen and locale. */
export async function secondPage(browser: Browser) {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale, timezoneId } =
    test.info().project.use
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
    locale,
    timezoneId,
  })
  return context.newPage()
}

/**
 * The project page's selected tab panel. Switching tabs leaves the previous panel in the page for its
 * closing moment, so a bare getByRole('tabpanel') can find two.
 */
export const openTabPanel = (page: Page) => page.locator('[role="tabpanel"][data-state="open"]')
