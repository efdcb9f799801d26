import type { Context } from 'hono'
import { DIARY_MSG, type DiaryConflict } from '../../../src/contracts/diary'
import * as endpoints from '../../../src/contracts/diary.endpoints'
import { clientIp } from '../../client-ip'
import { ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import { publicBudget, publicHeaders } from '../../limits/public-budget'
import type { Routes } from '../../route'
import { DiaryClashError, getDiaryDay, listDiaryDays, saveDiaryDay } from './diary.service'
import { publicSignDiary, signBudgetKey } from './diary-public'
import { reviseDiaryDay, signDiaryDay, submitDiaryDay } from './diary-sign.service'

/**
 * /api/diary/{slug}/... (issue 34): Laporan Harian. Every write runs through idempotentCreate (a phone may
 * retry it; the Idempotency-Key replays the stored answer), the policy is asked in the services. A PUT
 * whose sections clash answers 409 with both copies (DiaryConflictSchema). The contractor's answer from
 * the link is /api/public/sign/{token}, counted against the public budget; its page is server/public-pages.
 */
export const diaryRoutes: Routes = (deps, on) => {
  const origin = (url: string) => new URL(url).origin
  const ip = (c: Context) => clientIp(c, deps.config.trustProxy)

  on(endpoints.days, async (c) =>
    ok(
      c,
      DIARY_MSG.listed,
      await listDiaryDays(deps, c.var.user, c.req.param('slug'), {
        from: c.req.query('from'),
        to: c.req.query('to'),
      }),
    ),
  )

  on(endpoints.day, async (c) =>
    ok(c, DIARY_MSG.loaded, await getDiaryDay(deps, c.var.user, c.req.param('slug'), c.req.param('day'))),
  )

  on(endpoints.save, async (c, body) => {
    try {
      return await idempotentCreate(c, deps, async (scope) => {
        const data = await saveDiaryDay(
          deps,
          c.var.user,
          c.req.param('slug'),
          c.req.param('day'),
          scope.read(body),
        )
        return { status: 200, message: DIARY_MSG.saved, data }
      })
    } catch (err) {
      if (!(err instanceof DiaryClashError)) throw err
      const answer: DiaryConflict = {
        success: false,
        message: err.message,
        clashes: err.clashes,
        day: err.day,
      }
      return c.json(answer, 409)
    }
  })

  on(endpoints.submit, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const data = await submitDiaryDay(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('day'),
        origin(c.req.url),
        scope.read(body),
      )
      return { status: 201, message: DIARY_MSG.submitted, data }
    }),
  )

  on(endpoints.sign, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const data = await signDiaryDay(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('day'),
        ip(c),
        scope.read(body),
      )
      return { status: 200, message: DIARY_MSG.signed, data }
    }),
  )

  on(endpoints.revise, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const data = await reviseDiaryDay(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('day'),
        scope.read(body),
      )
      return { status: 200, message: DIARY_MSG.revised, data }
    }),
  )

  on(
    endpoints.publicSign,
    async (c, body) => {
      publicHeaders(c)
      const input = await body()
      const data = await publicSignDiary(deps, c.req.param('token'), ip(c), input)
      return ok(c, data.status === 'returned' ? DIARY_MSG.returned : DIARY_MSG.signed, data)
    },
    { before: [publicBudget(deps, signBudgetKey)] },
  )
}
