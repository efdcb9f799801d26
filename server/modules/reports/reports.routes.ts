import { REPORT_MSG, ReportCountQuerySchema } from '../../../src/contracts/reports'
import * as endpoints from '../../../src/contracts/reports.endpoints'
import { sendStoredFile } from '../../downloads'
import { ok, validate } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { countReport } from './report-count'
import { createReport } from './report-create'
import { listReports, removeReport, reportDownload, reportToRecap } from './reports.service'

/**
 * /api/report/{slug} (issue 24, Laporan Dokumentasi). Handlers parse, call the service and answer; who
 * may do what is decided in the services (server/access.ts).
 */
export const reportRoutes: Routes = (deps, on) => {
  // 202: the report row, its photos and its job commit with the stored Idempotency-Key answer.
  on(endpoints.create, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const report = await createReport(deps, c.var.user, c.req.param('slug'), scope.read(body))
      return { status: 202, message: REPORT_MSG.created, data: report }
    }),
  )

  on(endpoints.count, async (c) =>
    ok(
      c,
      REPORT_MSG.counted,
      await countReport(deps, c.var.user, c.req.param('slug'), () =>
        validate(ReportCountQuerySchema, c.req.query()),
      ),
    ),
  )

  on(endpoints.list, async (c) =>
    ok(c, REPORT_MSG.listed, await listReports(deps, c.var.user, c.req.param('slug'))),
  )

  // GET and HEAD; ranges through sendStoredFile, as Rekap downloads.
  on(endpoints.download, async (c) => {
    const file = await reportDownload(deps, c.var.user, c.req.param('slug'), c.req.param('id'))
    return sendStoredFile(c, deps.store, file)
  })

  on(endpoints.toRecap, (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const report = await reportToRecap(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('id'),
        scope.claim,
      )
      return { status: 200, message: REPORT_MSG.savedToRecap, data: report }
    }),
  )

  on(endpoints.remove, async (c) => {
    await removeReport(deps, c.var.user, c.req.param('slug'), c.req.param('id'))
    return ok(c, REPORT_MSG.deleted)
  })
}
