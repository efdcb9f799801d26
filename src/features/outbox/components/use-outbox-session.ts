import { useEffect } from 'react'
import type { User } from '../../../contracts/auth'

/**
 * Keeps the outbox's owner in step with the signed-in user (also for sessions that began before the
 * outbox existed), so the service worker sends only this user's items with this user's token.
 */
export function useOutboxSession(user: User) {
  useEffect(() => {
    // Loaded here rather than imported: the outbox's code is not part of the first load.
    void import('../../../lib/outbox-client').then((outbox) =>
      outbox.setOutboxSession({ id: user.id, name: user.name }),
    )
  }, [user.id, user.name])
}
