import { AUTH_MSG } from '../../../src/contracts/auth'
import * as endpoints from '../../../src/contracts/auth.endpoints'
import { MSG } from '../../../src/contracts/common'
import { access } from '../../access'
import { clientIp } from '../../client-ip'
import { AppError, ok } from '../../http'
import { publicAddress, publicBudget } from '../../limits/public-budget'
import type { Routes } from '../../route'
import { toUser } from '../users/user-view'
import { DEVICE_HEADER, knownDevice, rememberDevice } from './login-devices'
import { redeemCode, requestCode } from './password-codes'
import { dummyHash, verifyPassword } from './passwords'
import { bearerToken, createSession, revokeToken } from './sessions.service'

export const authRoutes: Routes = (deps, on) => {
  const { db, config, loginThrottle } = deps
  on(endpoints.login, async (c, body) => {
    const input = await body()
    const shown = c.req.header(DEVICE_HEADER)
    const device = await knownDevice(db, input.email, shown)
    const attempt = await loginThrottle.begin(input.email, clientIp(c, config.trustProxy), device)
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', input.email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    // Always run one verification so a missing account costs the same time as a wrong password.
    const valid = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password)
    if (!user || !valid) throw new AppError(401, MSG.loginFailed)
    await attempt.succeeded()
    // Only after the right password (it says nothing to a guesser): a deactivated person stops guessing.
    if (user.is_active !== 1) throw new AppError(403, AUTH_MSG.deactivated)
    const token = await createSession(db, user.id, config.tokenTtlMs)
    const deviceToken = await rememberDevice(db, user.id, device, shown)
    return ok(c, 'Login berhasil', {
      ...toUser(user),
      can: access.userCan(user),
      token,
      device_token: deviceToken,
    })
  })

  // 'Lupa password?' (password-codes.ts). Anonymous, so counted like the other public routes (decision
  // 0075) per client address, before the body is read; the codes have their own hourly limits.
  const anonymous = { before: [publicBudget(deps, () => undefined)] }
  on(
    endpoints.forgot,
    async (c, body) => {
      const input = await body()
      await requestCode(deps, input.email, publicAddress(c, deps))
      return ok(c, AUTH_MSG.forgotSent)
    },
    anonymous,
  )
  on(
    endpoints.reset,
    async (c, body) => {
      await redeemCode(deps, await body())
      return ok(c, AUTH_MSG.resetDone)
    },
    anonymous,
  )

  on(
    endpoints.logout,
    async (c) => {
      const token = bearerToken(c.req.header('authorization'))
      if (token) await revokeToken(db, token)
      // Its notification stream, on whichever process, ends now rather than at its next ping.
      await deps.notificationFeed.sessionsEnded()
      return ok(c, 'Logout berhasil')
    },
    // A caller who used up the minute's writes can still log out.
    { counted: false },
  )
}
