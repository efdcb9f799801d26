import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { controlledBySw } from './field-support'
import { type Account, apiCall, createAdmin, createEmployee, loginViaUi, SUPERADMIN, unique } from './support'

/*
 * No screen that never finishes (issue 32). The app has been used on this device (signed in, the service
 * worker installed), then the signal is gone and the app is started cold on a screen never opened here.
 * Every route must settle within seconds: inside the app shell (header, a way back), showing what the
 * device holds or saying it is not stored here yet. Never a splash, a spinner or skeletons for good.
 */

const root = path.resolve(import.meta.dirname, '../..')
const screens = path.join(root, 'test-results', 'screens', 'offline-cold-routes')
test.beforeAll(() => fs.mkdirSync(screens, { recursive: true }))

type Project = { id: number; slug: string; name: string }

async function makeProject(request: APIRequestContext, admin: Account, members: Account[]) {
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gudang Logistik ${unique()}`,
      description: 'Pembangunan gudang logistik satu lantai',
    })
  ).data as Project
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, {
    user_ids: members.map((m) => m.id),
  })
  return project
}

/** What a settled screen looks like: the shell is there, nothing is still loading, the body says something. */
async function expectSettled(page: Page, route: string) {
  const where = `route ${route}`
  await expect(page.getByRole('banner'), where).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('Anda sedang offline').first(), where).toBeVisible()
  const main = page.locator('main')
  // Skeletons, the splash, in-page spinners: all gone within a few seconds (a screen waiting for the
  // network would keep one of them up until the signal came back).
  await expect(page.locator('[aria-busy="true"]'), where).toHaveCount(0, { timeout: 8_000 })
  await expect(page.getByText(/^(Loading\.\.\.|Memuat\.\.\.)$/), where).toHaveCount(0)
  await expect(page.locator('main [role="status"][aria-label="Memuat"]'), where).toHaveCount(0)
  await expect(main, where).toBeVisible()
  expect((await main.innerText()).trim().length, where).toBeGreaterThan(20)
  // A screen with nothing stored says so instead of a red failure.
  await expect(page.getByRole('alert'), where).toHaveCount(0)
}

async function size(page: Page, isMobile: boolean) {
  await page.setViewportSize(isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 })
}

/** Opens each route cold (a full load, served by the service worker) and checks it settles. */
async function visitAll(page: Page, routes: Array<[string, string]>, prefix: string, isMobile: boolean) {
  for (const [route, name] of routes) {
    await page.goto(route)
    await expectSettled(page, route)
    await page.screenshot({
      path: path.join(screens, `${prefix}-${name}-${isMobile ? 'phone' : 'desktop'}.png`),
    })
  }
}

test('an admin opens every screen offline from a cold start: each settles in the shell', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  test.setTimeout(180_000)
  await size(page, isMobile)
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan', `Rudi Pengawas ${unique()}`)
  const neverOpened = await makeProject(request, admin, [field])
  const openedOnce = await makeProject(request, admin, [field])

  await loginViaUi(page, admin.email, admin.password)
  await controlledBySw(page)
  // One project is opened once with signal (its detail and first tab are on the device now).
  await page.goto(`/project/${openedOnce.slug}`)
  await expect(page.getByRole('heading', { name: openedOnce.name })).toBeVisible()
  // The persisted cache is written within a second.
  await page.waitForTimeout(1500)

  await context.setOffline(true)
  await visitAll(
    page,
    [
      ['/', 'dashboard'],
      ['/employees', 'karyawan'],
      ['/notifications', 'notifikasi'],
      ['/profile', 'profil'],
      ['/settings', 'pengaturan'],
      [`/project/${neverOpened.slug}`, 'project-never-opened'],
      [`/project/${neverOpened.slug}/trash`, 'sampah-never-opened'],
      [`/project/${openedOnce.slug}`, 'project'],
      [`/project/${openedOnce.slug}#pengawasan`, 'tab-pengawasan'],
      [`/project/${openedOnce.slug}#dokumentasi`, 'tab-dokumentasi'],
      [`/project/${openedOnce.slug}#rekap`, 'tab-rekap'],
      [`/project/${openedOnce.slug}/trash`, 'sampah'],
      [`/project/${openedOnce.slug}/history`, 'riwayat'],
      [`/project/${openedOnce.slug}/laporan`, 'laporan'],
    ],
    'admin',
    isMobile,
  )
  // An unknown address is outside the shell (SPEC section 2: not behind the guard), with its ways back.
  await page.goto('/tidak-ada')
  await expect(page.getByRole('heading', { name: 'Halaman yang Anda cari tidak ditemukan' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kembali ke Beranda' })).toBeVisible()
  // The screens that had nothing stored said so, in the shell's words.
  await page.goto(`/project/${openedOnce.slug}/trash`)
  await expect(page.getByTestId('not-stored')).toContainText('Belum tersimpan di perangkat ini')
  await expect(page.getByRole('link', { name: openedOnce.name })).toBeVisible()
  await page.goto(`/project/${neverOpened.slug}/history`)
  await expect(page.getByTestId('not-stored')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()

  // With signal back the same screen fills in without a reload.
  await page.goto(`/project/${openedOnce.slug}/trash`)
  await expect(page.getByTestId('not-stored')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText('Sampah kosong')).toBeVisible({ timeout: 15_000 })
})

test('a field worker and the superadmin open their screens offline from a cold start', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  test.setTimeout(120_000)
  await size(page, isMobile)
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan', `Sari Pengawas ${unique()}`)
  const project = await makeProject(request, admin, [field])

  await loginViaUi(page, field.email, field.password)
  await controlledBySw(page)
  await context.setOffline(true)
  await visitAll(
    page,
    [
      ['/', 'dashboard'],
      [`/project/${project.slug}`, 'project'],
      [`/project/${project.slug}#dokumentasi`, 'tab-dokumentasi'],
      ['/notifications', 'notifikasi'],
      ['/profile', 'profil'],
      ['/employees', 'karyawan'],
    ],
    'field',
    isMobile,
  )
  await context.setOffline(false)

  const superPage = await context.browser()?.newPage({
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  })
  if (!superPage) throw new Error('no browser')
  await loginViaUi(superPage, SUPERADMIN.email, SUPERADMIN.password)
  await controlledBySw(superPage)
  await superPage.context().setOffline(true)
  await visitAll(
    superPage,
    [
      ['/', 'admins'],
      ['/settings', 'pengaturan'],
      ['/profile', 'profil'],
    ],
    'superadmin',
    isMobile,
  )
  await superPage.close()
})
