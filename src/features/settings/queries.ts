import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { FirmSettings, FirmSettingsValues } from '../../contracts/settings'
import { fetchFirmSettings, removeFirmLogo, saveFirmSettings, uploadFirmLogo } from './api'

export const firmSettingsKey = ['settings', 'firm'] as const

export const firmSettingsQueryOptions = () =>
  queryOptions({ queryKey: firmSettingsKey, queryFn: fetchFirmSettings })

/** Every write answers with the whole settings: they replace what the screen shows, no refetch needed. */
function useSettingsWrite<I>(write: (input: I) => Promise<FirmSettings>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (settings) => qc.setQueryData(firmSettingsKey, settings),
  })
}

export const useSaveFirmSettings = () =>
  useSettingsWrite((input: FirmSettingsValues) => saveFirmSettings(input))
export const useUploadFirmLogo = () => useSettingsWrite((file: File) => uploadFirmLogo(file))
export const useRemoveFirmLogo = () => useSettingsWrite((_: undefined) => removeFirmLogo())
