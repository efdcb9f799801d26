import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { type Account, apiCall, createAdmin, createEmployee, unique } from './support'

/*
 * Helpers of the offline specs (offline.spec.ts, field-day.spec.ts): a project with one documentation
 * item on the real server, generated photos, the upload and comment flows through the UI, and what the
 * server holds, read back through its API.
 */

/** The service worker controls the page (after the first visit: clientsClaim, then one reload). */
export async function controlledBySw(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

export type Doc = {
  uuid: string
  description: string
  likes: number
  is_liked: boolean
  comments: number
  images: { name: string; thumb: string | null; width: number | null }[]
}
export type ProjectData = { id: number; slug: string; name: string }

const results = path.join(path.resolve(import.meta.dirname, '../..'), 'test-results')
export const fixtures = path.join(results, 'offline-fixtures')
export const screens = path.join(results, 'offline-screens')
export const photos = {
  kolom: path.join(fixtures, 'kolom-c4.jpg'),
  balok: path.join(fixtures, 'balok-b2.jpg'),
}

/** A construction-site-like JPEG (columns and a beam over soil) in the given hue. */
function siteSvg(hue: number, width = 1600, height = 1200) {
  const s = (n: number) => Math.round((n * width) / 1600)
  const ground = Math.round((height * 760) / 1200)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="hsl(${hue},45%,72%)"/>
      <rect y="${ground}" width="100%" height="${height - ground}" fill="#6d5d4b"/>
      <rect x="${s(300)}" y="${s(260)}" width="${s(120)}" height="${s(560)}" fill="#9aa3ad"/><rect x="${s(900)}" y="${s(260)}" width="${s(120)}" height="${s(560)}" fill="#9aa3ad"/>
      <rect x="${s(240)}" y="${s(220)}" width="${s(1120)}" height="${s(70)}" fill="#b8bec6"/></svg>`
}

/** The two photos of the offline specs (made once per checkout). */
export async function makePhotos() {
  fs.mkdirSync(fixtures, { recursive: true })
  fs.mkdirSync(screens, { recursive: true })
  for (const [file, hue] of [
    [photos.kolom, 28],
    [photos.balok, 200],
  ] as const) {
    if (fs.existsSync(file)) continue
    await sharp(Buffer.from(siteSvg(hue)))
      .jpeg({ quality: 88 })
      .toFile(file)
  }
}

/** `count` small distinct JPEGs (foto-01.jpg ...), quick to compress, for long queues. */
export async function makeSmallPhotos(count: number): Promise<string[]> {
  fs.mkdirSync(fixtures, { recursive: true })
  const files: string[] = []
  for (let i = 1; i <= count; i++) {
    const file = path.join(fixtures, `foto-${String(i).padStart(2, '0')}.jpg`)
    if (!fs.existsSync(file))
      await sharp(Buffer.from(siteSvg((i * 37) % 360, 320, 240)))
        .jpeg({ quality: 80 })
        .toFile(file)
    files.push(file)
  }
  return files
}

/** A photo larger than the app compresses to (1920 px), as a phone camera takes it. */
export async function makeLargePhoto(): Promise<string> {
  fs.mkdirSync(fixtures, { recursive: true })
  const file = path.join(fixtures, 'lantai-3-2600px.jpg')
  if (!fs.existsSync(file))
    await sharp(Buffer.from(siteSvg(95, 2600, 1950)))
      .jpeg({ quality: 90 })
      .toFile(file)
  return file
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screens, `${test.info().project.name}-${name}.png`) })

/** An admin, a supervisor who is a member of a new project, and one documentation item on the server. */
export async function setupProject(request: APIRequestContext) {
  const admin = await createAdmin(request)
  const supervisor = await createEmployee(request, admin, 'pengawasan', `Sari Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Jembatan Cikapundung ${unique()}`,
      description: 'Pembangunan jembatan beton bertulang bentang 24 m',
    })
  ).data as ProjectData
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [supervisor.id] })
  // One item already on the server, for the like and the comment.
  const res = await request.post(`/api/doc/${project.slug}/upload`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      description: 'Galian pondasi footplat F3 selesai',
      files: { name: 'galian.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.balok) },
    },
  })
  expect(res.status()).toBe(201)
  // Uploaded earlier in the day: its thumbnail, made by the server's job queue, is there by now.
  await expect
    .poll(async () => (await serverDocs(request, admin, project.slug))[0]?.images[0]?.thumb ?? null)
    .toMatch(/\.webp$/)
  return { admin, supervisor, project }
}

/** The first page of the project's documentation (newest first). */
export async function serverDocs(request: APIRequestContext, who: Account, slug: string): Promise<Doc[]> {
  return (await apiCall(request, who, 'GET', `/api/doc/${slug}/list`)).data as Doc[]
}

/** Every documentation item of the project, every page, newest first. */
export async function allServerDocs(request: APIRequestContext, who: Account, slug: string) {
  const all: Doc[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `&cursor=${cursor}` : ''
    const res = await request.get(`/api/doc/${slug}/list?limit=60${query}`, {
      headers: { authorization: `Bearer ${who.token}` },
    })
    expect(res.ok()).toBe(true)
    const body = (await res.json()) as { data: Doc[]; next_cursor: string | null }
    all.push(...body.data)
    cursor = body.next_cursor
  } while (cursor)
  return all
}

export async function serverComments(request: APIRequestContext, who: Account, slug: string, doc: string) {
  return (await apiCall(request, who, 'GET', `/api/doc/${slug}/comment/${doc}/list`)).data as {
    content: string
  }[]
}

export const docCard = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Daftar dokumentasi' }).getByRole('listitem').filter({ hasText: text })

/**
 * Picks photos in 'Unggah Dokumentasi', describes them and sends. `closeTimeout`: how long the dialog may
 * take to close once sent.
 */
export async function uploadInUi(
  page: Page,
  files: string[],
  description: string,
  options: { closeTimeout?: number } = {},
) {
  await page.getByRole('button', { name: 'Unggah Foto' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Unggah Dokumentasi' })
  await dialog.getByLabel('Pilih foto dari galeri').setInputFiles(files)
  const picked = dialog.getByRole('list', { name: 'Foto terpilih' }).getByRole('listitem')
  await expect(picked.and(page.locator('[data-status="ready"]'))).toHaveCount(files.length, {
    timeout: 60_000,
  })
  await dialog.getByLabel('Deskripsi').fill(description)
  await dialog
    .getByRole('button', { name: files.length > 1 ? `Unggah ${files.length} Foto` : 'Unggah', exact: true })
    .click()
  await expect(dialog).toBeHidden({ timeout: options.closeTimeout })
}

export async function commentInUi(page: Page, item: ReturnType<typeof docCard>, text: string, count: number) {
  await item.getByRole('button', { name: `Komentar (${count})` }).click()
  const dialog = page.getByRole('dialog', { name: 'Komentar' })
  await dialog.getByLabel('Komentar', { exact: true }).fill(text)
  await dialog.getByRole('button', { name: 'Kirim komentar' }).click()
  await expect(dialog.getByLabel('Komentar', { exact: true })).toHaveValue('')
  return dialog
}

export const QUEUED = 'Disimpan di Kotak Keluar'
