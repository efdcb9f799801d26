import { createMiddleware } from 'hono/factory'
import { MSG } from '../../../src/contracts/common'
import type { AppEnv, Deps } from '../../deps'
import { AppError } from '../../http'
import { bearerToken, userForToken } from './sessions.service'

/** 401 unless the request carries a live token of an active user; the user lands in c.var.user. */
export const requireAuth = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const user = token ? await userForToken(deps.db, token) : undefined
    if (!user) throw new AppError(401, MSG.unauthenticated, undefined, { 'WWW-Authenticate': 'Bearer' })
    c.set('user', user)
    await next()
  })
