import { expect, type Page, test } from '@playwright/test'
import { apiCall, createAdmin, createEmployee, expectToast, loginViaUi, unique } from './support'

/** The service worker controls the page (after the first visit: clientsClaim, then one reload). */
async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** Number of persisted queries (one IndexedDB record each, src/lib/query-persist.ts). */
function persistedQueryCount(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('berkas-query-cache')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('queries')) return resolve(0)
          const count = db.transaction('queries').objectStore('queries').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => resolve(-1)
        }
        open.onerror = () => resolve(-1)
      }),
  )
}

test('after one visit the app opens with no network, from the service worker and the persisted cache', async ({
  page,
  context,
  request,
}) => {
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan')
  await loginViaUi(page, field.email, field.password)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()
  await controlledBySw(page)
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()
  await expect.poll(() => persistedQueryCount(page)).toBeGreaterThan(0)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue(field.name)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  await context.setOffline(false)
})

test('the persisted cache never hides newer server data: a reload right after changes shows them', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan')
  await loginViaUi(page, field.email, field.password)
  await expect(page.getByText('Belum ada project')).toBeVisible()
  // The empty list is on disk now.
  await expect.poll(() => persistedQueryCount(page)).toBeGreaterThan(0)

  // Meanwhile an admin adds this worker to three projects.
  const names: string[] = []
  for (let i = 0; i < 3; i++) {
    const name = `Gedung ${unique()}`
    names.push(name)
    const project = (
      await apiCall(request, admin, 'POST', '/api/project/create', {
        name,
        description: 'Proyek untuk uji cache',
      })
    ).data as { id: number }
    await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [field.id] })
  }
  await page.waitForTimeout(1000)
  await page.reload()
  // Restored data shows at once but is revalidated at once: well inside the 30 s staleTime.
  for (const name of names) await expect(page.getByText(name)).toBeVisible({ timeout: 5000 })
  await expect(page.getByText('Belum ada project')).toBeHidden()
})

test("a write is on disk before the page goes: offline right after deactivating, the card says 'Tidak Aktif'", async ({
  page,
  context,
  request,
}) => {
  const admin = await createAdmin(request)
  const worker = await createEmployee(request, admin, 'perencanaan', `Pekerja ${unique()}`)
  await loginViaUi(page, admin.email, admin.password)
  await controlledBySw(page)
  await page.goto('/employees')
  const card = page.getByLabel(worker.name, { exact: true })
  await expect(card.getByText('Aktif', { exact: true })).toBeVisible()
  const toggle = page.getByRole('switch', { name: `Status aktif ${worker.name}` })
  // Ark's switch input is visually hidden; a person clicks its visible label.
  await page.locator('label', { has: toggle }).click()
  await expectToast(page, 'Karyawan berhasil dinonaktifkan')
  await expect(card.getByText('Tidak Aktif', { exact: true })).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  const offlineCard = page.getByLabel(worker.name, { exact: true })
  await expect(offlineCard.getByText('Tidak Aktif', { exact: true })).toBeVisible()
  await context.setOffline(false)
})

test("Chromium's installability check passes; 'Pasang Aplikasi' shows when the browser offers installation", async ({
  playwright,
  request,
}, testInfo) => {
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan')
  // Chromium never offers installation in an incognito profile (Playwright's default contexts are).
  const { launchOptions, baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } =
    testInfo.project.use
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...launchOptions,
    baseURL,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale: 'id-ID',
  })
  const page = context.pages()[0] ?? (await context.newPage())
  await loginViaUi(page, field.email, field.password)
  await controlledBySw(page)

  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors).toEqual([])
  const manifest = await cdp.send('Page.getAppManifest')
  expect(manifest.errors).toEqual([])
  const parsed = JSON.parse(manifest.data ?? '{}')
  expect(parsed).toMatchObject({ lang: 'id', short_name: 'Berkas', display: 'standalone', start_url: '/' })
  expect(parsed.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512'])

  // Whether Chromium fires its own beforeinstallprompt depends on its engagement heuristics; the event
  // it would fire is dispatched here so the test does not depend on them.
  const install = page.getByRole('button', { name: 'Pasang Aplikasi' })
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
    event.prompt = async () => {
      ;(window as unknown as { __prompted: boolean }).__prompted = true
    }
    event.userChoice = Promise.resolve({ outcome: 'accepted' })
    window.dispatchEvent(event)
  })
  await expect(install).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('install-button.png') })
  await install.click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted))
    .toBe(true)
  await context.close()
})

test('logout clears what a shared phone would leak: cached answers, cached photos and the token', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request)
  const field = await createEmployee(request, admin, 'pengawasan')
  await loginViaUi(page, field.email, field.password)
  await controlledBySw(page)
  await expect.poll(() => persistedQueryCount(page)).toBeGreaterThan(0)
  // A photo the worker saw is in the service worker's image cache.
  await page.evaluate(async () => {
    const cache = await caches.open('storage-images')
    await cache.put('/storage/contoh.webp', new Response('x'))
  })

  await page.getByRole('button', { name: 'Keluar', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Masuk ke Akun Anda' })).toBeVisible()
  expect(await persistedQueryCount(page)).toBe(0)
  expect(await page.evaluate(() => caches.has('storage-images'))).toBe(false)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  const mirrored = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const get = open.result.transaction('keyval').objectStore('keyval').get('token')
          get.onsuccess = () => resolve(get.result ?? null)
        }
      }),
  )
  expect(mirrored).toBeNull()
})
