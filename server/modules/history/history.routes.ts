import { HISTORY_MSG, type HistoryEnvelope } from '../../../src/contracts/history'
import * as endpoints from '../../../src/contracts/history.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { docHistory, projectHistory } from './history.service'

/** Riwayat, read only (server/modules/history/history.service.ts). */
export const historyRoutes: Routes = (deps, on) => {
  // The envelope of the documentation list: the page in `data`, `next_cursor` beside it.
  on(endpoints.project, async (c) => {
    const page = await projectHistory(deps, c.var.user, c.req.param('id'), c.req.query('cursor'))
    const body: HistoryEnvelope = {
      success: true,
      message: HISTORY_MSG.listed,
      data: page.entries,
      next_cursor: page.nextCursor,
    }
    return c.json(body)
  })

  on(endpoints.doc, async (c) =>
    ok(c, HISTORY_MSG.listed, await docHistory(deps, c.var.user, c.req.param('slug'), c.req.param('uuid'))),
  )
}
