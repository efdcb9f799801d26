import type { NotificationChannels, NotificationChannelsUpdate } from '../../contracts/notification-channels'
import * as channelEndpoints from '../../contracts/notification-channels.endpoints'
import { api, dataOf } from '../../lib/api'

/** GET /api/user/notification-channels: what reaches the caller's WhatsApp. */
export async function fetchNotificationChannels(): Promise<NotificationChannels> {
  return dataOf(await api.get<NotificationChannels>(channelEndpoints.read.path))
}

/** PUT /api/user/notification-channels: only what changed; the answer is the whole choice. */
export async function saveNotificationChannels(
  change: NotificationChannelsUpdate,
): Promise<NotificationChannels> {
  return dataOf(await api.put<NotificationChannels>(channelEndpoints.update.path, change))
}
