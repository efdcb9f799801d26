import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router'
import { lazy, type ReactNode } from 'react'
import { button } from 'styled-system/recipes'
import { AREAS, type Area, type Project } from '../../contracts/projects'
import { saveDiaryOffline } from '../../features/diary/offline'
import { docCommentsQueryOptions, docListQueryOptions } from '../../features/documentation/queries'
import { type DocFilters, parseDocFilters } from '../../features/documentation/site'
import { saveFileTreesOffline } from '../../features/files/offline'
import { SaveOfflineButton } from '../../features/outbox/components/save-offline-button'
import { ProjectDetailPage } from '../../features/projects/components/project-detail-page'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { saveRecapsOffline } from '../../features/recaps/offline'
import type { OfflineSaveStep } from '../../lib/offline-save'
import { loadForScreen } from '../../lib/route-load'
import { IconHardHat } from '../../ui/icons'
import { RoutePending } from '../../ui/route-pending'

// Each area is its own chunk: the Dokumentasi tab does not wait for the file browser's code, nor the
// reverse (the page shows a spinner in the tab while its chunk arrives; the service worker precaches all).
const FileBrowser = lazy(() =>
  import('../../features/files/components/file-browser').then((m) => ({ default: m.FileBrowser })),
)
const DocsTab = lazy(() =>
  import('../../features/documentation/components/docs-tab').then((m) => ({ default: m.DocsTab })),
)
const RecapTab = lazy(() =>
  import('../../features/recaps/components/recap-tab').then((m) => ({ default: m.RecapTab })),
)

/**
 * The body of each area tab. The file browser, documentation and recap features replace their entry
 * here (features do not import each other, so the route composes them).
 */
type AreaContext = { filters: DocFilters; onFiltersChange: (next: DocFilters) => void }

const AREA_PANELS: Record<Area, (project: Project, context: AreaContext) => ReactNode> = {
  perencanaan: (project) => <FileBrowser area="perencanaan" project={project} />,
  pengawasan: (project) => <FileBrowser area="pengawasan" project={project} />,
  dokumentasi: (project, { filters, onFiltersChange }) => (
    <DocsTab project={project} filters={filters} onFiltersChange={onFiltersChange} />
  ),
  rekap: (project) => <RecapTab project={project} />,
}

/**
 * What 'Simpan offline' fetches for a project: every area feature adds the lists (and photos) its tab
 * shows, read through the same query options, so the tabs open offline from the persisted cache.
 */
function offlineSteps(project: Project): OfflineSaveStep[] {
  return [
    async (queryClient) => {
      await queryClient.fetchQuery({ ...projectDetailQueryOptions(project.slug), staleTime: 0 })
      return { lists: 1, images: [] }
    },
    // Dokumentasi: the first pages of the grid, their thumbnails, and the comments of items that have any.
    async (queryClient) => {
      const data = await queryClient.fetchInfiniteQuery({
        ...docListQueryOptions(project.slug),
        pages: OFFLINE_DOC_PAGES,
        staleTime: 0,
      })
      const docs = data.pages.flatMap((p) => p.docs)
      const withComments = docs.filter((d) => d.comments > 0)
      await Promise.all(
        withComments.map((d) =>
          queryClient.fetchQuery({ ...docCommentsQueryOptions(project.slug, d.uuid), staleTime: 0 }),
        ),
      )
      return {
        lists: data.pages.length + withComments.length,
        images: docs.flatMap((d) => d.images.flatMap((i) => (i.thumb ? [i.thumb] : []))),
      }
    },
    saveFileTreesOffline(project),
    saveRecapsOffline(project),
    saveDiaryOffline(project),
  ]
}

/** Pages of the documentation grid kept for offline reading (18 items each). */
const OFFLINE_DOC_PAGES = 3

function areaFromHash(hash: string): Area {
  // '#pengawasan/{folder}': the file browser keeps the open folder after the tab's name.
  const value = decodeURIComponent(hash.replace(/^#/, '')).split('/')[0]?.toLowerCase() ?? ''
  return (AREAS as readonly string[]).includes(value) ? (value as Area) : 'perencanaan'
}

export const Route = createFileRoute('/_app/project/$slug')({
  // The Dokumentasi tab's filters (from, to, work_item, uploader, status): a link reopens them.
  validateSearch: (search: Record<string, unknown>): DocFilters => parseDocFilters(search),
  async loader({ context, params }) {
    // A missing or refused project is not fatal: the page logs it and shows 'Project tidak ditemukan'.
    await loadForScreen(context.queryClient, projectDetailQueryOptions(params.slug))
  },
  pendingComponent: RoutePending,
  component: ProjectRoute,
})

function ProjectRoute() {
  const { slug } = Route.useParams()
  // The active tab lives in the URL hash (default perencanaan), so /project/x#rekap opens rekap.
  const area = areaFromHash(useLocation({ select: (l) => l.hash }))
  const filters = Route.useSearch()
  const navigate = useNavigate()
  const context: AreaContext = {
    filters,
    // A filter change replaces the entry (Back does not step through every pick); the link keeps them.
    onFiltersChange: (next) =>
      navigate({
        to: '/project/$slug',
        params: { slug },
        search: next,
        hash: (h) => h ?? '',
        replace: true,
        hashScrollIntoView: false,
      }),
  }
  return (
    <ProjectDetailPage
      slug={slug}
      area={area}
      onAreaChange={(next) =>
        navigate({
          to: '/project/$slug',
          params: { slug },
          search: (s) => s,
          hash: next,
          // Pushed: Back returns to the tab (and the folder) shown before (issue 23).
          hashScrollIntoView: false,
        })
      }
      renderArea={(a, project) => AREA_PANELS[a](project, context)}
      renderActions={(project) => (
        <>
          {/* Laporan Harian (issue 34): every member reads, pengawasan and admins write. */}
          <Link
            to="/project/$slug/harian"
            params={{ slug: project.slug }}
            className={button({ variant: 'secondary' })}
            data-testid="diary-link"
          >
            <IconHardHat /> Laporan Harian
          </Link>
          <SaveOfflineButton scope={project.slug} steps={offlineSteps(project)} />
        </>
      )}
    />
  )
}
