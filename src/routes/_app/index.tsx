import { createFileRoute } from '@tanstack/react-router'
import { AdminManagement } from '../../features/admins/components/admin-management'
import { adminListQueryOptions } from '../../features/admins/queries'
import { ProjectDashboard } from '../../features/projects/components/project-dashboard'
import { dashboardAnalysisQueryOptions, projectListQueryOptions } from '../../features/projects/queries'
import { useCurrentUser } from '../../lib/current-user'

export const Route = createFileRoute('/_app/')({
  async loader({ context }) {
    const { queryClient, user } = context
    // A failed load is not fatal here: the page shows its own error state with a retry.
    if (user.role === 'superadmin') {
      await queryClient.ensureQueryData(adminListQueryOptions()).catch(() => undefined)
      return
    }
    await Promise.all([
      queryClient.ensureQueryData(projectListQueryOptions()).catch(() => undefined),
      user.role === 'admin'
        ? queryClient.ensureQueryData(dashboardAnalysisQueryOptions()).catch(() => undefined)
        : undefined,
    ])
  },
  component: Dashboard,
})

function Dashboard() {
  const user = useCurrentUser()
  return user.role === 'superadmin' ? <AdminManagement /> : <ProjectDashboard user={user} />
}
