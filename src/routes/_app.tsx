import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { NotificationBell } from '../features/notifications/components/notification-bell'
import { InstallButton } from '../features/outbox/components/install-button'
import { OutboxButton } from '../features/outbox/components/outbox-button'
import { useOutboxSession } from '../features/outbox/components/use-outbox-session'
import { AppShell } from '../features/shell/components/app-shell'
import { userCan } from '../lib/can'
import { currentUserQueryOptions, useCurrentUser } from '../lib/current-user'
import { getToken } from '../lib/session-token'
import { lazyDialog } from '../ui/dialog'
import { FullScreenLoading } from '../ui/full-screen-loading'

// The superadmin's WhatsApp dialog: not part of any first load.
const WhatsAppQrDialog = lazyDialog(
  () => import('../features/whatsapp/components/whatsapp-qr-dialog').then((m) => m.WhatsAppQrDialog),
  (p) => p.open,
)

/** The authentication guard and the shared layout of every signed-in screen. */
export const Route = createFileRoute('/_app')({
  async beforeLoad({ context, location }) {
    // A link opened while logged out comes back after the login (the dashboard needs no redirect).
    const back = location.href === '/' ? undefined : location.href
    if (!getToken()) throw redirect({ to: '/login', search: back ? { redirect: back } : {} })
    try {
      const user = await context.queryClient.ensureQueryData({
        ...currentUserQueryOptions(),
        revalidateIfStale: true,
      })
      return { user }
    } catch (err) {
      // SPEC: a failed current-user check is only logged, then the visitor goes to /login.
      console.error('Current user check failed', err)
      throw redirect({ to: '/login', search: back ? { redirect: back } : {} })
    }
  },
  pendingComponent: FullScreenLoading,
  pendingMs: 0,
  component: AppLayout,
})

function AppLayout() {
  const user = useCurrentUser()
  useOutboxSession(user)
  return (
    <AppShell
      user={user}
      headerActions={
        <>
          <InstallButton />
          {userCan(user).projects ? <OutboxButton /> : null}
        </>
      }
      notificationBell={<NotificationBell />}
      renderWhatsAppDialog={(open, onOpenChange) => (
        <WhatsAppQrDialog open={open} onOpenChange={onOpenChange} />
      )}
    >
      <Outlet />
    </AppShell>
  )
}
