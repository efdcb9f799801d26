import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { makePhotos, makeSmallPhotos, photos } from './field-support'
import { type Account, apiCall, createAdmin, loginViaUi, unique, watchConsole } from './support'

/*
 * Issue 30, share links: the admin tells links apart by their label and sees where each was sent, and
 * sends one again from the list ('Kirim ulang'); the client opens a photo on the share page in a viewer
 * with its caption, swipes to the next, uses the arrow keys and closes it with Esc, without the app.
 * Screenshots (phone 390x844, desktop 1440x900) go to /tmp/shots-h4.
 */

const shots = process.env.SHARE_SHOTS ?? '/tmp/shots-h4'
type ProjectData = { id: number; slug: string; name: string }

test.beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true })
  await makePhotos()
})

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${test.info().project.name}-${name}.png`) })

/** Today in Jakarta, YYYY-MM-DD, and the day six before it: the period the links share. */
function lastSevenDays() {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(d)
  return { from: day(new Date(Date.now() - 6 * 86_400_000)), to: day(new Date()) }
}

/** A project with three approved photos uploaded today, each with a work item, place and progress. */
async function seed(request: APIRequestContext, admin: Account) {
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Jembatan Kali Progo ${unique()}`,
      description: 'Pembangunan jembatan beton bentang 40 m',
    })
  ).data as ProjectData
  const item = (
    await apiCall(request, admin, 'POST', `/api/project/${project.id}/work-items`, { name: 'Struktur Atas' })
  ).data as { id: number }
  const [third] = await makeSmallPhotos(1)
  const files = [photos.kolom, photos.balok, third as string]
  const descriptions = [
    'Pengecoran pilar P1 sisi hulu',
    'Pemasangan bekisting gelagar G2',
    'Pembesian lantai jembatan segmen 3',
  ]
  for (const [i, description] of descriptions.entries()) {
    const res = await request.post(`/api/doc/${project.slug}/upload`, {
      headers: { authorization: `Bearer ${admin.token}` },
      multipart: {
        description,
        work_item_id: String(item.id),
        location: `Pilar P${i + 1}`,
        progress: String(30 + i * 20),
        files: { name: `foto-${i}.jpg`, mimeType: 'image/jpeg', buffer: fs.readFileSync(files[i] as string) },
      },
    })
    expect(res.status()).toBe(201)
    const uuid = (await res.json()).data.docs[0].uuid as string
    await apiCall(request, admin, 'PATCH', `/api/doc/${project.slug}/status/${uuid}/approved`)
  }
  return { project, descriptions }
}

