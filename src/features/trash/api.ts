import type { TrashKind } from '../../contracts/trash'
import * as trashEndpoints from '../../contracts/trash.endpoints'
import { call } from '../../lib/api'

/** GET /api/project/{id}/trash: what was deleted in the last 30 days, newest first. */
export async function listTrash(projectId: number) {
  return (await call(trashEndpoints.list, { id: projectId })).data
}

export async function restoreTrashItem(projectId: number, kind: TrashKind, uuid: string) {
  return call(trashEndpoints.restore, { id: projectId, kind, uuid })
}

export async function purgeTrashItem(projectId: number, kind: TrashKind, uuid: string) {
  return call(trashEndpoints.purge, { id: projectId, kind, uuid })
}
