import type { FirmSettingsValues } from '../../contracts/settings'
import * as settingsEndpoints from '../../contracts/settings.endpoints'
import { call } from '../../lib/api'

export async function fetchFirmSettings() {
  return (await call(settingsEndpoints.firm)).data
}

export async function saveFirmSettings(input: FirmSettingsValues) {
  return (await call(settingsEndpoints.saveFirm, {}, input)).data
}

export async function uploadFirmLogo(file: File) {
  const body = new FormData()
  body.append('logo', file)
  return (await call(settingsEndpoints.logo, {}, body)).data
}

export async function removeFirmLogo() {
  return (await call(settingsEndpoints.removeLogo)).data
}
