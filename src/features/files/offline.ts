import type { QueryClient } from '@tanstack/react-query'
import { EXPLORE_PAGE_MAX, type ExploreResult, FILE_AREAS } from '../../contracts/files'
import type { Project } from '../../contracts/projects'
import type { OfflineSaveResult } from '../../lib/offline-save'
import { PAGE_SIZE } from './api'
import { folderQueryOptions } from './queries'

/** Folders read per area at most: a project's tree, not an archive of years. */
const MAX_FOLDERS_PER_AREA = 300
/** Pages read per folder at most (pages of PAGE_SIZE entries). */
const MAX_PAGES = Math.ceil(10_000 / Math.min(PAGE_SIZE, EXPLORE_PAGE_MAX))

/**
 * 'Simpan offline' for the perencanaan and pengawasan tabs: every folder of both areas (breadth first,
 * bounded) read through the browser's own query options into the persisted cache, so the whole tree
 * opens offline. File contents stay on the server: they are downloaded on demand.
 */
export function saveFileTreesOffline(project: Pick<Project, 'slug'>) {
  return async (queryClient: QueryClient): Promise<OfflineSaveResult> => {
    let lists = 0
    for (const area of FILE_AREAS) {
      const queue: (string | null)[] = [null]
      let visited = 0
      while (queue.length > 0 && visited < MAX_FOLDERS_PER_AREA) {
        const folder = queue.shift() ?? null
        visited += 1
        let data: { pages: ExploreResult[] }
        try {
          data = await queryClient.fetchInfiniteQuery({
            ...folderQueryOptions(project.slug, area, folder),
            pages: MAX_PAGES,
            staleTime: 0,
          })
        } catch (err) {
          // A folder deleted meanwhile (or a refused area) does not stop the rest.
          console.warn('Folder could not be saved for offline use', err)
          continue
        }
        lists += 1
        for (const page of data.pages) for (const f of page.folders) queue.push(f.uuid)
      }
    }
    return { lists, images: [] }
  }
}
