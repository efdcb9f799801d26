import { lazy, Suspense } from 'react'
import type { Project } from '../../../contracts/projects'
import { DocSkeletons } from './doc-parts'

// The grid, Swiper and the upload dialog load only when the Dokumentasi tab opens (DESIGN.md budget);
// the photo compressor loads later still, with the first photo picked.
const DocsPanel = lazy(() => import('./docs-panel'))

/** The Dokumentasi tab of a project. */
export function DocsTab({ project }: { project: Project }) {
  return (
    <Suspense fallback={<DocSkeletons />}>
      <DocsPanel project={project} />
    </Suspense>
  )
}
