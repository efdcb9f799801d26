import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { UPLOAD_MSG } from '../../src/contracts/uploads'
import { BLOB_KEY, type BlobStore, type ByteRange, RangeNotSatisfiable } from './blob-store'
import { TYPE_BY_EXT as KIND_TYPES } from './kinds'

const TYPE_BY_EXT: Record<string, string> = { ...KIND_TYPES, jpeg: 'image/jpeg' }

/**
 * GET /storage/{uuid}.{ext}: public blobs (doc images, avatars) by unguessable name, streamed from the
 * store, with ranges. Names never change meaning, so they cache forever; the type comes from the
 * extension the server chose (from the bytes, at upload) and nosniff stops a browser guessing another.
 * Private blobs are never reachable here, and neither is a blob `hidden` names (a photo of an item in
 * Sampah: 404, as if gone, until it is restored).
 */
export function publicBlobRoutes(
  store: BlobStore,
  hidden: (key: string) => Promise<boolean> = async () => false,
) {
  const app = new Hono()
  // Never cached: a photo restored from Sampah is served again at the same address.
  const notFound = () =>
    Response.json(
      { success: false, message: UPLOAD_MSG.fileNotFound },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    )

  app.get('/:key', async (c) => {
    const key = c.req.param('key')
    if (!BLOB_KEY.test(key) || (await hidden(key))) return notFound()
    const headers: Record<string, string> = {
      'Content-Type': TYPE_BY_EXT[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'public, max-age=31536000, immutable',
    }
    // Hono answers HEAD with the GET route; a HEAD needs the size, not the bytes.
    if (c.req.method === 'HEAD') {
      const head = await store.head(key, 'public')
      if (!head) return notFound()
      return c.body(null, 200, { ...headers, 'Content-Length': String(head.size), ...lastModified(head) })
    }
    const range = parseRange(c.req.header('range'))
    try {
      const blob = await store.get(key, 'public', range)
      if (!blob) return notFound()
      const status = range ? 206 : 200
      return c.body(Readable.toWeb(blob.stream) as ReadableStream, status, {
        ...headers,
        'Content-Length': String(blob.size),
        ...lastModified(blob),
        ...(range ? { 'Content-Range': `bytes ${blob.start}-${blob.end}/${blob.total}` } : {}),
      })
    } catch (err) {
      if (!(err instanceof RangeNotSatisfiable)) throw err
      return c.json({ success: false, message: UPLOAD_MSG.rangeNotSatisfiable }, 416, {
        'Content-Range': `bytes */${err.total}`,
        'X-Content-Type-Options': 'nosniff',
      })
    }
  })
  app.all('*', notFound)
  return app
}

const lastModified = (b: { lastModified: Date | undefined }): Record<string, string> =>
  b.lastModified ? { 'Last-Modified': b.lastModified.toUTCString() } : {}

/**
 * One `bytes=` range (`a-b`, `a-`, `-n`). Anything else (several ranges, other units, nonsense) is
 * ignored and the whole blob is sent, as RFC 9110 §14.2 allows.
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '')
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  if (m[1] === '') return { suffix: Number(m[2]) }
  const start = Number(m[1])
  if (m[2] === '') return { start }
  const end = Number(m[2])
  return end < start ? undefined : { start, end }
}
