import { queryOptions } from '@tanstack/react-query'
import type { WorkItem } from '../contracts/work-items'
import * as workItemEndpoints from '../contracts/work-items.endpoints'
import { call } from './api'
import { workItemKeys } from './query-keys'

/*
 * A project's work items, read by three features (the documentation pickers and filters, the report
 * dialog, the project setup): one call and one query, so each reads what the others cached. Writes to
 * the list stay with the features that make them and refresh `workItemKeys.project(id)`.
 */

/** GET /api/project/{id}/work-items: in the order admins give them. */
export async function listWorkItems(projectId: number): Promise<WorkItem[]> {
  return (await call(workItemEndpoints.list, { id: projectId })).data
}

/** Kept a while: they change seldom, and every write refreshes them. */
export const workItemsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: workItemKeys.project(projectId),
    queryFn: () => listWorkItems(projectId),
    staleTime: 5 * 60 * 1000,
  })
