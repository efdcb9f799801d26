import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import {
  type Account,
  apiCall,
  createAdmin,
  createEmployee,
  loginViaUi,
  openTabPanel,
  secondPage,
  unique,
  watchConsole,
} from './support'

/*
 * Issue 23, "Getting to the item" and the project edit conflict: a link opened while logged out survives
 * the login; the browser's Back walks folder levels and tabs; a notification opens the folder of the
 * file; two admins editing one project: the second save is refused with the server's message and
 * 'Muat ulang', and the first admin's dashboard shows the new name without a reload.
 */

type ProjectData = { id: number; slug: string; name: string }

async function setup(request: Parameters<typeof createAdmin>[0]) {
  const admin = await createAdmin(request, `Rina Admin ${unique()}`)
  const member = await createEmployee(request, admin, 'pengawasan', `Budi Pengawas ${unique()}`)
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Jalan Lingkar ${unique()}`,
      description: 'Peningkatan jalan lingkar desa',
    })
  ).data as ProjectData
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, { user_ids: [member.id] })
  return { admin, member, project }
}

async function folderIn(
  request: Parameters<typeof createAdmin>[0],
  who: Account,
  slug: string,
  name: string,
  parent?: string,
) {
  const res = await request.fetch(`/api/folder/${slug}/create/pengawasan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}` },
    multipart: parent ? { name, parent_slug: parent } : { name },
  })
  expect(res.status()).toBe(201)
  return (await res.json()).data.uuid as string
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Lokasi folder' })

test('a link opened while logged out survives the login; without one the login goes to /', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page)
  const { member, project } = await setup(request)
  const folder = await folderIn(request, member, project.slug, 'Laporan Harian')

  await page.goto(`/project/${project.slug}#pengawasan/${folder}`)
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}#pengawasan/${folder}$`))
  await expect(crumbs(page).getByText('Laporan Harian')).toBeVisible()

  // Logged out again, the plain login goes to the dashboard; a redirect to another site is ignored.
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login?redirect=//evil.example/phish')
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password').fill(member.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  expect(problems.filter((p) => !/401|Current user/.test(p))).toEqual([])
})

test('Back walks folder levels and tabs; a notification opens the file in its folder', async ({
  page,
  request,
}) => {
  const { admin, member, project } = await setup(request)
  const outer = await folderIn(request, member, project.slug, 'Minggu 1')
  const inner = await folderIn(request, member, project.slug, 'Senin', outer)
  const up = await request.fetch(`/api/file/${project.slug}/upload/pengawasan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}` },
    multipart: {
      folder_slug: inner,
      files: {
        name: 'Laporan_Harian_Koordinasi.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  })
  expect(up.status()).toBe(201)
  const fileUuid = (await up.json()).data.results[0].uuid as string

  await loginViaUi(page, admin.email, admin.password)
  await page.goto(`/project/${project.slug}#pengawasan`)
  const panel = openTabPanel(page)
  await panel
    .getByRole('link', { name: /Minggu 1/ })
    .first()
    .click()
  await expect(crumbs(page).getByText('Minggu 1')).toBeVisible()
  await panel.getByRole('link', { name: /Senin/ }).first().click()
  await expect(crumbs(page).getByText('Senin')).toBeVisible()
  await expect(panel.getByText('Laporan_Harian_Koordinasi.pdf')).toBeVisible()
  // Another tab, then Back: the tab and the folder come back, one level at a time.
  await page.getByRole('tab', { name: /Dokumentasi/ }).click()
  await expect(page).toHaveURL(/#dokumentasi$/)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`#pengawasan/${inner}$`))
  await expect(crumbs(page).getByText('Senin')).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`#pengawasan/${outer}$`))
  await expect(crumbs(page).getByText('Senin')).toBeHidden()
  await expect(crumbs(page).getByText('Minggu 1')).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/#pengawasan$/)
  await page.goForward()
  await expect(page).toHaveURL(new RegExp(`#pengawasan/${outer}$`))

  // The upload's notification, from the bell, opens the file in its folder.
  await page.goto('/')
  await page.getByTestId('notification-bell').click()
  await page
    .getByRole('button', { name: /File baru diunggah/ })
    .filter({ hasText: project.name })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}#pengawasan/${inner}/${fileUuid}$`))
  await expect(page.locator(`#file-${fileUuid}`)).toHaveAttribute('aria-current', 'location')

  // A link to the file itself ('#area/folder/file') opens its folder with the file marked.
  await page.goto(`/project/${project.slug}#pengawasan/${inner}/${fileUuid}`)
  const marked = page.locator(`#file-${fileUuid}`)
  await expect(marked).toHaveAttribute('aria-current', 'location')
  await expect(marked).toBeInViewport()
  await expect(crumbs(page).getByText('Senin')).toBeVisible()
  await page.screenshot({
    path: path.join(
      import.meta.dirname,
      '../../test-results/trash-history-screens',
      `${test.info().project.name}-file-target.png`,
    ),
  })
})

test("two admins edit one project: the second save answers with the first's name and time; the dashboard follows", async ({
  page,
  browser,
  request,
}) => {
  const { admin, project } = await setup(request)
  const other = await createAdmin(request, `Sari Admin ${unique()}`)

  await loginViaUi(page, admin.email, admin.password)
  const card = page.getByLabel(project.name, { exact: true })
  await expect(card).toBeVisible()
  await card
    .first()
    .getByRole('button', { name: `Opsi project ${project.name}` })
    .click()
  await page.getByRole('menuitem', { name: 'Edit Project' }).click()
  const form = page.getByRole('form', { name: `Edit project ${project.name}` })
  await form.getByLabel('Nama Project').fill(`${project.name} (draft saya)`)

  // Meanwhile the other admin renames it.
  const renamed = `Jalan Lingkar Utara ${unique()}`
  const otherPage = await secondPage(browser)
  await loginViaUi(otherPage, other.email, other.password)
  const current = (await apiCall(request, other, 'GET', `/api/project/detail/${project.id}`)).data as {
    version: number
  }
  await apiCall(request, other, 'PUT', `/api/project/update/${project.id}`, {
    name: renamed,
    description: 'Peningkatan jalan lingkar desa',
    version: current.version,
  })
  await otherPage.close()

  await form.getByRole('button', { name: 'Simpan' }).click()
  const alert = form.getByRole('alert')
  await expect(alert).toContainText(
    new RegExp(`Project telah diubah oleh ${other.name} pukul \\d{2}\\.\\d{2}\\. Muat ulang`),
  )
  await alert.getByRole('button', { name: 'Muat ulang' }).click()
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible()

  // A rename while the dashboard is open shows without a reload (the list refetches every 20 s).
  const again = `Jalan Lingkar Selatan ${unique()}`
  const latest = (await apiCall(request, other, 'GET', `/api/project/detail/${project.id}`)).data as {
    version: number
  }
  await apiCall(request, other, 'PUT', `/api/project/update/${project.id}`, {
    name: again,
    description: 'Peningkatan jalan lingkar desa',
    version: latest.version,
  })
  await expect(page.getByRole('heading', { name: again })).toBeVisible({ timeout: 30_000 })
})
