import type { NotificationChannelsUpdate } from '../../contracts/notification-channels'
import * as channelEndpoints from '../../contracts/notification-channels.endpoints'
import { call } from '../../lib/api'

/** GET /api/user/notification-channels: what reaches the caller's WhatsApp. */
export async function fetchNotificationChannels() {
  return (await call(channelEndpoints.read)).data
}

/** PUT /api/user/notification-channels: only what changed; the answer is the whole choice. */
export async function saveNotificationChannels(change: NotificationChannelsUpdate) {
  return (await call(channelEndpoints.update, {}, change)).data
}
