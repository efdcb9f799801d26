import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test'
import {
  allServerDocs,
  commentInUi,
  controlledBySw,
  type Doc,
  docCard,
  makeLargePhoto,
  makePhotos,
  makeSmallPhotos,
  type ProjectData,
  photos,
  serverComments,
  serverDocs,
  setupProject,
  shot,
} from './field-support'
import type { Account } from './support'

/*
 * Issue 20, "Field capture never stalls": a supervisor's day on site, on a phone, with the app left open.
 * Signal comes and goes, connections drop halfway, the server is busy, the browser has no Background
 * Sync, fifty photos wait at once and the session runs out; every time the screen stays usable and every
 * photo item (with all its images), like and comment reaches the real server exactly once, checked through
 * its API.
 *
 * Not repeated here (tests/e2e/offline.spec.ts has them): the offline reload path, Background Sync with no
 * page open, a refusal kept as failed.
 */

const QUEUED_TOAST = 'Disimpan di Kotak Keluar. Dikirim otomatis saat ada sinyal.'
/** "At once" for a dialog that only writes to IndexedDB: generous for a slow shared machine. */
const AT_ONCE = 5000
const EXISTING = 'Galian pondasi footplat F3 selesai'

test.beforeAll(makePhotos)
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from this pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'A field day happens on a phone (390x844)')
})

async function openDocs(page: Page, project: ProjectData, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  await expect(docCard(page, EXISTING)).toBeVisible()
}

/**
 * 'Unggah Dokumentasi' as a person uses it. With `soft`, a dialog that does not close is recorded as a
 * failure and the scenario goes on (the write may be queued already; what follows still tells something).
 */
