import { expect, type Page, test } from '@playwright/test'
import {
  createAdmin,
  createEmployee,
  expectToast,
  isPhone,
  loginViaUi,
  SUPERADMIN,
  unique,
  watchConsole,
} from './support'

/** Navigates through the header, or the slide-in side menu on small screens. */
async function openNav(page: Page, link: string) {
  if (await isPhone(page)) {
    await page.getByRole('button', { name: 'Buka menu' }).click()
    await page.getByRole('navigation', { name: 'Menu samping' }).getByRole('link', { name: link }).click()
  } else {
    await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: link }).click()
  }
}

test('the guard sends strangers to /login; unknown paths show the not-found page', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/profile')
  // The page asked for comes back after the login (issue 23).
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/)
  await expect(page.getByRole('heading', { name: 'Masuk ke Akun Anda' })).toBeVisible()

  await page.goto('/halaman-yang-tidak-ada')
  await expect(page.getByText('Halaman yang Anda cari tidak ditemukan')).toBeVisible()
  await page.getByRole('link', { name: 'Kembali ke Beranda' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(problems).toEqual([])
})

test('login validates, rejects wrong credentials and skips the form when a session exists', async ({
  page,
}) => {
  const problems = watchConsole(page)
  await page.goto('/login')
  await page.getByLabel('Email').fill('bukan-email')
  await page.getByLabel('Password').fill('123')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page.getByText('Email tidak valid')).toBeVisible()
  await expect(page.getByText('Password minimal 6 karakter')).toBeVisible()

  await page.getByLabel('Email').fill(SUPERADMIN.email)
  await page.getByLabel('Password').fill('password-salah')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page.getByText('Email atau password salah')).toBeVisible()

  await page.getByLabel('Password').fill(SUPERADMIN.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page.getByRole('heading', { name: 'Manajemen Admin' })).toBeVisible()

  // With a live session the login screen goes straight back to / (history replaced).
  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Manajemen Admin' })).toBeVisible()
  expect(problems).toEqual([])
})

