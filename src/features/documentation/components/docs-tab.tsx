import { lazy, Suspense } from 'react'
import type { Project } from '../../../contracts/projects'
import type { DocFilters } from '../site'
import { DocSkeletons } from './doc-parts'

// The grid, Swiper and the upload dialog load only when the Dokumentasi tab opens (docs/performance.md);
// the photo compressor loads later still, with the first photo picked.
const DocsPanel = lazy(() => import('./docs-panel'))

/** The Dokumentasi tab of a project; its filters are the route's search params. */
export function DocsTab({
  project,
  filters,
  onFiltersChange,
}: {
  project: Project
  filters?: DocFilters
  onFiltersChange?: (next: DocFilters) => void
}) {
  return (
    <Suspense fallback={<DocSkeletons />}>
      <DocsPanel project={project} filters={filters} onFiltersChange={onFiltersChange} />
    </Suspense>
  )
}
