import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { RecapFile } from '../../contracts/recaps'
import { PROJECT_COUNTS, recapKeys } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { listRecaps, removeRecap, uploadRecap } from './api'

/** The tab's list; persisted with the rest of the query cache, so it reads offline once seen. */
export const recapListQueryOptions = (slug: string) =>
  queryOptions({ queryKey: recapKeys.list(slug), queryFn: () => listRecaps(slug) })

/** Upload of one chosen file: the answer's entry goes to the top of the list at once. */
export function useUploadRecap(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) => uploadRecap(slug, file, key),
    onSuccess: (recap) => {
      qc.setQueryData<RecapFile[]>(recapKeys.list(slug), (list) => [
        recap,
        ...(list ?? []).filter((r) => r.id !== recap.id),
      ])
      return refreshQueries(qc, recapKeys.list(slug), PROJECT_COUNTS)
    },
  })
}

/** SPEC: on success the file disappears from the list. */
export function useRemoveRecap(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (recap: RecapFile) => removeRecap(slug, recap.id),
    onSuccess: (_res, recap) => {
      qc.setQueryData<RecapFile[]>(recapKeys.list(slug), (list) => list?.filter((r) => r.id !== recap.id))
      return refreshQueries(qc, PROJECT_COUNTS)
    },
  })
}
