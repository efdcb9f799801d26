import { expect, test } from '@playwright/test'
import { createAdmin, createEmployee, loginViaUi } from './support'

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

  // The real service worker takes control and has precached the app shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // clientsClaim() takes this page over soon after activation; any later navigation is controlled for sure.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  // The query cache has been written to IndexedDB (idb-keyval's default store).
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('keyval-store')
            open.onsuccess = () => {
              const get = open.result.transaction('keyval').objectStore('keyval').get('berkas-query-cache')
              get.onsuccess = () => resolve(Boolean(get.result))
              get.onerror = () => resolve(false)
            }
            open.onerror = () => resolve(false)
          }),
      ),
    )
    .toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue(field.name)
  await expect(page.getByText('Anda sedang offline')).toBeVisible()
  await context.setOffline(false)
})
