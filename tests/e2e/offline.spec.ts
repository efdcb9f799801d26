import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import {
  commentInUi,
  controlledBySw,
  docCard,
  makePhotos,
  photos,
  QUEUED,
  screens,
  serverComments,
  serverDocs,
  setupProject,
  shot,
  uploadInUi,
} from './field-support'
import { apiCall, createAdmin, createEmployee, expectToast, loginViaUi, unique } from './support'

/** The persisted queries' hashes (one IndexedDB record each, keyed by hash: src/lib/query-persist.ts). */
function persistedQueryHashes(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('berkas-query-cache')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('queries')) return resolve([])
          const keys = db.transaction('queries').objectStore('queries').getAllKeys()
          keys.onsuccess = () => resolve(keys.result.map(String))
          keys.onerror = () => reject(keys.error)
        }
        open.onerror = () => reject(open.error)
      }),
  )
}

/** Number of persisted queries (one IndexedDB record each, src/lib/query-persist.ts). */
const persistedQueryCount = async (page: Page) => (await persistedQueryHashes(page)).length

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
  // What the offline start needs: the signed-in user on disk (the guard's answer), not just any query.
  await expect.poll(() => persistedQueryHashes(page)).toContain(JSON.stringify(['session', 'me']))

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
  await page.screenshot({ path: path.join(screens, `${testInfo.project.name}-install-button.png`) })
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

// --- The outbox: documentation made without signal -------------------------------------------------------

test.beforeAll(makePhotos)

test('offline: two photos, a comment and a like arrive exactly once after the app was closed and opened with signal', async ({
  page,
  context,
  request,
}) => {
  const { supervisor, project } = await setupProject(request)
  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  await expect(docCard(page, 'Galian pondasi')).toBeVisible()
  await controlledBySw(page)
  // The grid is on screen again (the user looks at it) before the signal goes.
  await expect(docCard(page, 'Galian pondasi')).toBeVisible()

  // No signal: the app, the project and its documentation open from the worker and the persisted cache.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible()
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  const existing = docCard(page, 'Galian pondasi')
  await expect(existing).toBeVisible()

  await uploadInUi(page, [photos.kolom, photos.balok], 'Pengecoran kolom C4 dan balok B2 lantai 2')
  await expectToast(page, QUEUED)
  const queued = page.locator('[data-queued]').filter({ hasText: 'Pengecoran kolom C4' })
  await expect(queued.getByText('Menunggu sinkronisasi')).toBeVisible()
  await expect(queued.getByText('2 foto')).toBeVisible()

  await existing.getByRole('button', { name: 'Suka (0 suka)' }).click()
  await expect(existing.getByRole('button', { name: 'Batal suka (1 suka)' })).toBeVisible()
  const comments = await commentInUi(page, existing, 'Tulangan sengkang kolom perlu dicek ulang.', 0)
  const waitingComment = comments.getByTestId('queued-comment')
  await expect(waitingComment).toContainText('Tulangan sengkang kolom perlu dicek ulang.')
  await expect(waitingComment.getByText('Menunggu sinkronisasi')).toBeVisible()
  await shot(page, 'comment-dialog-waiting')
  await page.keyboard.press('Escape')
  await expect(existing.getByRole('button', { name: 'Komentar (1)' })).toBeVisible()
  await expect(existing.getByTestId('waiting-clock')).toHaveCount(2)
  await expect(page.getByTestId('outbox-badge')).toHaveText('3')
  await page.mouse.move(0, 0)
  await shot(page, 'grid-waiting')

  await page.getByTestId('outbox-button').click()
  const panel = page.getByRole('dialog', { name: 'Kotak Keluar' })
  await expect(panel.getByText('3 item menunggu dikirim.')).toBeVisible()
  await expect(panel.getByTestId('outbox-item')).toHaveCount(3)
  await expect(panel.getByTestId('storage-usage')).toContainText('Penyimpanan:')
  await shot(page, 'outbox-panel-offline')
  await page.keyboard.press('Escape')

  // The app is closed before there is signal again: nothing has reached the server.
  await page.close()
  const before = await serverDocs(request, supervisor, project.slug)
  expect(before).toHaveLength(1)
  expect(before[0]).toMatchObject({ likes: 0, comments: 0 })

  await context.setOffline(false)
  const again = await context.newPage()
  await again.goto(`/project/${project.slug}#dokumentasi`)
  await expect
    .poll(async () => (await serverDocs(request, supervisor, project.slug)).length, { timeout: 20_000 })
    .toBe(2)
  await expect(again.getByTestId('outbox-badge')).toBeHidden({ timeout: 20_000 })

  // Exactly once, after a reload and a pause in which nothing is sent again.
  await again.reload()
  await again.waitForTimeout(2000)
  const after = await serverDocs(request, supervisor, project.slug)
  expect(after.map((d) => d.description).sort()).toEqual([
    'Galian pondasi footplat F3 selesai',
    'Pengecoran kolom C4 dan balok B2 lantai 2',
  ])
  const created = after.find((d) => d.description.startsWith('Pengecoran'))
  expect(created?.images.map((i) => i.name)).toEqual(['kolom-c4.jpg', 'balok-b2.jpg'])
  const liked = after.find((d) => d.description.startsWith('Galian'))
  expect(liked).toMatchObject({ likes: 1, is_liked: true, comments: 1 })
  expect(
    (await serverComments(request, supervisor, project.slug, liked?.uuid ?? '')).map((c) => c.content),
  ).toEqual(['Tulangan sengkang kolom perlu dicek ulang.'])
  // The grid now shows the server's items, with nothing marked as waiting.
  await expect(docCard(again, 'Pengecoran kolom C4')).toBeVisible()
  await expect(again.locator('[data-queued]')).toHaveCount(0)
  await expect(again.getByTestId('waiting-clock')).toHaveCount(0)
  await again.getByTestId('outbox-button').click()
  const sentPanel = again.getByRole('dialog', { name: 'Kotak Keluar' })
  await expect(sentPanel.getByText('Semua foto, komentar dan suka sudah terkirim ke server.')).toBeVisible()
  await shot(again, 'outbox-panel-sent')
})