/** Links the simulated WhatsApp bot (a stand-in for scanning its QR), if it is not linked yet. */
async function linkWhatsApp(request: APIRequestContext, admin: Account) {
  await expect
    .poll(
      async () => {
        const s = (await apiCall(request, admin, 'GET', '/api/whatsapp/qr')).data
        if (s.active_session) return 'linked'
        if (s.qr) await apiCall(request, admin, 'POST', '/api/whatsapp/simulate-scan').catch(() => null)
        return 'waiting'
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe('linked')
}

/** The client: a fresh browser without an account; a phone with touch, or the desktop's size. */
async function clientPage(browser: Browser) {
  const { baseURL } = test.info().project.use
  const phone = test.info().project.name === 'phone'
  const context = await browser.newContext({
    baseURL,
    viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  })
  return context.newPage()
}

/** WCAG 2.1 AA faults (axe-core) in part of the page, as 'rule: targets' lines. */
async function axeFaults(page: Page, include: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(include)
    .analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** A real horizontal swipe (touch events through the browser's input pipeline). */
async function swipe(page: Page, fromX: number, toX: number, y: number) {
  const cdp = await page.context().newCDPSession(page)
  const point = (x: number) => [{ x, y }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) })
  for (let i = 1; i <= 5; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(fromX + ((toX - fromX) * i) / 5),
    })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

test('links told apart and sent again; a shared photo opens in a viewer with its caption, swipe, arrows and Esc', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const problems = watchConsole(page)
  const admin = await createAdmin(request, `Dewi Admin ${unique()}`)
  const { project, descriptions } = await seed(request, admin)
  await linkWhatsApp(request, admin)
  const period = lastSevenDays()
  const make = async (label: string) =>
    (
      await apiCall(request, admin, 'POST', `/api/share/${project.slug}/create`, {
        ...period,
        label,
      })
    ).data as { id: number; url: string }
  const forBudi = await make('Pak Budi, PPK Dinas PU')
  await make('Bu Sari, Konsultan MK')
  await apiCall(request, admin, 'POST', `/api/share/${project.slug}/whatsapp/${forBudi.id}`, {
    phone: '081234567890',
  })

  // --- The admin's list: each link by whom it is for, and where it went -----------------------------
  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}/laporan`)
  await page.getByRole('button', { name: /^Bagikan (dokumentasi )?periode$/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Bagikan dokumentasi periode' })
  await expect(dialog.getByLabel('Untuk siapa (opsional)')).toBeVisible()
  const rows = dialog.getByRole('list', { name: 'Tautan yang dibuat' }).getByTestId('share-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0).getByTestId('share-label')).toHaveText('Bu Sari, Konsultan MK')
  await expect(rows.nth(0).getByTestId('share-sent')).toHaveText('Belum dikirim via WhatsApp')
  await expect(rows.nth(0).getByRole('button', { name: 'Kirim tautan via WhatsApp' })).toBeVisible()
  const budi = rows.nth(1)
  await expect(budi.getByTestId('share-label')).toHaveText('Pak Budi, PPK Dinas PU')
  await expect(budi.getByTestId('share-sent')).toContainText('Dikirim ke 081234567890')
  await budi.scrollIntoViewIfNeeded()
  await shot(page, 'share-list')
  expect(await axeFaults(page, 'section[aria-labelledby="share-links-title"]')).toEqual([])

  // 'Kirim ulang' offers the last number; the admin sends it to another one. (The bot is the server's
  // one: the QR spec beside this one may have logged it out meanwhile, so it is linked again first.)
  await linkWhatsApp(request, admin)
  await budi.getByRole('button', { name: 'Kirim ulang' }).click()
  const resend = budi.getByRole('region', { name: 'Kirim ulang via WhatsApp' })
  const number = resend.getByLabel('Nomor WhatsApp klien')
  await expect(number).toHaveValue('081234567890')
  await expect(number).toBeFocused()
  await shot(page, 'share-resend')
  await number.fill('0813 9999 0000')
  await resend.getByRole('button', { name: 'Kirim' }).click()
  await expect(budi.getByTestId('share-sent')).toContainText('Dikirim ke 081399990000')
  await expect(resend).toHaveCount(0)
  expect(problems).toEqual([])

  // --- The client's share page: the photo viewer ------------------------------------------------------
  const client = await clientPage(browser)
  const clientProblems = watchConsole(client)
  const token = forBudi.url.split('/s/')[1] as string
  await client.goto(`/s/${token}`)
  await expect(client.getByRole('heading', { name: 'Foto Dokumentasi' })).toBeVisible()
  const viewer = (n: number) => client.locator(`#foto-${n}`)
  await expect(viewer(1)).toBeHidden()
  await client.getByRole('link', { name: `Lihat foto 1: ${descriptions[0]}` }).click()
  await expect(viewer(1)).toBeVisible()
  await expect(viewer(1).getByRole('img', { name: descriptions[0] })).toBeVisible()
  // Its caption: numbered, the work item, the status, the description, place and progress.
  await expect(viewer(1)).toContainText('Foto 1 dari 3')
  await expect(viewer(1)).toContainText('Struktur Atas')
  await expect(viewer(1)).toContainText('Disetujui')
  await expect(viewer(1)).toContainText(descriptions[0] as string)
  await expect(viewer(1)).toContainText('Lokasi: Pilar P1')
  await expect(viewer(1)).toContainText('Progres 30%')
  // The full photo has loaded, and the viewer has the keyboard's focus.
  await expect
    .poll(() =>
      viewer(1)
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0)
  await expect(viewer(1).getByRole('link', { name: 'Tutup foto' })).toBeFocused()
  await shot(client, 'share-viewer')
  expect(await axeFaults(client, '#foto-1')).toEqual([])

  if (test.info().project.name === 'phone') {
    // Swipe left: the next photo; swipe right: back.
    await swipe(client, 330, 60, 400)
    await expect(viewer(2)).toBeVisible()
    await expect(viewer(2)).toContainText(descriptions[1] as string)
    await swipe(client, 60, 330, 400)
    await expect(viewer(1)).toBeVisible()
  } else {
    await viewer(1).getByRole('link', { name: 'Foto berikutnya' }).click()
    await expect(viewer(2)).toBeVisible()
    await viewer(2).getByRole('link', { name: 'Foto sebelumnya' }).click()
    await expect(viewer(1)).toBeVisible()
  }
  // The arrow keys browse; the first photo has no previous, the last no next.
  await expect(viewer(1).getByRole('link', { name: 'Foto sebelumnya' })).toHaveCount(0)
  await client.keyboard.press('ArrowRight')
  await client.keyboard.press('ArrowRight')
  await expect(viewer(3)).toBeVisible()
  await expect(viewer(3)).toContainText('Foto 3 dari 3')
  await expect(viewer(3).getByRole('link', { name: 'Foto berikutnya' })).toHaveCount(0)
  await client.keyboard.press('ArrowLeft')
  await expect(viewer(2)).toBeVisible()
  await expect(viewer(2).getByRole('link', { name: 'Tutup foto' })).toBeFocused()
  // Tab stays inside the viewer.
  for (let i = 0; i < 4; i++) await client.keyboard.press('Tab')
  expect(await client.evaluate(() => document.activeElement?.closest('.lb')?.id)).toBe('foto-2')
  // Esc closes it, back at its card.
  await client.keyboard.press('Escape')
  await expect(viewer(2)).toBeHidden()
  await expect(client).toHaveURL(/#kartu-2$/)
  await shot(client, 'share-page')
  expect(clientProblems).toEqual([])
  await client.context().close()
})
