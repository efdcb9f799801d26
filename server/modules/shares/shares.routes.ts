import { SHARE_MSG } from '../../../src/contracts/shares'
import * as endpoints from '../../../src/contracts/shares.endpoints'
import { ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { sendShareWhatsApp } from './share-whatsapp'
import { createShare, listShares, revokeShare, samePin } from './shares.service'

/** /api/share/{slug} (issue 24): admins make, list, revoke and send links; the policy is asked in the service. */
export const shareRoutes: Routes = (deps, on) => {
  const origin = (url: string) => new URL(url).origin

  // A retried create (the client's Idempotency-Key) answers the first link again. The PIN stays out of
  // the stored fingerprint (a fast hash of 6 digits would give them away); a replay checks it against
  // the link's scrypt hash instead.
  on(endpoints.create, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(body, {
        fingerprint: ({ pin, ...rest }) => ({ ...rest, pin: pin !== undefined }),
        sameAsStored: (input, stored, db) => samePin(db, input.pin, stored),
      })
      const data = await createShare(deps, c.var.user, c.req.param('slug'), origin(c.req.url), read)
      return { status: 201, message: SHARE_MSG.created, data }
    }),
  )

  on(endpoints.list, async (c) =>
    ok(c, SHARE_MSG.listed, await listShares(deps, c.var.user, c.req.param('slug'), origin(c.req.url))),
  )

  on(endpoints.revoke, async (c) => {
    await revokeShare(deps, c.var.user, c.req.param('slug'), c.req.param('id'))
    return ok(c, SHARE_MSG.revoked)
  })

  // Once per Idempotency-Key: the queue row and the stored answer commit together (share-whatsapp.ts).
  on(endpoints.whatsapp, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const read = scope.read(body)
      const data = await sendShareWhatsApp(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('id'),
        origin(c.req.url),
        read,
      )
      return { status: 202, message: SHARE_MSG.whatsappQueued, data }
    }),
  )
}
