import { infiniteQueryOptions } from '@tanstack/react-query'
import { historyKeys } from '../../lib/query-keys'
import { type HistoryPage, listProjectHistory } from './api'

export const projectHistoryQueryOptions = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.project(projectId),
    queryFn: ({ pageParam }) => listProjectHistory(projectId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryPage) => last.next_cursor,
    staleTime: 0,
  })
