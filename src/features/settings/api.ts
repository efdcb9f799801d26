import type { FirmSettings, FirmSettingsValues } from '../../contracts/settings'
import * as settingsEndpoints from '../../contracts/settings.endpoints'
import { api, dataOf } from '../../lib/api'

export async function fetchFirmSettings(): Promise<FirmSettings> {
  return dataOf(await api.get<FirmSettings>(settingsEndpoints.firm.path))
}

export async function saveFirmSettings(input: FirmSettingsValues): Promise<FirmSettings> {
  return dataOf(await api.put<FirmSettings>(settingsEndpoints.saveFirm.path, input))
}

export async function uploadFirmLogo(file: File): Promise<FirmSettings> {
  const body = new FormData()
  body.append('logo', file)
  return dataOf(await api.put<FirmSettings>(settingsEndpoints.logo.path, body))
}

export async function removeFirmLogo(): Promise<FirmSettings> {
  return dataOf(await api.delete<FirmSettings>(settingsEndpoints.removeLogo.path))
}
