import type { HistoryEntry } from '../../contracts/history'
import * as historyEndpoints from '../../contracts/history.endpoints'
import { call } from '../../lib/api'

export type HistoryPage = { entries: HistoryEntry[]; next_cursor: string | null }

/** GET /api/project/{id}/history: one page, newest first; `next_cursor` asks for the next. */
export async function listProjectHistory(projectId: number, cursor: string | null): Promise<HistoryPage> {
  const res = await call(historyEndpoints.project, { id: projectId }, undefined, {
    query: { cursor: cursor ?? undefined },
  })
  return { entries: res.data ?? [], next_cursor: res.next_cursor ?? null }
}
