import type { QueryClient } from '@tanstack/react-query'
import type { Project } from '../../contracts/projects'
import type { OfflineSaveResult } from '../../lib/offline-save'
import { recapListQueryOptions } from './queries'

/** 'Simpan offline' for the Rekapitulasi tab: its list (the files themselves download on demand). */
export function saveRecapsOffline(project: Pick<Project, 'slug'>) {
  return async (queryClient: QueryClient): Promise<OfflineSaveResult> => {
    await queryClient.fetchQuery({ ...recapListQueryOptions(project.slug), staleTime: 0 })
    return { lists: 1, images: [] }
  }
}
