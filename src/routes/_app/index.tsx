import { createFileRoute } from '@tanstack/react-router'
import { AdminManagement } from '../../features/admins/components/admin-management'
import { adminListQueryOptions } from '../../features/admins/queries'
import { ProjectDashboard } from '../../features/projects/components/project-dashboard'
import { dashboardAnalysisQueryOptions, projectListQueryOptions } from '../../features/projects/queries'
import { useCurrentUser } from '../../lib/current-user'

export const Route = createFileRoute('/_app/')({
  /*
   * The lists start here but the page does not wait for them: the greeting, the stat cards and the card
   * skeletons paint as soon as the user is known, and the lists fill in (from the persisted cache at once
   * when there is one). A failed load is not fatal: the page shows its own error state with a retry.
   */
  loader({ context }) {
    const { queryClient, user } = context
    if (user.role === 'superadmin') {
      void queryClient.prefetchQuery(adminListQueryOptions())
      return
    }
    void queryClient.prefetchQuery(projectListQueryOptions())
    if (user.role === 'admin') void queryClient.prefetchQuery(dashboardAnalysisQueryOptions())
  },
  component: Dashboard,
})

function Dashboard() {
  const user = useCurrentUser()
  return user.role === 'superadmin' ? <AdminManagement /> : <ProjectDashboard user={user} />
}