test('superadmin adds an admin with validation, searches, and deletes one', async ({ page }) => {
  const problems = watchConsole(page)
  await loginViaUi(page, SUPERADMIN.email, SUPERADMIN.password)
  await expect(page.getByRole('heading', { name: 'Manajemen Admin' })).toBeVisible()
  // No bell for the superadmin.
  await expect(page.getByRole('button', { name: /notifikasi/i })).toHaveCount(0)

  await page.getByRole('button', { name: 'Tambah Admin' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Admin Baru' })
  await dialog.getByRole('button', { name: 'Tambah Admin' }).click()
  await expect(dialog.getByText('Nama harus diisi')).toBeVisible()
  await expect(dialog.getByText('Email harus diisi')).toBeVisible()
  await expect(dialog.getByText('Password harus diisi')).toBeVisible()
  await expect(dialog.getByText('Nomor telepon harus diisi')).toBeVisible()

  const id = unique()
  const name = `Rina Admin ${id}`
  await dialog.getByLabel('Nama Lengkap').fill('Ri')
  await dialog.getByLabel('Email').fill('rina@salah')
  await dialog.getByLabel('Password').fill('pendek')
  await dialog.getByLabel('Nomor Telepon').fill('0812')
  await dialog.getByRole('button', { name: 'Tambah Admin' }).click()
  await expect(dialog.getByText('Nama minimal 3 karakter')).toBeVisible()
  await expect(dialog.getByText('Email tidak valid')).toBeVisible()
  await expect(dialog.getByText('Password minimal 8 karakter')).toBeVisible()
  await expect(dialog.getByText('Nomor telepon minimal 10 karakter')).toBeVisible()

  await dialog.getByLabel('Nama Lengkap').fill(name)
  await dialog.getByLabel('Email').fill(`rina.${id}@berkas.test`)
  await dialog.getByLabel('Password').fill('rahasia-rina-1')
  await dialog.getByLabel('Nomor Telepon').fill('081211112222')
  await dialog.getByRole('button', { name: 'Tambah Admin' }).click()
  await expectToast(page, 'Admin berhasil ditambahkan')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(name)).toBeVisible()

  // Search narrows by name, email or role.
  await page.getByLabel('Cari admin').fill(`rina.${id}`)
  await expect(page.getByText(name)).toBeVisible()
  await page.getByLabel('Cari admin').fill(`tidak-ada-${id}`)
  await expect(page.getByText('Tidak ada admin yang ditemukan')).toBeVisible()
  await page.getByLabel('Cari admin').fill(name)

  await page.getByRole('button', { name: `Hapus ${name}` }).click()
  const confirm = page
    .getByRole('alertdialog', { name: 'Konfirmasi Hapus Admin' })
    .or(page.getByRole('dialog', { name: 'Konfirmasi Hapus Admin' }))
  await expect(confirm.getByText('Tindakan ini tidak dapat dibatalkan.')).toBeVisible()
  await confirm.getByRole('button', { name: 'Hapus' }).click()
  await expectToast(page, 'Admin berhasil dihapus')
  await expect(page.getByText(name)).toHaveCount(0)
  expect(problems).toEqual([])
})

test('admin manages employees: add both roles, edit, deactivate (login then fails), delete', async ({
  page,
  request,
  browser,
}) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request)
  await loginViaUi(page, admin.email, admin.password)
  await openNav(page, 'Karyawan')
  await expect(page.getByRole('heading', { name: 'Manajemen Karyawan' })).toBeVisible()
  await expect(page.getByText('Kelola data karyawan dan akses sistem')).toBeVisible()

  await page.getByRole('button', { name: 'Tambah Karyawan' }).first().click()
  const form = page.getByRole('dialog', { name: 'Tambah Karyawan' })
  await form.getByRole('button', { name: 'Tambah' }).click()
  await expect(form.getByText('Nama tidak boleh kosong')).toBeVisible()
  await expect(form.getByText('Email tidak boleh kosong')).toBeVisible()
  await expect(form.getByText('Password tidak boleh kosong')).toBeVisible()
  await expect(form.getByText('Peran harus dipilih')).toBeVisible()
  await form.getByLabel('Email').fill('salah-format')
  await form.getByLabel('Password').fill('pendek')
  await form.getByRole('button', { name: 'Tambah' }).click()
  await expect(form.getByText('Format email tidak valid')).toBeVisible()
  await expect(form.getByText('Password minimal 8 karakter')).toBeVisible()

  const id = unique()
  const people = [
    {
      name: `Dewi Perencana ${id}`,
      email: `dewi.${id}@berkas.test`,
      role: 'perencanaan',
      label: 'Tim Perencanaan',
    },
    {
      name: `Joko Pengawas ${id}`,
      email: `joko.${id}@berkas.test`,
      role: 'pengawasan',
      label: 'Tim Pengawasan',
    },
  ]
  for (const [i, p] of people.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Tambah Karyawan' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Tambah Karyawan' })
    await dialog.getByLabel('Nama').fill(p.name)
    await dialog.getByLabel('Email').fill(p.email)
    await dialog.getByLabel('Password').fill('karyawan-rahasia')
    await dialog.getByLabel('Nomor Telepon').fill('081377778888')
    await dialog.getByLabel('Peran').selectOption(p.role)
    await dialog.getByRole('button', { name: 'Tambah' }).click()
    await expectToast(page, 'Karyawan berhasil ditambahkan')
    await expect(dialog).toBeHidden()
    const card = page.getByRole('article', { name: p.name }).or(page.getByLabel(p.name, { exact: true }))
    await expect(card.getByText(p.label)).toBeVisible()
    await expect(card.getByText('Aktif', { exact: true })).toBeVisible()
  }

  // Edit: the password field is not offered; the new name shows.
  await page.getByRole('button', { name: `Ubah ${people[0].name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Karyawan' })
  await expect(edit.getByLabel('Password')).toHaveCount(0)
  await expect(edit.getByLabel('Email')).toHaveValue(people[0].email)
  const renamed = `Dewi Setiawati ${id}`
  await edit.getByLabel('Nama').fill(renamed)
  await edit.getByRole('button', { name: 'Simpan' }).click()
  await expectToast(page, 'Karyawan berhasil diperbarui')
  await expect(page.getByText(renamed)).toBeVisible()

  // Deactivate Joko: switch flips, message shows, and his login fails afterwards.
  const toggle = page.getByRole('switch', { name: `Status aktif ${people[1].name}` })
  await expect(toggle).toBeChecked()
  // The accessible switch is Ark's visually hidden input; a person clicks its visible label.
  await page.locator('label', { has: toggle }).click()
  await expectToast(page, 'Karyawan berhasil dinonaktifkan')
  await expect(toggle).not.toBeChecked()
  const jokoCard = page.getByLabel(people[1].name, { exact: true })
  await expect(jokoCard.getByText('Tidak Aktif')).toBeVisible()

  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const jokoPage = await other.newPage()
  await jokoPage.goto('/login')
  await jokoPage.getByLabel('Email').fill(people[1].email)
  await jokoPage.getByLabel('Password').fill('karyawan-rahasia')
  await jokoPage.getByRole('button', { name: 'Masuk' }).click()
  await expect(jokoPage.getByText('Akun Anda dinonaktifkan. Hubungi admin.')).toBeVisible()
  await other.close()

  // Search, then delete Dewi with the confirmation.
  await page.getByLabel('Cari karyawan').fill(`tidak-ada-${id}`)
  await expect(page.getByText('Tidak ada karyawan yang ditemukan')).toBeVisible()
  await page.getByLabel('Cari karyawan').fill(renamed)
  await page.getByRole('button', { name: `Hapus ${renamed}` }).click()
  const confirm = page
    .getByRole('alertdialog', { name: 'Konfirmasi Hapus' })
    .or(page.getByRole('dialog', { name: 'Konfirmasi Hapus' }))
  await confirm.getByRole('button', { name: 'Hapus' }).click()
  await expectToast(page, 'Karyawan berhasil dihapus')
  await expect(page.getByText(renamed)).toHaveCount(0)
  expect(problems).toEqual([])
})

test('employees see Access Denied on /employees and admin pages', async ({ page, request }) => {
  const admin = await createAdmin(request)
  const employee = await createEmployee(request, admin, 'pengawasan')
  await loginViaUi(page, employee.email, employee.password)
  await page.goto('/employees')
  await expect(page.getByText('Access Denied')).toBeVisible()
  await expect(page.getByText('Anda tidak memiliki akses ke halaman ini.')).toBeVisible()
  if (!(await isPhone(page))) {
    await expect(
      page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Karyawan' }),
    ).toHaveCount(0)
  }
})

test('profile: edit name and phone, avatar upload with type check, password change, logout', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page)
  const admin = await createAdmin(request)
  const employee = await createEmployee(request, admin, 'perencanaan')
  await loginViaUi(page, employee.email, employee.password)
  await page.getByRole('link', { name: `Profil ${employee.name}` }).click()
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()
  await expect(page.getByText('Email tidak dapat diubah')).toBeVisible()
  await expect(page.getByLabel('Email')).not.toBeEditable()

  // Profile validation and save.
  const nameField = page.getByLabel('Nama Lengkap')
  await nameField.fill('Al')
  await page.getByLabel('Nomor Telepon').fill('0812')
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
  await expect(page.getByText('Nama minimal 3 karakter')).toBeVisible()
  await expect(page.getByText('Nomor telepon minimal 10 karakter')).toBeVisible()
  const newName = `Sari Wulandari ${unique()}`
  await nameField.fill(newName)
  await page.getByLabel('Nomor Telepon').fill('085712345678')
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click()
  await expectToast(page, 'Profil berhasil diperbarui')
  await expect(page.getByRole('link', { name: `Profil ${newName}` })).toBeVisible()

  // Avatar: a PDF is refused in the browser, a PNG is uploaded and shown.
  const picker = page.getByLabel('Pilih foto profil')
  await picker.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
  await expectToast(page, 'File harus berupa gambar (JPG, PNG, dll)')
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTjsDRwzEcQA64hZR6ypPHQAAAABJRU5ErkJggg==',
    'base64',
  )
  await picker.setInputFiles({ name: 'wajah.png', mimeType: 'image/png', buffer: png })
  await expectToast(page, 'Foto profil berhasil diperbarui')
  await expect(page.locator('img[src^="/storage/"]').first()).toBeVisible()

  // Password change: mismatch first, then a real change; the session survives it.
  await page.getByLabel('Password Saat Ini').fill(employee.password)
  await page.getByLabel('Password Baru').fill('password-baru-123')
  await page.getByLabel('Konfirmasi Password').fill('password-lain-123')
  await page.getByRole('button', { name: 'Ubah Password' }).click()
  await expect(page.getByText('Konfirmasi password tidak cocok')).toBeVisible()
  await page.getByLabel('Konfirmasi Password').fill('password-baru-123')
  await page.getByRole('button', { name: 'Ubah Password' }).click()
  await expectToast(page, 'Password berhasil diperbarui')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Profil Pengguna' })).toBeVisible()

  // Logout, then the old password fails and the new one works.
  await page.getByRole('button', { name: 'Keluar', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(employee.email)
  await page.getByLabel('Password').fill(employee.password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page.getByText('Email atau password salah')).toBeVisible()
  await page.getByLabel('Password').fill('password-baru-123')
  await page.getByRole('button', { name: 'Masuk' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(problems).toEqual([])
})