test.describe('with a server in trouble', () => {
  // The page's own replay is under test here; page.route sees the page's requests without a worker.
  test.use({ serviceWorkers: 'block' })

  test('503 on the first attempts and a connection dropped mid-upload and after the commit still land one copy', async ({
    page,
    request,
  }) => {
    const { supervisor, project } = await setupProject(request)
    await loginViaUi(page, supervisor.email, supervisor.password)
    await page.goto(`/project/${project.slug}#dokumentasi`)
    await expect(docCard(page, 'Galian pondasi')).toBeVisible()

    const attempts: string[] = []
    const keys = new Set<string>()
    await page.route(`**/api/doc/${project.slug}/upload`, async (route) => {
      keys.add(route.request().headers()['idempotency-key'] ?? '')
      const n = attempts.length + 1
      if (n <= 2) {
        attempts.push('503')
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Server sedang dalam perawatan' }),
        })
      }
      if (n === 3) {
        // Cut while the photos are on their way: the server never gets the whole body.
        attempts.push('cut mid-upload')
        return route.abort('connectionreset')
      }
      if (n === 4) {
        // The server commits, but the answer never reaches the phone.
        const response = await route.fetch()
        attempts.push(`cut after ${response.status()}`)
        return route.abort('connectionreset')
      }
      const response = await route.fetch()
      attempts.push(`${response.status()} replayed=${response.headers()['idempotent-replayed'] ?? 'false'}`)
      return route.fulfill({ response })
    })

    await uploadInUi(page, [photos.kolom, photos.balok], 'Pemasangan bekisting pelat lantai 3 zona A')
    // The first call answered 503: the upload is queued (its card stays; the toast may already be gone).
    await expect(page.locator('[data-queued]').getByText(/Menunggu sinkronisasi|Mengirim/)).toBeVisible()

    // The user presses 'Kirim sekarang' whenever it waits (instead of waiting out the backoff).
    await page.getByTestId('outbox-button').click()
    const panel = page.getByRole('dialog', { name: 'Kotak Keluar' })
    await expect(async () => {
      const send = panel.getByRole('button', { name: 'Kirim sekarang' })
      if (await send.isEnabled()) await send.click()
      await expect(panel.getByText('Semua foto, komentar dan suka sudah terkirim ke server.')).toBeVisible({
        timeout: 1500,
      })
    }).toPass({ timeout: 45_000 })

    expect(attempts).toEqual(['503', '503', 'cut mid-upload', 'cut after 201', '201 replayed=true'])
    expect(keys.size).toBe(1)
    const docs = await serverDocs(request, supervisor, project.slug)
    expect(docs.filter((d) => d.description === 'Pemasangan bekisting pelat lantai 3 zona A')).toHaveLength(1)
    await page.keyboard.press('Escape')
    await expect(docCard(page, 'Pemasangan bekisting pelat')).toBeVisible()
  })

  test('a refusal (4xx) is kept as failed with the server message; the user can discard it', async ({
    page,
    request,
  }) => {
    const { supervisor, project } = await setupProject(request)
    await loginViaUi(page, supervisor.email, supervisor.password)
    await page.goto(`/project/${project.slug}#dokumentasi`)
    const existing = docCard(page, 'Galian pondasi')
    await expect(existing).toBeVisible()

    // First the network fails (queued), then the server refuses: the item is kept, not dropped.
    let calls = 0
    await page.route(`**/api/doc/${project.slug}/comment/*/submit`, (route) => {
      calls++
      if (calls === 1) return route.abort('internetdisconnected')
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Anda bukan lagi anggota project ini' }),
      })
    })
    const dialog = await commentInUi(page, existing, 'Catatan yang akan ditolak server.', 0)
    const mark = dialog.getByTestId('queued-comment').getByTestId('waiting-mark')
    await expect(mark).toHaveAttribute('data-status', 'failed', { timeout: 15_000 })
    await expect(mark).toHaveText('Ditolak server')
    await page.keyboard.press('Escape')
    await page.getByTestId('outbox-button').click()
    const panel = page.getByRole('dialog', { name: 'Kotak Keluar' })
    await expect(panel.getByTestId('outbox-error')).toContainText('Anda bukan lagi anggota project ini')
    await expect(page.getByTestId('outbox-badge')).toHaveText('1')
    await shot(page, 'outbox-panel-failed')
    await panel.getByRole('button', { name: 'Buang' }).click()
    await page
      .getByRole('alertdialog', { name: 'Buang item ini?' })
      .getByRole('button', { name: 'Buang' })
      .click()
    await expect(panel.getByText('Kotak Keluar kosong')).toBeVisible()
    await expect(page.getByTestId('outbox-badge')).toBeHidden()
    expect(
      await serverComments(
        request,
        supervisor,
        project.slug,
        (await serverDocs(request, supervisor, project.slug))[0].uuid,
      ),
    ).toEqual([])
  })
})

