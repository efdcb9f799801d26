import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import type { Doc } from '../../src/contracts/documentation'
import { makePhotos, photos } from './field-support'
import {
  apiCall,
  createAdmin,
  createEmployee,
  expectToast,
  loginViaUi,
  secondPage,
  unique,
  watchConsole,
} from './support'

/*
 * Issue 23, "History and trash": a member's delete moves the item to the project's Sampah; the admin
 * restores it there (its comments come back with it) and the project's Riwayat lists the deletion and the
 * restore. Screenshots of both pages at phone and desktop size go to test-results/trash-history-screens.
 */

const screens = path.join(path.resolve(import.meta.dirname, '../..'), 'test-results', 'trash-history-screens')
type ProjectData = { id: number; slug: string; name: string }

test.beforeAll(async () => {
  fs.mkdirSync(screens, { recursive: true })
  await makePhotos()
})

async function shot(page: Page, name: string) {
  const project = test.info().project.name
  // The phone at 390x844; the desktop at 1280x800 (the brief's sizes).
  if (project === 'desktop') await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: path.join(screens, `${project}-${name}.png`), fullPage: true })
}

test('a member deletes an item; the admin restores it from Sampah with its comments; Riwayat lists both', async ({
  page,
  browser,
  request,
}) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request, `Rina Admin ${unique()}`)
  const member = await createEmployee(request, admin, 'pengawasan', `Budi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gedung Serbaguna ${unique()}`,
      description: 'Pembangunan gedung serbaguna kecamatan',
    })
  ).data as ProjectData
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [member.id] })

  // The member's item, with a comment, on the server.
  const description = `Pengecoran plat lantai 2 zona B ${unique()}`
  const res = await request.post(`/api/doc/${project.slug}/upload`, {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: {
      description,
      files: { name: 'plat.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photos.balok) },
    },
  })
  expect(res.status()).toBe(201)
  const doc = ((await res.json()).data.docs as Doc[])[0] as Doc
  await apiCall(request, member, 'POST', `/api/doc/${project.slug}/comment/${doc.uuid}/submit`, {
    comment: 'Bekisting sudah dibongkar sebagian',
  })
  // A folder the admin made and the member's team deleted too, so the trash shows more than one kind.
  const folder = (
    await apiCall(request, admin, 'POST', `/api/folder/${project.slug}/create/pengawasan`, {
      name: 'Laporan_Mingguan_Koordinasi_Lapangan',
    })
  ).data as { uuid: string }
  await apiCall(request, member, 'DELETE', `/api/folder/${project.slug}/remove/${folder.uuid}`)

  // --- The member deletes the item in the app: it goes to Sampah -------------------------------
  await loginViaUi(page, member.email, member.password)
  await page.goto(`/project/${project.slug}#dokumentasi`)
  const card = page
    .getByRole('list', { name: 'Daftar dokumentasi' })
    .getByRole('listitem')
    .filter({ hasText: description })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'Hapus dokumentasi' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Hapus Dokumentasi' })
  await confirm.getByRole('button', { name: 'Ya, Hapus' }).click()
  await expect(card).toBeHidden()
  // A member has no Sampah: the link is not shown, the page says it is for admins.
  await expect(page.getByRole('link', { name: 'Sampah' })).toHaveCount(0)

  // --- The admin opens Sampah from the project page ---------------------------------------------
  const adminPage = await secondPage(browser)
  const adminProblems = watchConsole(adminPage)
  await loginViaUi(adminPage, admin.email, admin.password)
  await adminPage.goto(`/project/${project.slug}`)
  await expect(adminPage.getByRole('link', { name: 'Riwayat' })).toBeVisible()
  await adminPage.screenshot({ path: path.join(screens, `${test.info().project.name}-project-header.png`) })
  await adminPage.getByRole('link', { name: 'Sampah' }).click()
  await expect(adminPage).toHaveURL(new RegExp(`/project/${project.slug}/trash$`))
  await expect(adminPage.getByRole('heading', { name: 'Sampah', level: 1 })).toBeVisible()
  const trash = adminPage.getByRole('list', { name: 'Isi sampah' })
  const row = trash.getByRole('listitem').filter({ hasText: description })
  await expect(row).toBeVisible()
  await expect(row).toContainText(`Dihapus oleh ${member.name}`)
  await expect(row).toContainText(/Dihapus permanen dalam (29|30) hari/)
  await expect(trash.getByRole('listitem').filter({ hasText: 'Laporan_Mingguan' })).toBeVisible()
  await shot(adminPage, 'trash')

  // 'Hapus permanen' asks first; Batal keeps the folder.
  await trash
    .getByRole('listitem')
    .filter({ hasText: 'Laporan_Mingguan' })
    .getByRole('button', { name: /^Hapus permanen/ })
    .click()
  const purge = adminPage.getByRole('alertdialog', { name: 'Hapus permanen?' })
  await expect(purge).toContainText('tidak dapat dibatalkan')
  await shot(adminPage, 'trash-confirm')
  await purge.getByRole('button', { name: 'Batal' }).click()
  await expect(purge).toBeHidden()

  await row.getByRole('button', { name: /^Pulihkan/ }).click()
  await expectToast(adminPage, 'dipulihkan')
  await expect(row).toBeHidden()

  // The item is back in Dokumentasi with its comment.
  await adminPage.goto(`/project/${project.slug}#dokumentasi`)
  const restored = adminPage
    .getByRole('list', { name: 'Daftar dokumentasi' })
    .getByRole('listitem')
    .filter({ hasText: description })
  await expect(restored).toBeVisible()
  const comments = (await apiCall(request, admin, 'GET', `/api/doc/${project.slug}/comment/${doc.uuid}/list`))
    .data as Array<{ comment?: string; content?: string }>
  expect(JSON.stringify(comments)).toContain('Bekisting sudah dibongkar sebagian')

  // --- Riwayat lists the deletion and the restore, newest first ---------------------------------
  await adminPage.goto(`/project/${project.slug}`)
  await adminPage.getByRole('link', { name: 'Riwayat' }).click()
  await expect(adminPage).toHaveURL(new RegExp(`/project/${project.slug}/history$`))
  await expect(adminPage.getByRole('heading', { name: 'Riwayat', level: 1 })).toBeVisible()
  const entries = adminPage.locator('main ol > li')
  const restoreEntry = entries.filter({ hasText: 'Pulihkan' }).filter({ hasText: description.slice(0, 30) })
  const deleteEntry = entries.filter({ hasText: 'Hapus' }).filter({ hasText: description.slice(0, 30) })
  await expect(restoreEntry.first()).toBeVisible()
  await expect(deleteEntry.first()).toBeVisible()
  await expect(restoreEntry.first()).toContainText(admin.name)
  await expect(deleteEntry.first()).toContainText(member.name)
  // Newest first: the restore sits above the deletion.
  const texts = await entries.allInnerTexts()
  const restoreAt = texts.findIndex((t) => t.includes('Pulihkan') && t.includes(description.slice(0, 30)))
  const deleteAt = texts.findIndex((t) => /Hapus/.test(t) && t.includes(description.slice(0, 30)))
  expect(restoreAt).toBeLessThan(deleteAt)
  await shot(adminPage, 'history')

  expect(problems).toEqual([])
  expect(adminProblems).toEqual([])
})
