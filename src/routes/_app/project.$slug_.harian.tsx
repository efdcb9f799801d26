import { createFileRoute } from '@tanstack/react-router'
import { DiaryListPage } from '../../features/diary/components/diary-list-page'
import { ProjectSubpage } from '../../features/projects/components/project-subpage'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { loadForScreen } from '../../lib/route-load'
import { IconHardHat } from '../../ui/icons'
import { RoutePending } from '../../ui/route-pending'

/** /project/{slug}/harian: the project's Laporan Harian, the last 14 days (every member reads). */
export const Route = createFileRoute('/_app/project/$slug_/harian')({
  async loader({ context, params }) {
    await loadForScreen(context.queryClient, projectDetailQueryOptions(params.slug))
  },
  pendingComponent: RoutePending,
  component: DiaryListRoute,
})

function DiaryListRoute() {
  const { slug } = Route.useParams()
  return (
    <ProjectSubpage
      slug={slug}
      title="Laporan Harian"
      subtitle="Buku harian lapangan: cuaca, tenaga kerja, peralatan, bahan, pekerjaan dan catatan."
      icon={<IconHardHat />}
    >
      {(project) => <DiaryListPage project={project} />}
    </ProjectSubpage>
  )
}
