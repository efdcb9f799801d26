import { createFileRoute } from '@tanstack/react-router'
import { FirmSettingsPage } from '../../features/settings/components/firm-settings-page'
import { firmSettingsQueryOptions } from '../../features/settings/queries'
import { userCan } from '../../lib/can'
import { useCurrentUser } from '../../lib/current-user'
import { loadForScreen } from '../../lib/route-load'
import { AccessDenied } from '../../ui/access-denied'
import { RoutePending } from '../../ui/route-pending'

/** 'Pengaturan Firma': the office's accounts (admins, the superadmin) keep the firm's settings. */
export const Route = createFileRoute('/_app/settings')({
  async loader({ context }) {
    if (userCan(context.user).settings) {
      // A failed load is not fatal here: the page shows its own error state with a retry.
      await loadForScreen(context.queryClient, firmSettingsQueryOptions())
    }
  },
  pendingComponent: RoutePending,
  component: Settings,
})

function Settings() {
  const user = useCurrentUser()
  if (!userCan(user).settings) return <AccessDenied message="Anda tidak memiliki akses ke halaman ini." />
  return <FirmSettingsPage />
}
