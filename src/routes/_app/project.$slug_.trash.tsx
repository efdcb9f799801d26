import { createFileRoute } from '@tanstack/react-router'
import { ProjectSubpage } from '../../features/projects/components/project-subpage'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { TrashPage } from '../../features/trash/components/trash-page'
import { loadForScreen } from '../../lib/route-load'
import { IconTrash } from '../../ui/icons'
import { RoutePending } from '../../ui/route-pending'

/** /project/{slug}/trash: the project's Sampah (admins). */
export const Route = createFileRoute('/_app/project/$slug_/trash')({
  async loader({ context, params }) {
    await loadForScreen(context.queryClient, projectDetailQueryOptions(params.slug))
  },
  pendingComponent: RoutePending,
  component: TrashRoute,
})

function TrashRoute() {
  const { slug } = Route.useParams()
  return (
    <ProjectSubpage
      slug={slug}
      title="Sampah"
      subtitle="File, folder dan dokumentasi yang dihapus, disimpan 30 hari sebelum dihapus permanen."
      icon={<IconTrash />}
      allowedBy="trash"
    >
      {(project) => <TrashPage project={project} />}
    </ProjectSubpage>
  )
}
