import { createFileRoute } from '@tanstack/react-router'
import { EmployeesPage } from '../../features/employees/components/employees-page'
import { employeeListQueryOptions } from '../../features/employees/queries'
import { useCurrentUser } from '../../lib/current-user'
import { AccessDenied } from '../../ui/page-message'

export const Route = createFileRoute('/_app/employees')({
  async loader({ context }) {
    if (context.user.role === 'admin') {
      // A failed load is not fatal here: the page shows its own error state with a retry.
      await context.queryClient.ensureQueryData(employeeListQueryOptions()).catch(() => undefined)
    }
  },
  component: Employees,
})

function Employees() {
  const user = useCurrentUser()
  if (user.role !== 'admin') return <AccessDenied message="Anda tidak memiliki akses ke halaman ini." />
  return <EmployeesPage />
}
