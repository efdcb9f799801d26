import { useNavigate } from '@tanstack/react-router'
import { NOTIFICATION_MSG, type Notification } from '../../../contracts/notifications'
import { notify } from '../../../ui/notify'
import { useMarkRead } from '../queries'

/** Clicking a notification: it is marked read (SPEC) and its object opens. */
export function useOpenNotification() {
  const markRead = useMarkRead()
  const navigate = useNavigate()
  return (notification: Notification) => {
    if (!notification.is_read) {
      markRead.mutate(notification.id, {
        onError: () => notify('error', NOTIFICATION_MSG.readFailed),
      })
    }
    if (notification.link) void navigate({ href: notification.link })
  }
}
