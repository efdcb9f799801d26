import type { Project } from '../../contracts/projects'
import type { OfflineSaveStep } from '../../lib/offline-save'
import { firmToday } from './diary-state'
import { diaryDayQueryOptions, diaryRecentQueryOptions } from './queries'

/**
 * 'Simpan offline' of a project: the diary's last 14 days (the list, each written day, and today even when
 * still empty), kept on the phone for 14 days, so a supervisor opens any of them with no signal.
 */
export function saveDiaryOffline(project: Project): OfflineSaveStep {
  return async (queryClient) => {
    const today = firmToday()
    const list = await queryClient.fetchQuery({
      ...diaryRecentQueryOptions(project.slug, today),
      staleTime: 0,
    })
    const days = new Set([today, ...list.map((d) => d.day)])
    await Promise.all(
      [...days].map((day) =>
        queryClient.fetchQuery({ ...diaryDayQueryOptions(project.slug, day), staleTime: 0 }),
      ),
    )
    return { lists: 1 + days.size, images: [] }
  }
}
