import * as endpoints from '../../../src/contracts/diary.endpoints'
import { sendStoredFile } from '../../downloads'
import type { Routes } from '../../route'
import { DiaryPdfMaking, diaryPdf, PRINT_RETRY_S } from './diary-print.service'

/**
 * GET /api/diary/{slug}/day/{day}/pdf (issue 34, decision 0091): the printed day, ranges through
 * sendStoredFile as the report download; while it is being made, 409 with Retry-After.
 */
export const diaryPrintRoutes: Routes = (deps, on) => {
  on(endpoints.pdf, async (c) => {
    try {
      const file = await diaryPdf(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('day'),
        c.req.query('revision'),
      )
      return await sendStoredFile(c, deps.store, file)
    } catch (err) {
      if (err instanceof DiaryPdfMaking) c.header('Retry-After', String(PRINT_RETRY_S))
      throw err
    }
  })
}