async function upload(page: Page, files: string[], description: string, soft = false) {
  await page.getByRole('button', { name: 'Unggah Foto' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
  await dialog.getByLabel('Pilih foto dari galeri').setInputFiles(files)
  const picked = dialog.getByRole('list', { name: 'Foto terpilih' }).getByRole('listitem')
  await expect(picked.and(page.locator('[data-status="ready"]'))).toHaveCount(files.length, {
    timeout: 30_000,
  })
  await dialog.getByLabel('Deskripsi').fill(description)
  await dialog
    .getByRole('button', { name: files.length > 1 ? `Unggah ${files.length} Foto` : 'Unggah', exact: true })
    .click()
  const check = soft ? expect.soft : expect
  await check(dialog, 'the upload dialog closes at once when the photos are queued').toBeHidden({
    timeout: AT_ONCE,
  })
}

/** The 'saved in the outbox' toast: shown, then closed as a person would. */
async function expectQueuedToast(page: Page, soft = false) {
  const toast = page.getByRole('status').filter({ hasText: QUEUED_TOAST }).first()
  const check = soft ? expect.soft : expect
  await check(toast, "a toast says the write waits in the 'Kotak Keluar'").toBeVisible({ timeout: AT_ONCE })
  if (!(await toast.isVisible())) return
  await expect(async () => {
    if (await toast.isVisible())
      await toast.getByRole('button', { name: 'Tutup notifikasi' }).click({ timeout: 2000 })
    await expect(toast).toBeHidden({ timeout: 2000 })
  }).toPass({ timeout: 15_000 })
}

/** Like and comment the item already on the server, offline: both at once, nothing locks the screen. */
async function likeAndComment(page: Page, comment: string) {
  const existing = docCard(page, EXISTING)
  await existing.getByRole('button', { name: 'Suka (0 suka)' }).click({ timeout: AT_ONCE })
  await expect(existing.getByRole('button', { name: 'Batal suka (1 suka)' })).toBeVisible({
    timeout: AT_ONCE,
  })
  const dialog = await commentInUi(page, existing, comment, 0)
  const waiting = dialog.getByTestId('queued-comment')
  await expect(waiting).toContainText(comment)
  await expect(waiting.getByText('Menunggu sinkronisasi')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(existing.getByRole('button', { name: 'Komentar (1)' })).toBeVisible()
  await expect(existing.getByTestId('waiting-clock')).toHaveCount(2)
}

/** The access token the page holds (to end its session on the server). */
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'))

/** Nothing reached the server yet: the one item set up, unliked and without comments. */
async function expectServerUntouched(request: APIRequestContext, who: Account, slug: string) {
  const docs = await serverDocs(request, who, slug)
  expect(docs.map((d) => d.description)).toEqual([EXISTING])
  expect(docs[0]).toMatchObject({ likes: 0, is_liked: false, comments: 0 })
}

/**
 * Exactly once: the upload as one item with all its images, one like, one comment, and nothing more.
 * Checked again after a pause, so a late duplicate replay would show.
 */
async function expectLandedOnce(
  request: APIRequestContext,
  who: Account,
  slug: string,
  created: { description: string; images: string[] },
  comment: string,
) {
  const landed = async () => {
    const docs = await serverDocs(request, who, slug)
    const existing = docs.find((d) => d.description === EXISTING)
    return {
      descriptions: docs.map((d) => d.description).sort(),
      images: docs.find((d) => d.description === created.description)?.images.map((i) => i.name),
      like: existing && { likes: existing.likes, is_liked: existing.is_liked },
      comments: existing
        ? (await serverComments(request, who, slug, existing.uuid)).map((c) => c.content)
        : [],
      counted: existing?.comments,
    }
  }
  const expected = {
    descriptions: [EXISTING, created.description].sort(),
    images: created.images,
    like: { likes: 1, is_liked: true },
    comments: [comment],
    counted: 1,
  }
  await expect.poll(landed, { timeout: 30_000 }).toEqual(expected)
  await new Promise((r) => setTimeout(r, 2000))
  expect(await landed()).toEqual(expected)
}

/** The grid and the header once everything has landed: no waiting marks, no badge, no dialog. */
async function expectAllSentInUi(page: Page, createdText: string) {
  await expect(page.getByTestId('outbox-badge')).toBeHidden({ timeout: 20_000 })
  await expect(docCard(page, createdText).filter({ hasNot: page.locator('[data-queued]') })).toHaveCount(1, {
    timeout: 20_000,
  })
  await expect(page.locator('[data-queued]')).toHaveCount(0, { timeout: 20_000 })
  await expect(page.getByTestId('waiting-clock')).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

test('1. signal lost with the app open: photo, like and comment are queued at once and land once when it returns', async ({
  page,
  context,
  request,
}) => {
  const { supervisor, project } = await setupProject(request)
  await openDocs(page, project, supervisor.email, supervisor.password)
  // Installed and open since morning: the service worker controls the page. No reload after this.
  await controlledBySw(page)
  await expect(docCard(page, EXISTING)).toBeVisible()

  await context.setOffline(true)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  const description = 'Pengecoran kolom C4 dan balok B2 lantai 2'
  await upload(page, [photos.kolom, photos.balok], description)
  await expectQueuedToast(page)
  const queued = page.locator('[data-queued]').filter({ hasText: 'Pengecoran kolom C4' })
  await expect(queued.getByText('Menunggu sinkronisasi')).toBeVisible()
  await expect(queued.getByText('2 foto')).toBeVisible()
  // The screen is free: no dialog is left over, a like and a comment work.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const comment = 'Tulangan sengkang kolom perlu dicek ulang.'
  await likeAndComment(page, comment)
  await expect(page.getByTestId('outbox-badge')).toHaveText('3')
  await expectServerUntouched(request, supervisor, project.slug)

  // Signal again, the same page still open.
  await context.setOffline(false)
  await expectLandedOnce(
    request,
    supervisor,
    project.slug,
    { description, images: ['kolom-c4.jpg', 'balok-b2.jpg'] },
    comment,
  )
  await expectAllSentInUi(page, 'Pengecoran kolom C4')
  await expect(page.getByText('Anda sedang offline')).toBeHidden()
})

/** Every upload call the page makes, with its Idempotency-Key and what the test did with it. */
type Attempt = { at: number; key: string; outcome: string }

async function routeUploads(page: Page, slug: string, handle: (route: Route, n: number) => Promise<string>) {
  const attempts: Attempt[] = []
  await page.route(`**/api/doc/${slug}/upload`, async (route) => {
    const entry: Attempt = {
      at: Date.now(),
      key: route.request().headers()['idempotency-key'] ?? '',
      outcome: '',
    }
    attempts.push(entry)
    entry.outcome = await handle(route, attempts.length)
  })
  return attempts
}

/** Passes the call to the real server and hands its answer back. */
async function pass(route: Route) {
  const response = await route.fetch()
  await route.fulfill({ response })
  return `${response.status()} replayed=${response.headers()['idempotent-replayed'] ?? 'false'}`
}

/** Everything the server holds with this description (it must be one item with these images). */
async function docsNamed(request: APIRequestContext, who: Account, slug: string, description: string) {
  return (await serverDocs(request, who, slug))
    .filter((d: Doc) => d.description === description)
    .map((d) => d.images.map((i) => i.name))
}

/**
 * After a cut attempt: the dialog closed at once with the queued toast, the retry went under the same
 * key with the outcomes expected, and the server holds the item once with both photos.
 */
async function expectCutUploadLandsOnce(
  page: Page,
  request: APIRequestContext,
  who: Account,
  slug: string,
  description: string,
  attempts: { key: string; outcome: string }[],
  outcomes: string[],
) {
  await upload(page, [photos.kolom, photos.balok], description)
  await expectQueuedToast(page)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect.poll(() => attempts.map((a) => a.outcome), { timeout: 20_000 }).toEqual(outcomes)
  await expect(
    docCard(page, description.slice(0, 18)).filter({ hasNot: page.locator('[data-queued]') }),
  ).toHaveCount(1, { timeout: 20_000 })
  await expect(page.getByTestId('outbox-badge')).toBeHidden()
  // A pause in which nothing is sent again.
  await page.waitForTimeout(2000)
  expect(attempts.map((a) => a.outcome)).toEqual(outcomes)
  expect(new Set(attempts.map((a) => a.key)).size).toBe(1)
  expect(await docsNamed(request, who, slug, description)).toEqual([['kolom-c4.jpg', 'balok-b2.jpg']])
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

test.describe('a connection that drops and a server in trouble', () => {
  // page.route sees the page's own requests only when no service worker stands in between.
  test.use({ serviceWorkers: 'block' })

  test('2a. the connection drops mid-upload: the dialog closes, the write is queued and lands once', async ({
    page,
    request,
  }) => {
    const { supervisor, project } = await setupProject(request)
    await openDocs(page, project, supervisor.email, supervisor.password)
    const attempts = await routeUploads(page, project.slug, async (route, n) => {
      if (n === 1) {
        // The photos are on their way when the connection goes: the server never gets the whole body.
        await route.abort('connectionreset')
        return 'cut mid-upload'
      }
      return pass(route)
    })

    const description = 'Pemasangan bekisting pelat lantai 3 zona A'
    await expectCutUploadLandsOnce(page, request, supervisor, project.slug, description, attempts, [
      'cut mid-upload',
      '201 replayed=false',
    ])
  })

  test('2b. the answer is lost after the server stored the photos: the replay gets the stored answer, one copy', async ({
    page,
    request,
  }) => {
    const { supervisor, project } = await setupProject(request)
    await openDocs(page, project, supervisor.email, supervisor.password)
    const attempts = await routeUploads(page, project.slug, async (route, n) => {
      if (n === 1) {
        // The server commits, but the answer never reaches the phone.
        const response = await route.fetch()
        await route.abort('connectionreset')
        return `cut after ${response.status()}`
      }
      return pass(route)
    })

    const description = 'Pembesian balok B7 as 3-4 sudah terpasang'
    await expectCutUploadLandsOnce(page, request, supervisor, project.slug, description, attempts, [
      'cut after 201',
      '201 replayed=true',
    ])
  })

  test("3. 503 three times, then 429 with Retry-After: retried on its own, never before Retry-After; 'Kirim sekarang' skips a wait", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const { supervisor, project } = await setupProject(request)
    await openDocs(page, project, supervisor.email, supervisor.password)
    const RETRY_AFTER_S = 10
    const attempts = await routeUploads(page, project.slug, async (route, n) => {
      if (n <= 3) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Server sedang dalam perawatan' }),
        })
        return '503'
      }
      if (n === 4) {
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'Retry-After': String(RETRY_AFTER_S) },
          body: JSON.stringify({ success: false, message: 'Terlalu banyak permintaan' }),
        })
        return '429'
      }
      return pass(route)
    })

    const description = 'Pengecoran pelat lantai 4 zona B selesai'
    await upload(page, [photos.kolom, photos.balok], description)
    await expectQueuedToast(page)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.locator('[data-queued]').filter({ hasText: 'Pengecoran pelat lantai 4' })).toBeVisible()

    // Nobody touches anything: the outbox retries on its own.
    await expect
      .poll(() => docsNamed(request, supervisor, project.slug, description), { timeout: 40_000 })
      .toEqual([['kolom-c4.jpg', 'balok-b2.jpg']])
    // Polled: the server has stored the item a moment before the routed answer reaches the page and the
    // last attempt's outcome is written (CI once read it empty in between).
    await expect
      .poll(() => attempts.map((a) => a.outcome), { timeout: 10_000 })
      .toEqual(['503', '503', '503', '429', '201 replayed=false'])
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1)
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at)
    // Backoff after the queued 503s (at least 1 s, then 2 s), and nothing before Retry-After has passed.
    expect(gaps[1]).toBeGreaterThanOrEqual(900)
    expect(gaps[2]).toBeGreaterThanOrEqual(1900)
    expect(gaps[3]).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 100)
    await expect(
      docCard(page, 'Pengecoran pelat lantai 4').filter({ hasNot: page.locator('[data-queued]') }),
    ).toHaveCount(1, { timeout: 20_000 })
    await expect(page.getByTestId('outbox-badge')).toBeHidden()

    // A comment meets a server asking for an hour's pause; 'Kirim sekarang' sends it anyway.
    const calls: string[] = []
    await page.route(`**/api/doc/${project.slug}/comment/*/submit`, async (route) => {
      if (calls.length < 2) {
        calls.push('429')
        return route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'Retry-After': '3600' },
          body: JSON.stringify({ success: false, message: 'Terlalu banyak permintaan' }),
        })
      }
      const response = await route.fetch()
      calls.push(String(response.status()))
      return route.fulfill({ response })
    })
    const existing = docCard(page, EXISTING)
    const dialog = await commentInUi(page, existing, 'Bekisting kolom K2 perlu diperkuat.', 0)
    await expect(dialog.getByTestId('queued-comment').getByText('Menunggu sinkronisasi')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect.poll(() => calls).toEqual(['429', '429'])
    await page.waitForTimeout(1500)
    expect(calls).toEqual(['429', '429'])
    await page.getByTestId('outbox-button').click()
    const panel = page.getByRole('dialog', { name: 'Kotak Keluar' })
    await expect(panel.getByTestId('outbox-item').filter({ hasText: 'Komentar' })).toContainText(
      'dicoba lagi pukul',
    )
    await panel.getByRole('button', { name: 'Kirim sekarang' }).click()
    await expect(panel.getByText('Semua foto, komentar dan suka sudah terkirim ke server.')).toBeVisible({
      timeout: 15_000,
    })
    expect(calls).toEqual(['429', '429', '201'])
    const docs = await serverDocs(request, supervisor, project.slug)
    const commented = docs.find((d) => d.description === EXISTING)
    expect(
      (await serverComments(request, supervisor, project.slug, commented?.uuid ?? '')).map((c) => c.content),
    ).toEqual(['Bekisting kolom K2 perlu diperkuat.'])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test('4. no Background Sync (Safari, Firefox): queued offline, the app closed offline, reopened with signal, the page sends', async ({
  page,
  context,
  request,
}) => {
  // A browser without Background Sync.
  await context.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager
    if (typeof ServiceWorkerRegistration !== 'undefined')
      delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync
  })
  const { supervisor, project } = await setupProject(request)
  await openDocs(page, project, supervisor.email, supervisor.password)
  await controlledBySw(page)
  await expect(docCard(page, EXISTING)).toBeVisible()
  expect(
    await page.evaluate(async () => ({
      manager: 'SyncManager' in window,
      sync: 'sync' in (await navigator.serviceWorker.ready),
    })),
  ).toEqual({ manager: false, sync: false })

  await context.setOffline(true)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  const comment = 'Sambungan tulangan kolom K3 sudah sesuai gambar.'
  await likeAndComment(page, comment)
  const description = 'Pemasangan begisting dinding penahan tanah'
  // Its own subject is the replay below: a dialog that does not close is recorded and the day goes on.
  await upload(page, [photos.kolom, photos.balok], description, true)
  await expectQueuedToast(page, true)
  await expect(page.getByTestId('outbox-badge')).toHaveText('3')

  // The phone is put away while there is still no signal.
  await page.close()
  await expectServerUntouched(request, supervisor, project.slug)

  await context.setOffline(false)
  const again = await context.newPage()
  await again.goto(`/project/${project.slug}#dokumentasi`)
  await expectLandedOnce(
    request,
    supervisor,
    project.slug,
    { description, images: ['kolom-c4.jpg', 'balok-b2.jpg'] },
    comment,
  )
  await expectAllSentInUi(again, 'Pemasangan begisting dinding')
})

