import { CONTRACT_MSG } from '../../../src/contracts/contract'
import * as endpoints from '../../../src/contracts/contract.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { readContract, saveContract } from './contract.service'

/** /api/project/{id}/contract (issue 34): who may do what is decided in the service (server/access.ts). */
export const contractRoutes: Routes = (deps, on) => {
  on(endpoints.get, async (c) =>
    ok(c, CONTRACT_MSG.loaded, await readContract(deps, c.var.user, c.req.param('id'))),
  )

  on(endpoints.put, async (c, body) =>
    ok(c, CONTRACT_MSG.saved, await saveContract(deps, c.var.user, c.req.param('id'), body)),
  )
}
