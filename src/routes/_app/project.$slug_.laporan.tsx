import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router'
import { REPORT_MSG } from '../../contracts/reports'
import { ProjectSubpage } from '../../features/projects/components/project-subpage'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { ReportsPage } from '../../features/reports/components/reports-page'
import { parseReportsHash } from '../../features/reports/search'
import { loadForScreen } from '../../lib/route-load'
import { IconFileCheck } from '../../ui/icons'
import { RoutePending } from '../../ui/route-pending'

/**
 * /project/{slug}/laporan: the project's reports and share links (admins). '#buat' opens 'Buat Laporan'
 * (a hash, read by the lazy component: the route adds no search parsing to the app's entry).
 */
export const Route = createFileRoute('/_app/project/$slug_/laporan')({
  async loader({ context, params }) {
    await loadForScreen(context.queryClient, projectDetailQueryOptions(params.slug))
  },
  pendingComponent: RoutePending,
  component: ReportsRoute,
})

function ReportsRoute() {
  const { slug } = Route.useParams()
  const request = parseReportsHash(useLocation({ select: (l) => l.hash }))
  const navigate = useNavigate()
  return (
    <ProjectSubpage
      slug={slug}
      title={REPORT_MSG.tab}
      subtitle={REPORT_MSG.subtitle}
      icon={<IconFileCheck />}
      allowedBy="reports"
    >
      {(project) => (
        <ReportsPage
          project={project}
          request={request}
          // The dialog a link asked for opens once: closing it drops the hash, so a reload does not reopen it.
          onRequestDone={() =>
            navigate({ to: '/project/$slug/laporan', params: { slug }, hash: '', replace: true })
          }
        />
      )}
    </ProjectSubpage>
  )
}
