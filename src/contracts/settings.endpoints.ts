import { endpoint } from './endpoint'
import { FirmSettingsSchema, FirmSettingsViewSchema } from './settings'

/** /api/settings/firm: the firm's name, address, logo and signature block (issue 30, server/modules/settings). */

export const firm = endpoint({
  method: 'GET',
  path: '/api/settings/firm',
  access: 'signed-in',
  tag: 'Pengaturan',
  summary: 'Pengaturan firma (nama, alamat, telepon, logo, penanda tangan laporan)',
  response: FirmSettingsViewSchema,
})

export const saveFirm = endpoint({
  method: 'PUT',
  path: '/api/settings/firm',
  access: 'settings.write',
  tag: 'Pengaturan',
  summary: 'Simpan pengaturan firma (admin)',
  json: FirmSettingsSchema,
  response: FirmSettingsViewSchema,
})

export const logo = endpoint({
  method: 'PUT',
  path: '/api/settings/firm/logo',
  access: 'settings.write',
  tag: 'Pengaturan',
  summary: 'Ganti logo firma (PNG atau JPEG, maks. 1 MB; admin)',
  multipart: { files: { logo: { many: false, description: 'PNG atau JPEG, maks. 1 MB' } } },
  response: FirmSettingsViewSchema,
})

export const removeLogo = endpoint({
  method: 'DELETE',
  path: '/api/settings/firm/logo',
  access: 'settings.write',
  tag: 'Pengaturan',
  summary: 'Hapus logo firma (admin)',
  response: FirmSettingsViewSchema,
})
