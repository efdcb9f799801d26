import { createFileRoute } from '@tanstack/react-router'
import { ProjectSubpage } from '../../features/projects/components/project-subpage'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { TrashPage } from '../../features/trash/components/trash-page'
import { IconTrash } from '../../ui/icons'

/** /project/{slug}/trash: the project's Sampah (admins). */
export const Route = createFileRoute('/_app/project/$slug_/trash')({
  async loader({ context, params }) {
    await context.queryClient.ensureQueryData(projectDetailQueryOptions(params.slug)).catch(() => undefined)
  },
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
    >
      {(project) => <TrashPage project={project} />}
    </ProjectSubpage>
  )
}
