import { createFileRoute } from '@tanstack/react-router'
import { EmployeesPage } from '../../features/employees/components/employees-page'
import { employeeListQueryOptions } from '../../features/employees/queries'
import { userCan } from '../../lib/can'
import { useCurrentUser } from '../../lib/current-user'
import { loadForScreen } from '../../lib/route-load'
import { AccessDenied } from '../../ui/access-denied'
import { RoutePending } from '../../ui/route-pending'

export const Route = createFileRoute('/_app/employees')({
  async loader({ context }) {
    if (userCan(context.user).manage_employees) {
      // A failed load is not fatal here: the page shows its own error state with a retry.
      await loadForScreen(context.queryClient, employeeListQueryOptions())
    }
  },
  pendingComponent: RoutePending,
  component: Employees,
})

function Employees() {
  const user = useCurrentUser()
  if (!userCan(user).manage_employees)
    return <AccessDenied message="Anda tidak memiliki akses ke halaman ini." />
  return <EmployeesPage />
}
