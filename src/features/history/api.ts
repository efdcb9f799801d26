import { pathTo } from '../../contracts/endpoint'
import type { HistoryEntry, HistoryEnvelope } from '../../contracts/history'
import * as historyEndpoints from '../../contracts/history.endpoints'
import { api } from '../../lib/api'

export type HistoryPage = { entries: HistoryEntry[]; next_cursor: string | null }

/** GET /api/project/{id}/history: one page, newest first; `next_cursor` asks for the next. */
export async function listProjectHistory(projectId: number, cursor: string | null): Promise<HistoryPage> {
  const path = pathTo(historyEndpoints.project, { id: projectId })
  const res = (await api.get<HistoryEntry[]>(path, {
    params: cursor ? { cursor } : undefined,
  })) as unknown as HistoryEnvelope
  return { entries: res.data ?? [], next_cursor: res.next_cursor ?? null }
}
