import { createFileRoute } from '@tanstack/react-router'
import { ProjectDetailPage } from '../../features/projects/components/project-detail-page'

export const Route = createFileRoute('/_app/project/$slug')({
  component: ProjectRoute,
})

function ProjectRoute() {
  const { slug } = Route.useParams()
  return <ProjectDetailPage slug={slug} />
}
