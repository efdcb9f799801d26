import { pathTo } from '../../contracts/endpoint'
import type { TrashItem, TrashKind } from '../../contracts/trash'
import * as trashEndpoints from '../../contracts/trash.endpoints'
import { api, dataOf } from '../../lib/api'

/** GET /api/project/{id}/trash: what was deleted in the last 30 days, newest first. */
export async function listTrash(projectId: number): Promise<TrashItem[]> {
  return dataOf(await api.get<TrashItem[]>(pathTo(trashEndpoints.list, { id: projectId })))
}

export async function restoreTrashItem(projectId: number, kind: TrashKind, uuid: string) {
  return api.post<unknown>(pathTo(trashEndpoints.restore, { id: projectId, kind, uuid }))
}

export async function purgeTrashItem(projectId: number, kind: TrashKind, uuid: string) {
  return api.delete<unknown>(pathTo(trashEndpoints.purge, { id: projectId, kind, uuid }))
}