test('5. fifty photo items queued offline land in the order they were made, each once with its images', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000)
  const COUNT = 50
  const files = await makeSmallPhotos(COUNT + 5)
  const { supervisor, project } = await setupProject(request)
  await openDocs(page, project, supervisor.email, supervisor.password)
  // Installed: the photo compressor's worker comes from the service worker's precache when offline.
  await controlledBySw(page)
  await expect(docCard(page, EXISTING)).toBeVisible()

  await context.setOffline(true)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  const made: { description: string; images: string[] }[] = []
  for (let i = 1; i <= COUNT; i++) {
    const nn = String(i).padStart(2, '0')
    // Every tenth item has two photos.
    const picked = i % 10 === 0 ? [files[i - 1], files[COUNT + i / 10 - 1]] : [files[i - 1]]
    const description = `Titik pantau ${nn}: progres pekerjaan struktur`
    await upload(page, picked, description)
    made.push({ description, images: picked.map((f) => f.split('/').pop() ?? '') })
    // Closed as a person would: on a phone the toast sits over the next dialog's 'Unggah' button.
    await expectQueuedToast(page)
  }
  await expect(page.locator('[data-queued]')).toHaveCount(COUNT)
  await expect(page.getByTestId('outbox-badge')).toHaveText(String(COUNT))
  await page.getByTestId('outbox-button').click()
  const panel = page.getByRole('dialog', { name: 'Kotak Keluar' })
  await expect(panel.getByText(`${COUNT} item menunggu dikirim.`)).toBeVisible()
  await expect(panel.getByTestId('storage-usage')).toContainText('Penyimpanan:')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await allServerDocs(request, supervisor, project.slug)).toHaveLength(1)

  await context.setOffline(false)
  const landed = async () =>
    (await allServerDocs(request, supervisor, project.slug))
      .reverse()
      .filter((d) => d.description !== EXISTING)
      .map((d) => ({ description: d.description, images: d.images.map((i) => i.name) }))
  await expect.poll(async () => (await landed()).length, { timeout: 120_000 }).toBeGreaterThanOrEqual(COUNT)
  await expect(page.getByTestId('outbox-badge')).toBeHidden({ timeout: 20_000 })
  await page.waitForTimeout(2000)
  // Oldest first on the server (creation order) is the order they were queued; none twice, none lost.
  expect(await landed()).toEqual(made)
  // Nothing in the grid is marked as waiting, being sent or refused any more, and once the list has been
  // fetched again no landed stand-in (its photos left the phone) sits on top of the grid: the server's
  // cards take their place, the newest first.
  await expect(
    page.locator('[data-queued] [data-testid="waiting-mark"]:not([data-status="done"])'),
  ).toHaveCount(0, { timeout: 20_000 })
  await expect(page.locator('[data-queued]')).toHaveCount(0, { timeout: 15_000 })
  await expect(
    page.getByRole('list', { name: 'Daftar dokumentasi' }).getByRole('listitem').first(),
  ).toContainText(made[COUNT - 1]?.description ?? '')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('6. the session ends while items wait: the app asks to log in again, then they land once', async ({
  page,
  context,
  request,
}) => {
  const { supervisor, project } = await setupProject(request)
  await openDocs(page, project, supervisor.email, supervisor.password)
  // Installed and open (as in 1): going offline before the service worker controls the page leaves the
  // photo compressor's worker unloadable, a first-visit story this test is not about.
  await controlledBySw(page)
  await expect(docCard(page, EXISTING)).toBeVisible()

  await context.setOffline(true)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  const comment = 'Selimut beton pelat perlu diperiksa sebelum cor.'
  await likeAndComment(page, comment)
  const description = 'Pemadatan tanah urug area parkir selesai'
  await upload(page, [photos.kolom, photos.balok], description, true)
  await expectQueuedToast(page, true)
  await expect(page.getByTestId('outbox-badge')).toHaveText('3')

  // Meanwhile the session ends on the server (expired or revoked): this token is refused from now on.
  const token = await pageToken(page)
  expect(token).toBeTruthy()
  const revoked = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })
  expect(revoked.ok()).toBe(true)
  expect(
    (await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(401)

  await context.setOffline(false)
  // The app asks for a new login by itself (the login screen, or a visible way to it).
  const loginScreen = page.getByRole('heading', { name: 'Masuk ke Akun Anda' })
  const ask = loginScreen.or(page.getByRole('link', { name: /masuk lagi/i }))
  await expect(ask.first()).toBeVisible({ timeout: 15_000 })
  await expectServerUntouched(request, supervisor, project.slug)
  if (!(await loginScreen.isVisible()))
    await page
      .getByRole('link', { name: /masuk lagi/i })
      .first()
      .click()
  await expect(loginScreen).toBeVisible()
  await page.getByLabel('Email').fill(supervisor.email)
  await page.getByLabel('Password').fill(supervisor.password)
  await page.getByRole('button', { name: 'Masuk' }).click()

  await expectLandedOnce(
    request,
    supervisor,
    project.slug,
    { description, images: ['kolom-c4.jpg', 'balok-b2.jpg'] },
    comment,
  )
  await expect(page.getByTestId('outbox-badge')).toBeHidden({ timeout: 20_000 })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test.describe('7. a first visit: the signal goes before the app was stored on the phone', () => {
  // No service worker controls the page yet, so the photo compressor's code is neither cached nor reachable.
  test.use({ serviceWorkers: 'block' })

  test('the photo is kept as taken instead of refused, queued, and lands once at its full size', async ({
    page,
    context,
    request,
  }) => {
    const large = await makeLargePhoto()
    const { supervisor, project } = await setupProject(request)
    await openDocs(page, project, supervisor.email, supervisor.password)

    await context.setOffline(true)
    await expect(page.getByText('Anda sedang offline')).toBeVisible()
    await page.getByRole('button', { name: 'Unggah Foto' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
    await dialog.getByLabel('Pilih foto dari galeri').setInputFiles([large])
    const picked = dialog.getByRole('list', { name: 'Foto terpilih' }).getByRole('listitem')
    await expect(picked).toHaveAttribute('data-status', 'ready', { timeout: 30_000 })
    await expect(picked).toContainText('asli')
    await expect(dialog.getByTestId('sent-as-taken')).toContainText('ukuran aslinya')
    await shot(page, 'first-visit-photo-as-taken')
    const description = 'Bekisting pelat lantai 3 terpasang'
    await dialog.getByLabel('Deskripsi').fill(description)
    await dialog.getByRole('button', { name: 'Unggah', exact: true }).click()
    await expect(dialog).toBeHidden({ timeout: AT_ONCE })
    await expectQueuedToast(page)
    await expect(page.getByTestId('outbox-badge')).toHaveText('1')

    // Signal again; without a service worker the open page sends what waits.
    await context.setOffline(false)
    const landed = async () =>
      (await serverDocs(request, supervisor, project.slug))
        .filter((d) => d.description === description)
        .map((d) => d.images.map((i) => ({ name: i.name, width: i.width })))
    await expect.poll(landed, { timeout: 30_000 }).toEqual([[{ name: 'lantai-3-2600px.jpg', width: 2600 }]])
    await expect(page.getByTestId('outbox-badge')).toBeHidden({ timeout: 20_000 })
    await new Promise((r) => setTimeout(r, 2000))
    expect(await landed()).toHaveLength(1)
  })
})
