import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { refreshQueries } from '../../lib/query-refresh'
import { fetchWhatsAppSession, logoutWhatsApp } from './api'

export const whatsappKeys = {
  all: ['whatsapp'] as const,
  session: () => [...whatsappKeys.all, 'session'] as const,
}

/**
 * The bot's session as the dialog shows it. Never from an old copy: a QR expires within a minute, so
 * it is fetched on every opening and not kept once the dialog closes.
 */
export const whatsappSessionQueryOptions = () =>
  queryOptions({
    queryKey: whatsappKeys.session(),
    queryFn: fetchWhatsAppSession,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // A QR is a secret for a minute; it has no business in the offline cache.
    meta: { persist: false },
  })

export function useLogoutWhatsApp() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: logoutWhatsApp,
    // SPEC 2: after logout the QR is fetched again.
    onSuccess: () => refreshQueries(qc, whatsappKeys.session()),
  })
}
