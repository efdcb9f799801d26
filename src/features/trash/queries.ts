import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TrashItem } from '../../contracts/trash'
import { docKeys, fileListKeys, historyKeys, PROJECT_COUNTS } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { listTrash, purgeTrashItem, restoreTrashItem } from './api'

export const trashKeys = {
  all: ['trash'] as const,
  project: (projectId: number) => [...trashKeys.all, projectId] as const,
}

/** The project's trash; always asked afresh (another admin may have emptied or restored meanwhile). */
export const trashQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: trashKeys.project(projectId), queryFn: () => listTrash(projectId), staleTime: 0 })

type Target = { projectId: number; item: TrashItem }

/** A restore puts the item back where it was: its area's lists, the counts and the history change. */
export function useRestoreTrashItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ projectId, item }: Target) => restoreTrashItem(projectId, item.kind, item.uuid),
    onSuccess: (_res, { projectId, item }) => {
      qc.setQueryData<TrashItem[]>(trashKeys.project(projectId), (old) =>
        old?.filter((t) => !(t.kind === item.kind && t.uuid === item.uuid)),
      )
      return refreshQueries(
        qc,
        trashKeys.project(projectId),
        item.kind === 'doc' ? docKeys.all : fileListKeys.all,
        PROJECT_COUNTS,
        historyKeys.all,
      )
    },
  })
}

export function usePurgeTrashItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ projectId, item }: Target) => purgeTrashItem(projectId, item.kind, item.uuid),
    onSuccess: (_res, { projectId, item }) => {
      qc.setQueryData<TrashItem[]>(trashKeys.project(projectId), (old) =>
        old?.filter((t) => !(t.kind === item.kind && t.uuid === item.uuid)),
      )
      return refreshQueries(qc, trashKeys.project(projectId), historyKeys.all)
    },
  })
}
