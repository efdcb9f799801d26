import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { NOTIFICATION_TYPE_LABELS } from '../../src/contracts/notification-channels'
import {
  type Account,
  apiCall,
  createAdmin,
  createEmployee,
  isPhone,
  loginViaUi,
  unique,
  watchConsole,
} from './support'

/*
 * A WhatsApp bot that is not banned (issue 32): the QR dialog says how many messages wait while the bot
 * is not linked ('Belum terhubung · N pesan menunggu'), and each person chooses in the profile which
 * notifications reach their WhatsApp (the bell keeps all of them). Pacing, expiry and merging are
 * proven by the server tests with two senders (server/modules/whatsapp/pacing.test.ts).
 */

const root = path.resolve(import.meta.dirname, '../..')
const screens = path.join(root, 'test-results', 'whatsapp-pacing-screens')

/** The two sizes: a phone and a laptop screen. */
async function sized(page: Page, project: string) {
  await page.setViewportSize(project === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 })
}

async function projectWith(request: APIRequestContext, admin: Account, members: Account[]) {
  const project = (
    await apiCall(request, admin, 'POST', '/api/project/create', {
      name: `Gudang Logistik ${unique()}`,
      description: 'Uji antrean WhatsApp',
    })
  ).data as { id: number; slug: string }
  await apiCall(request, admin, 'PUT', `/api/project/${project.id}/members`, {
    user_ids: members.map((m) => m.id),
  })
  return project
}

async function uploadPdf(request: APIRequestContext, who: Account, slug: string, name: string) {
  const res = await request.post(`/api/file/${slug}/upload/pengawasan`, {
    headers: { authorization: `Bearer ${who.token}` },
    multipart: {
      files: { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) },
    },
  })
  expect(res.status()).toBe(201)
}

type Session = { active_session: boolean; waiting: number; qr: string | null }
const session = async (request: APIRequestContext, admin: Account) =>
  (await apiCall(request, admin, 'GET', '/api/whatsapp/qr')).data as Session

test('the QR dialog says how many messages wait while the bot is not linked', async ({
  page,
  request,
}, info) => {
  const problems = watchConsole(page)
  await sized(page, info.project.name)
  const admin = await createAdmin(request)
  const employee = await createEmployee(request, admin, 'pengawasan', `Pengawas ${unique()}`)
  const project = await projectWith(request, admin, [employee])

  // The bot is the server's one: unlink it if a spec beside this one linked it, and wait for the QR.
  if ((await session(request, admin)).active_session)
    await apiCall(request, admin, 'POST', '/api/whatsapp/logout')
  await expect.poll(async () => (await session(request, admin)).qr !== null, { timeout: 20_000 }).toBe(true)

  // Three uploads while unlinked: three messages to the admin (the project's creator) join the queue.
  const before = (await session(request, admin)).waiting
  for (const n of [1, 2, 3])
    await uploadPdf(request, employee, project.slug, `gambar-kerja-${n}-${unique()}.pdf`)
  await expect
    .poll(async () => (await session(request, admin)).waiting, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(before + 3)

  await loginViaUi(page, admin.email, admin.password)
  if (await isPhone(page)) {
    await page.getByRole('button', { name: 'Buka menu' }).click()
    await page.getByRole('button', { name: 'Scan QR Bot WA' }).click()
  } else await page.getByRole('button', { name: 'Scan QR Bot WhatsApp' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan QR Bot WhatsApp' })
  await expect(dialog.getByRole('img', { name: 'Kode QR WhatsApp' })).toBeVisible({ timeout: 20_000 })
  const line = dialog.getByTestId('whatsapp-waiting')
  // The count in Indonesian digits: '1.591' in a full run, where every spec's notifications wait.
  await expect(line).toHaveText(/^Belum terhubung · [\d.]+ pesan menunggu$/)
  const shown = Number(((await line.textContent()) ?? '').match(/([\d.]+) pesan/)?.[1].replaceAll('.', ''))
  expect(shown).toBeGreaterThanOrEqual(before + 3)
  await page.screenshot({ path: path.join(screens, `qr-waiting-${info.project.name}.png`) })
  await dialog.getByRole('button', { name: 'Tutup', exact: true }).first().click()
  await expect(dialog).toBeHidden()
  expect(problems).toEqual([])
})

test('a field worker chooses which notifications reach their WhatsApp; the choice is kept', async ({
  page,
  request,
}, info) => {
  const problems = watchConsole(page)
  await sized(page, info.project.name)
  const admin = await createAdmin(request)
  const employee = await createEmployee(request, admin, 'pengawasan', `Pengawas ${unique()}`)

  // A field worker (pengawasan): the five kinds that reach them, the diary reminder included, all on.
  await loginViaUi(page, employee.email, employee.password)
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Notifikasi WhatsApp' })
  await expect(card).toBeVisible()
  await expect(card.getByText('+6281298765432')).toBeVisible()
  const approved = card.getByRole('switch', { name: 'Disetujui ke WhatsApp' })
  await expect(approved).toBeChecked()
  await expect(card.getByRole('switch')).toHaveCount(5)
  await expect(
    card.getByRole('switch', { name: `${NOTIFICATION_TYPE_LABELS.diary_reminder.label} ke WhatsApp` }),
  ).toBeChecked()
  await card.getByText('Disetujui', { exact: true }).scrollIntoViewIfNeeded()
  await approved.click({ force: true })
  await expect(approved).not.toBeChecked()
  await expect
    .poll(
      async () => (await apiCall(request, employee, 'GET', '/api/user/notification-channels')).data.whatsapp,
    )
    .toMatchObject({ file_approved: false, file_revision: true })
  await page.reload()
  await expect(card.getByRole('switch', { name: 'Disetujui ke WhatsApp' })).not.toBeChecked()
  // The viewport as the person sees it, the card in the middle of it.
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: path.join(screens, `channels-employee-${info.project.name}.png`) })

  expect(problems).toEqual([])
})

test('an admin chooses every kind and whether WhatsApp tells of every project', async ({
  page,
  request,
}, info) => {
  const problems = watchConsole(page)
  await sized(page, info.project.name)
  const admin = await createAdmin(request)
  // Only their own projects by default (member, creator, reviewer); the bell still has every project.
  await loginViaUi(page, admin.email, admin.password)
  const card = page.getByRole('region', { name: 'Notifikasi WhatsApp' })
  await page.goto('/profile')
  await expect(card).toBeVisible()
  await expect(card.getByRole('switch')).toHaveCount(9)
  const all = card.getByRole('switch', { name: 'Kabari tentang semua project lewat WhatsApp' })
  await expect(all).not.toBeChecked()
  await expect(
    card.getByText(/hanya project tempat Anda anggota, pembuat, atau pernah meninjau/),
  ).toBeVisible()
  // The card from its title down (the sticky header would cover a title scrolled to the very top).
  await card.evaluate((el) => {
    el.scrollIntoView({ block: 'start' })
    window.scrollBy(0, -80)
  })
  await page.screenshot({ path: path.join(screens, `channels-admin-${info.project.name}.png`) })
  await all.click({ force: true })
  await expect(all).toBeChecked()
  await expect
    .poll(
      async () =>
        (await apiCall(request, admin, 'GET', '/api/user/notification-channels')).data.admin_projects,
    )
    .toBe('all')
  expect(problems).toEqual([])
})
