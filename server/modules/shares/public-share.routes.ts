import { Readable } from 'node:stream'
import * as endpoints from '../../../src/contracts/public.endpoints'
import { sendStoredFile } from '../../downloads'
import { AppError, ok } from '../../http'
import { publicBudget, publicHeaders } from '../../limits/public-budget'
import type { Routes } from '../../route'
import type { BlobStore, Visibility } from '../../storage/blob-store'
import { TYPE_BY_EXT as KIND_TYPES } from '../../storage/kinds'
import { openShare, shareBudgetKey, sharedPhoto, sharedReport, visitorOf } from './public-share'
import { pdfName } from './share-whatsapp'

const TYPE_BY_EXT: Record<string, string> = { ...KIND_TYPES, jpeg: 'image/jpeg' }

/** A blob under either visibility (photos are public blobs; a report's PDF may be private). */
async function findBlob(store: BlobStore, key: string): Promise<Visibility | undefined> {
  for (const v of ['private', 'public'] as const) if (await store.head(key, v)) return v
  return undefined
}

/**
 * /api/public/share (issue 24): a share link's calls, no account. The data call answers the page's
 * content (PIN in X-Share-Pin); the photo and PDF calls serve signed URLs that data handed out. The
 * link's page itself is server/public-pages/; a report's verification is the reports module's.
 */
export const publicShareRoutes: Routes = (deps, on) => {
  // Every call here is counted against the public budget (429 JSON with Retry-After over it).
  const shared = { before: [publicBudget(deps, shareBudgetKey)] }

  on(
    endpoints.shareData,
    async (c) => {
      publicHeaders(c)
      const pin = c.req.header('x-share-pin') || undefined
      const data = await openShare(deps, c.req.param('token'), visitorOf(c, deps), pin)
      return ok(c, 'Isi tautan bagikan', data)
    },
    shared,
  )

  on(
    endpoints.sharePhoto,
    async (c) => {
      publicHeaders(c)
      const { key, ext } = await sharedPhoto(
        deps,
        c.req.param('token'),
        c.req.param('imageId'),
        c.req.query(),
      )
      const blob = await deps.store.get(key, 'public')
      if (!blob) throw new AppError(404, 'Foto tidak ditemukan')
      c.req.raw.signal?.addEventListener('abort', () => blob.stream.destroy(), { once: true })
      // Private to this browser and short: a revoked link stops new requests at once; what this phone
      // already saw may be shown again for a few minutes.
      return c.body(Readable.toWeb(blob.stream) as ReadableStream, 200, {
        'Content-Type': TYPE_BY_EXT[ext.toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': String(blob.size),
        'Cache-Control': 'private, max-age=600',
        'X-Content-Type-Options': 'nosniff',
      })
    },
    shared,
  )

  on(
    endpoints.shareReport,
    async (c) => {
      publicHeaders(c)
      const report = await sharedReport(deps, c.req.param('token'), c.req.query())
      const visibility = await findBlob(deps.store, report.key)
      if (!visibility) throw new AppError(404, 'Laporan tidak ditemukan')
      return sendStoredFile(c, deps.store, {
        key: report.key,
        visibility,
        name: pdfName(report.title),
        mime: 'application/pdf',
        etag: report.key,
      })
    },
    shared,
  )
}