test("the service worker's 'sync' sends what waits with no page of the app open", async ({
  page,
  context,
  request,
}) => {
  const { supervisor, project } = await setupProject(request)
  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  await expect(docCard(page, 'Galian pondasi')).toBeVisible()
  await controlledBySw(page)
  const existing = docCard(page, 'Galian pondasi')
  await expect(existing.getByRole('button', { name: 'Suka (0 suka)' })).toBeVisible()

  await context.setOffline(true)
  await existing.getByRole('button', { name: 'Suka (0 suka)' }).click()
  await commentInUi(page, existing, 'Dikirim oleh service worker.', 0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('outbox-badge')).toHaveText('2')
  // The page asked for Background Sync.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> }
        }
        return reg.sync.getTags()
      }),
    )
    .toContain('berkas-outbox')

  // Log out of nothing: just close the app; a blank tab only hosts the DevTools session.
  const blank = await context.newPage()
  await page.close()
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank'])
  await context.setOffline(false)

  // Chromium fires 'sync' when it sees connectivity come back; DevTools emulation does not count as
  // that, so the event is fired the way DevTools' "Sync" button does.
  const cdp = await context.newCDPSession(blank)
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) =>
        r.scopeURL.startsWith(new URL('/', test.info().project.use.baseURL).href),
      )
      if (ours && !ours.isDeleted) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registration
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(test.info().project.use.baseURL ?? '').origin,
    registrationId,
    tag: 'berkas-outbox',
    lastChance: false,
  })

  await expect
    .poll(async () => (await serverDocs(request, supervisor, project.slug))[0], { timeout: 20_000 })
    .toMatchObject({ likes: 1, is_liked: true, comments: 1 })
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank'])
})

