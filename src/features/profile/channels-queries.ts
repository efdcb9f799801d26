import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationChannels, NotificationChannelsUpdate } from '../../contracts/notification-channels'
import { fetchNotificationChannels, saveNotificationChannels } from './channels-api'

export const channelKeys = {
  all: ['notification-channels'] as const,
}

export const notificationChannelsQueryOptions = () =>
  queryOptions({ queryKey: channelKeys.all, queryFn: fetchNotificationChannels })

/**
 * A switch flipped: shown at once, saved in the background; a refused save puts back what the
 * server holds. The server's answer is the whole choice, so it replaces the cached copy.
 */
export function useSaveNotificationChannels() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: saveNotificationChannels,
    onMutate: async (change: NotificationChannelsUpdate) => {
      await qc.cancelQueries({ queryKey: channelKeys.all })
      const before = qc.getQueryData<NotificationChannels>(channelKeys.all)
      if (before)
        qc.setQueryData<NotificationChannels>(channelKeys.all, {
          ...before,
          whatsapp: { ...before.whatsapp, ...(change.whatsapp ?? {}) } as NotificationChannels['whatsapp'],
          admin_projects: change.admin_projects ?? before.admin_projects,
        })
      return { before }
    },
    onError: (_err, _change, context) => {
      if (context?.before) qc.setQueryData(channelKeys.all, context.before)
    },
    onSuccess: (saved) => qc.setQueryData(channelKeys.all, saved),
  })
}
