import { Readable } from 'node:stream'
import * as endpoints from '../../../src/contracts/public.endpoints'
import { AppError, ok } from '../../http'
import { publicBudget, publicHeaders } from '../../limits/public-budget'
import type { Routes } from '../../route'
import { TYPE_BY_EXT as KIND_TYPES } from '../../storage/kinds'
import { verifyBudgetKey, verifyReport, verifyThumb } from './verify.service'

const TYPE_BY_EXT: Record<string, string> = { ...KIND_TYPES, jpeg: 'image/jpeg' }

/**
 * /api/public/verify/{code} (issue 24): what a printed report's code says, and the thumbnails beside it
 * (issue 30); no account, counted against the public budget (429 JSON with Retry-After over it). The
 * page at /v/{code} is server/public-pages/.
 */
export const verifyRoutes: Routes = (deps, on) => {
  const verified = { before: [publicBudget(deps, verifyBudgetKey)] }

  on(
    endpoints.verifyPhoto,
    async (c) => {
      publicHeaders(c)
      const key = await verifyThumb(deps, c.req.param('code'), c.req.param('position'))
      const blob = await deps.store.get(key, 'public')
      if (!blob) throw new AppError(404, 'Foto tidak ditemukan')
      c.req.raw.signal?.addEventListener('abort', () => blob.stream.destroy(), { once: true })
      // Checked again on every request (a photo put in the trash stops at once); a few minutes in this
      // browser only.
      return c.body(Readable.toWeb(blob.stream) as ReadableStream, 200, {
        'Content-Type': TYPE_BY_EXT[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'image/webp',
        'Content-Length': String(blob.size),
        'Cache-Control': 'private, max-age=600',
        'X-Content-Type-Options': 'nosniff',
      })
    },
    verified,
  )

  on(
    endpoints.verifyData,
    async (c) => {
      publicHeaders(c)
      return ok(c, 'Verifikasi laporan', await verifyReport(deps, c.req.param('code')))
    },
    verified,
  )
}
