import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { adminListQueryOptions } from '../../features/admins/queries'
import { ProjectDashboard } from '../../features/projects/components/project-dashboard'
import { dashboardAnalysisQueryOptions, projectListQueryOptions } from '../../features/projects/queries'
import { userCan } from '../../lib/can'
import { useCurrentUser } from '../../lib/current-user'
import { CardSkeletons } from '../../ui/card-skeletons'

// The superadmin's screen: one account sees it, so everyone else's first screen does not carry it. The
// loader fetches it beside the admin list, not after this chunk has rendered.
const AdminManagement = lazy(() =>
  import('../../features/admins/components/admin-management').then((m) => ({ default: m.AdminManagement })),
)

export const Route = createFileRoute('/_app/')({
  /*
   * The lists start here but the page does not wait for them: the greeting, the stat cards and the card
   * skeletons paint as soon as the user is known, and the lists fill in (from the persisted cache at once
   * when there is one). A failed load is not fatal: the page shows its own error state with a retry.
   */
  loader({ context }) {
    const { queryClient, user } = context
    if (!userCan(user).projects) {
      void import('../../features/admins/components/admin-management')
      void queryClient.prefetchQuery(adminListQueryOptions())
      return
    }
    void queryClient.prefetchQuery(projectListQueryOptions())
    if (userCan(user).all_projects) void queryClient.prefetchQuery(dashboardAnalysisQueryOptions())
  },
  component: Dashboard,
})

function Dashboard() {
  const user = useCurrentUser()
  return !userCan(user).projects ? (
    <Suspense fallback={<CardSkeletons />}>
      <AdminManagement />
    </Suspense>
  ) : (
    <ProjectDashboard user={user} />
  )
}
