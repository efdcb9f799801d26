import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DocReview } from '../../contracts/documentation'
import * as docEndpoints from '../../contracts/documentation.endpoints'
import { call } from '../../lib/api'
import { docKeys, PROJECT_COUNTS } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { patchDoc } from './queries'
import type { SiteDoc } from './site'

/*
 * Review beyond one card (issue 30): an item read fresh for a notification's link, and several items
 * judged at once. Both write what they learn into every loaded list, so the card behind the viewer
 * and the grid show the same status as the server.
 */

/** GET item/{uuid}: the item as it is now (never the cached list's status). */
export async function fetchDoc(slug: string, uuid: string): Promise<SiteDoc> {
  return (await call(docEndpoints.item, { slug, uuid })).data as SiteDoc
}

/** Puts a fresh copy of an item into every loaded list that holds it. */
export function useStoreFreshDoc(slug: string) {
  const qc = useQueryClient()
  return (fresh: SiteDoc) => patchDoc(qc, slug, fresh.uuid, (d) => ({ ...d, ...fresh }))
}

export type BulkReviewVariables = { uuids: string[]; status: DocReview; note?: string }

/** PATCH status-bulk: the judged items replace their cards; filtered lists and counts are refetched. */
export function useReviewDocs(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ uuids, status, note }: BulkReviewVariables) =>
      call(
        docEndpoints.reviewBulk,
        { slug },
        {
          uuids,
          status,
          ...(note !== undefined ? { note } : {}),
        },
      ),
    onSuccess: (res) => {
      const judged = (res.data?.docs ?? []) as SiteDoc[]
      for (const doc of judged) patchDoc(qc, slug, doc.uuid, (d) => ({ ...d, ...doc }))
      return refreshQueries(
        qc,
        docKeys.list(slug),
        PROJECT_COUNTS,
        ...judged.map((d) => docKeys.history(slug, d.uuid)),
      )
    },
    // A uuid gone meanwhile (404) or a refusal: show the grid as it now is.
    onError: () => refreshQueries(qc, docKeys.list(slug)),
  })
}
