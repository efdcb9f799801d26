import { createMiddleware } from 'hono/factory'
import { MSG } from '../../../src/contracts/common'
import type { AppEnv, Deps } from '../../deps'
import { AppError } from '../../http'
import { bearerToken, userAndWriteEpochForToken, userForToken } from './sessions.service'

/**
 * 401 unless the request carries a live token of an active user; the user lands in c.var.user. On
 * PostgreSQL a read (GET, HEAD) also reads the write epoch in the session's statement (c.var.writeEpoch),
 * which the read cache then uses instead of asking again (one round trip less per cached read). Writes
 * do not: what they read through the cache must see the epoch after their own work.
 */
export const requireAuth = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const readAlong =
      deps.dialect === 'postgres' &&
      deps.readCache.enabled &&
      (c.req.method === 'GET' || c.req.method === 'HEAD')
    let user: AppEnv['Variables']['user'] | undefined
    if (token && readAlong) {
      const found = await userAndWriteEpochForToken(deps.db, token)
      if (found) c.set('writeEpoch', found.writeEpoch)
      user = found?.user
    } else if (token) {
      user = await userForToken(deps.db, token)
    }
    if (!user) throw new AppError(401, MSG.unauthenticated, undefined, { 'WWW-Authenticate': 'Bearer' })
    c.set('user', user)
    await next()
  })