test("'Simpan offline' keeps a project's tabs and photos readable offline without opening them first", async ({
  page,
  context,
  request,
}) => {
  const { supervisor, project } = await setupProject(request)
  await loginViaUi(page, supervisor.email, supervisor.password)
  await page.goto(`/project/${project.slug}`)
  await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible()
  await controlledBySw(page)
  await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible()

  // The Dokumentasi tab was never opened on this phone.
  await page.getByRole('button', { name: 'Simpan offline' }).click()
  await expectToast(page, 'Project tersimpan untuk offline')
  await expect(page.getByTestId('offline-saved-at')).toContainText('Tersimpan offline')
  await shot(page, 'project-saved-offline')

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  await page.getByRole('tab', { name: /^Dokumentasi/ }).click()
  const item = docCard(page, 'Galian pondasi')
  await expect(item).toBeVisible()
  // Its thumbnail comes from the service worker's image cache.
  const thumb = item.getByRole('img').first()
  await expect.poll(() => thumb.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await context.setOffline(false)
})

test.describe('logout with items waiting', () => {
  test.use({ serviceWorkers: 'block' })

  test('asks first; cancelling keeps them, confirming removes them from the phone', async ({
    page,
    context,
    request,
  }) => {
    const { supervisor, project } = await setupProject(request)
    await loginViaUi(page, supervisor.email, supervisor.password)
    await page.goto(`/project/${project.slug}#dokumentasi`)
    const existing = docCard(page, 'Galian pondasi')
    await expect(existing.getByRole('button', { name: 'Suka (0 suka)' })).toBeVisible()
    await context.setOffline(true)
    await existing.getByRole('button', { name: 'Suka (0 suka)' }).click()
    await expect(page.getByTestId('outbox-badge')).toHaveText('1')

    await page.getByRole('button', { name: 'Keluar', exact: true }).click()
    const ask = page.getByRole('alertdialog', { name: 'Keluar dan hapus item yang belum terkirim?' })
    await expect(ask).toContainText('1 item di Kotak Keluar belum terkirim')
    await shot(page, 'logout-confirm')
    await ask.getByRole('button', { name: 'Batal' }).click()
    await expect(ask).toBeHidden()
    await expect(page.getByTestId('outbox-badge')).toHaveText('1')

    await page.getByRole('button', { name: 'Keluar', exact: true }).click()
    await page.getByRole('button', { name: 'Keluar & hapus' }).click()
    await expect(page.getByRole('heading', { name: 'Masuk ke Akun Anda' })).toBeVisible()
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('berkas-outbox')
          open.onsuccess = () => {
            const count = open.result.transaction('items').objectStore('items').count()
            count.onsuccess = () => resolve(count.result)
          }
        }),
    )
    expect(left).toBe(0)
    await context.setOffline(false)
    expect((await serverDocs(request, supervisor, project.slug))[0].likes).toBe(0)
  })
})
