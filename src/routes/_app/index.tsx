import { createFileRoute } from '@tanstack/react-router'
import { AdminManagement } from '../../features/admins/components/admin-management'
import { adminListQueryOptions } from '../../features/admins/queries'
import { ProjectDashboard } from '../../features/projects/components/project-dashboard'
import { useCurrentUser } from '../../lib/current-user'

export const Route = createFileRoute('/_app/')({
  async loader({ context }) {
    if (context.user.role === 'superadmin') {
      // A failed load is not fatal here: the page shows its own error state with a retry.
      await context.queryClient.ensureQueryData(adminListQueryOptions()).catch(() => undefined)
    }
  },
  component: Dashboard,
})

function Dashboard() {
  const user = useCurrentUser()
  return user.role === 'superadmin' ? <AdminManagement /> : <ProjectDashboard user={user} />
}
