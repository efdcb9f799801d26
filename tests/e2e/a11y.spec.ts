import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { makePhotos, photos } from './field-support'
import {
  type Account,
  apiCall,
  createAdmin,
  createEmployee,
  loginViaUi,
  openTabPanel,
  unique,
} from './support'

/*
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the app's screens and dialogs, at phone and desktop size.
 * Every violation is written to test-results/a11y/{project}.json (rule, screen, nodes) and the test fails
 * on any, listing them by screen.
 */

const out = path.join(path.resolve(import.meta.dirname, '../..'), 'test-results', 'a11y')
type ProjectData = { id: number; slug: string; name: string }
type Found = { screen: string; rule: string; impact: string | null; nodes: number; targets: string[] }

test.beforeAll(async () => {
  fs.mkdirSync(out, { recursive: true })
  await makePhotos()
})

async function seed(request: APIRequestContext) {
  const admin = await createAdmin(request, `Rina Admin ${unique()}`)
  const member = await createEmployee(request, admin, 'pengawasan', `Budi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Puskesmas Sukamaju ${unique()}`,
      description: 'Pembangunan gedung puskesmas dua lantai',
    })
  ).data as ProjectData
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [member.id] })
  const folder = (
    await apiCall(request, member, 'POST', `/api/folder/${project.slug}/create/pengawasan`, {
      name: 'Laporan Mingguan',
    })
  ).data as { uuid: string }
  const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` })
  const file = await request.fetch(`/api/file/${project.slug}/upload/pengawasan`, {
    method: 'POST',
    headers: auth(member),
    multipart: {
      folder_slug: folder.uuid,
      files: {
        name: 'Laporan_Harian_Koordinasi.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  })
  expect(file.status()).toBe(201)
  for (const description of ['Pengecoran kolom K1 lantai 1', 'Pemasangan bekisting balok B2']) {
    const res = await request.post(`/api/doc/${project.slug}/upload`, {
      headers: auth(member),
      multipart: {
        description,
        files: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.kolom) },
      },
    })
    expect(res.status()).toBe(201)
  }
  // Something in the trash.
  const gone = (
    await apiCall(request, member, 'POST', `/api/folder/${project.slug}/create/pengawasan`, {
      name: 'Draft Lama',
    })
  ).data as { uuid: string }
  await apiCall(request, member, 'DELETE', `/api/folder/${project.slug}/remove/${gone.uuid}`)
  return { admin, member, project, folder }
}

/** Lists and lazy chunks in (no placeholder left busy); the live notification stream never idles. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.waitForTimeout(300)
}

test('the screens and dialogs pass axe (WCAG 2.1 AA)', async ({ page, request }) => {
  test.setTimeout(240_000)
  const { admin, project, folder } = await seed(request)
  const found: Found[] = []

  async function scan(screen: string, include?: string) {
    // Let transitions and lazy chunks settle: axe reads the computed colours, and a dialog still fading
    // in is half transparent (on a loaded machine its entry outlasted a fixed 400 ms wait). Finite
    // animations must have ended; a spinner's endless one never does.
    await page.waitForTimeout(150)
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    )
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    if (include) builder = builder.include(include)
    const result = await builder.analyze()
    for (const v of result.violations)
      found.push({
        screen,
        rule: v.id,
        impact: v.impact ?? null,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      })
    fs.writeFileSync(path.join(out, `${test.info().project.name}.json`), JSON.stringify(found, null, 2))
  }

  // --- Logged out -------------------------------------------------------------------------------
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Masuk ke Akun Anda' })).toBeVisible()
  await scan('login')

  await loginViaUi(page, admin.email, admin.password)
  await expect(page.getByRole('heading', { name: /Dashboard|Project/ }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: /Buka Project/ }).first()).toBeVisible()
  await scan('dashboard')

  await page.getByRole('button', { name: /Project Baru/ }).click()
  await expect(page.getByRole('dialog', { name: 'Buat Project Baru' })).toBeVisible()
  await scan('dialog: Buat Project Baru', '[role="dialog"]')
  await page.keyboard.press('Escape')

  // --- Project tabs -----------------------------------------------------------------------------
  for (const tab of ['perencanaan', 'pengawasan', 'dokumentasi', 'rekap'] as const) {
    await page.goto(`/project/${project.slug}#${tab}`)
    await expect(openTabPanel(page)).toBeVisible()
    await settle(page)
    await scan(`project tab ${tab}`)
  }
  await page.goto(`/project/${project.slug}#pengawasan/${folder.uuid}`)
  await expect(page.getByText('Laporan_Harian_Koordinasi.pdf').first()).toBeVisible()
  await scan('files: folder')
  await openTabPanel(page)
    .getByRole('button', { name: /Upload File/ })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await scan('dialog: upload file', '[role="dialog"]')
  await page.keyboard.press('Escape')

  await page.goto(`/project/${project.slug}#dokumentasi`)
  await expect(page.getByText('Pengecoran kolom K1 lantai 1').first()).toBeVisible()
  await settle(page)
  await scan('documentation')
  await page
    .getByRole('button', { name: /^Komentar \(/ })
    .first()
    .click()
  await expect(page.getByRole('dialog', { name: 'Komentar' })).toBeVisible()
  await settle(page)
  await scan('dialog: Komentar', '[role="dialog"]')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Hapus dokumentasi' }).first().click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await scan('dialog: Hapus Dokumentasi', '[role="alertdialog"]')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Anggota Project' }).click()
  await expect(page.getByRole('dialog', { name: 'Anggota Project' })).toBeVisible()
  await settle(page)
  await scan('dialog: Anggota Project', '[role="dialog"]')
  await page.keyboard.press('Escape')

  // --- Admin pages of the project -----------------------------------------------------------------
  await page.goto(`/project/${project.slug}/trash`)
  await expect(page.getByRole('list', { name: 'Isi sampah' })).toBeVisible()
  await scan('trash')
  await page
    .getByRole('button', { name: /^Hapus permanen/ })
    .first()
    .click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await scan('dialog: Hapus permanen', '[role="alertdialog"]')
  await page.keyboard.press('Escape')

  await page.goto(`/project/${project.slug}/history`)
  await expect(page.getByRole('heading', { name: 'Riwayat', level: 1 })).toBeVisible()
  await expect(page.locator('main ol > li').first()).toBeVisible()
  await scan('history')

  // --- The rest -----------------------------------------------------------------------------------
  await page.goto('/employees')
  await settle(page)
  await scan('employees')
  await page.goto('/profile')
  await settle(page)
  await scan('profile')
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { name: 'Notifikasi' })).toBeVisible()
  await settle(page)
  await scan('notifications')
  await page.getByTestId('notification-bell').click()
  await page.waitForTimeout(300)
  await scan('notification dropdown')

  const file = path.join(out, `${test.info().project.name}.json`)
  fs.writeFileSync(file, JSON.stringify(found, null, 2))
  const summary = found.map(
    (f) => `${f.screen}: ${f.rule} (${f.impact}, ${f.nodes} nodes) ${f.targets.join(' | ')}`,
  )
  expect(summary, `axe violations (also in ${file})`).toEqual([])
})
