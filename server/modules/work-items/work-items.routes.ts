import { WORK_ITEM_MSG } from '../../../src/contracts/work-items'
import * as endpoints from '../../../src/contracts/work-items.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import {
  createWorkItem,
  listWorkItems,
  orderWorkItems,
  removeWorkItem,
  renameWorkItem,
} from './work-items.service'

/** /api/project/{id}/work-items (issue 23): who may do what is decided in the service (server/access.ts). */
export const workItemRoutes: Routes = (deps, on) => {
  on(endpoints.list, async (c) =>
    ok(c, WORK_ITEM_MSG.listed, await listWorkItems(deps, c.var.user, c.req.param('id'))),
  )

  on(endpoints.create, async (c, body) => {
    const item = await createWorkItem(deps, c.var.user, c.req.param('id'), body)
    return ok(c, WORK_ITEM_MSG.created, item, 201)
  })

  // Before the item's own path, which would otherwise take 'order' for an item id.
  on(endpoints.order, async (c, body) => {
    const items = await orderWorkItems(deps, c.var.user, c.req.param('id'), body)
    return ok(c, WORK_ITEM_MSG.ordered, items)
  })

  on(endpoints.update, async (c, body) => {
    const item = await renameWorkItem(deps, c.var.user, c.req.param('id'), c.req.param('itemId'), body)
    return ok(c, WORK_ITEM_MSG.updated, item)
  })

  on(endpoints.remove, async (c) => {
    await removeWorkItem(deps, c.var.user, c.req.param('id'), c.req.param('itemId'))
    return ok(c, WORK_ITEM_MSG.deleted)
  })
}
