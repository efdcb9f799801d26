import { createFileRoute } from '@tanstack/react-router'
import { HistoryPage } from '../../features/history/components/history-page'
import { ProjectSubpage } from '../../features/projects/components/project-subpage'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { loadForScreen } from '../../lib/route-load'
import { IconClock } from '../../ui/icons'
import { RoutePending } from '../../ui/route-pending'

/** /project/{slug}/history: the project's Riwayat (admins). */
export const Route = createFileRoute('/_app/project/$slug_/history')({
  async loader({ context, params }) {
    await loadForScreen(context.queryClient, projectDetailQueryOptions(params.slug))
  },
  pendingComponent: RoutePending,
  component: HistoryRoute,
})

function HistoryRoute() {
  const { slug } = Route.useParams()
  return (
    <ProjectSubpage
      slug={slug}
      title="Riwayat"
      subtitle="Semua unggahan, review, komentar, penghapusan dan perubahan di project ini, terbaru dahulu."
      icon={<IconClock />}
      allowedBy="history"
    >
      {(project) => <HistoryPage project={project} />}
    </ProjectSubpage>
  )
}
