import { RESUMABLE_MSG } from '../../../src/contracts/resumable-uploads'
import * as endpoints from '../../../src/contracts/resumable-uploads.endpoints'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { inSpecEnvelope } from '../files/files.routes'
import { completeUpload, createUpload, receivePart, uploadState } from './resumable.service'
import { areaTarget, recapTarget } from './resumable-target'

/**
 * Resumable uploads of area and recap files (decision 0080). Every call first asks the target's own
 * upload rule (area.write, recap.manage) through its service's authorize, then finds the caller's own
 * upload: access is checked on create and on every part.
 */
export const resumableRoutes: Routes = (deps, on) => {
  const area = (c: { var: { user: Parameters<typeof areaTarget>[1] }; req: { param(k: string): string } }) =>
    areaTarget(deps, c.var.user, c.req.param('slug'), c.req.param('area'))
  const recap = (c: {
    var: { user: Parameters<typeof recapTarget>[1] }
    req: { param(k: string): string }
  }) => recapTarget(deps, c.var.user, c.req.param('slug'))

  on(endpoints.areaCreate, async (c, body) => createUpload(c, deps, await area(c), body))
  on(endpoints.areaState, async (c) =>
    ok(c, RESUMABLE_MSG.state, await uploadState(deps, await area(c), c.req.param('uploadId'))),
  )
  on(endpoints.areaPart, async (c) =>
    ok(
      c,
      RESUMABLE_MSG.partStored,
      await receivePart(c, deps, await area(c), c.req.param('uploadId'), c.req.query('offset')),
    ),
  )
  on(endpoints.areaComplete, async (c) => {
    const target = await area(c)
    return inSpecEnvelope(c, () => completeUpload(c, deps, target, c.req.param('uploadId')))
  })

  on(endpoints.recapCreate, async (c, body) => createUpload(c, deps, await recap(c), body))
  on(endpoints.recapState, async (c) =>
    ok(c, RESUMABLE_MSG.state, await uploadState(deps, await recap(c), c.req.param('uploadId'))),
  )
  on(endpoints.recapPart, async (c) =>
    ok(
      c,
      RESUMABLE_MSG.partStored,
      await receivePart(c, deps, await recap(c), c.req.param('uploadId'), c.req.query('offset')),
    ),
  )
  on(endpoints.recapComplete, async (c) => completeUpload(c, deps, await recap(c), c.req.param('uploadId')))
}
