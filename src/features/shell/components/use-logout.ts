import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { logout } from '../../../lib/session'

/**
 * 'Keluar': asks first when the outbox still holds items that logging out would throw away (`unsent` is
 * their count while asking, else null), then ends the session and goes to the login page.
 */
export function useLogout() {
  const navigate = useNavigate()
  const [loggingOut, setLoggingOut] = useState(false)
  const [unsent, setUnsent] = useState<number | null>(null)

  const toLogin = () => navigate({ to: '/login', replace: true })

  async function logOut(confirmed = false) {
    if (!confirmed) {
      const { unsentOutboxCount } = await import('../../../lib/outbox-client')
      const count = await unsentOutboxCount()
      if (count > 0) {
        setUnsent(count)
        return
      }
    }
    setLoggingOut(true)
    try {
      await logout(toLogin)
    } finally {
      setLoggingOut(false)
      setUnsent(null)
      navigate({ to: '/login', replace: true })
    }
  }

  /** Closing the question keeps the session (not while logging out already). */
  function stopAsking() {
    if (!loggingOut) setUnsent(null)
  }

  return { loggingOut, unsent, logOut, stopAsking }
}
