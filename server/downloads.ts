import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { UPLOAD_MSG } from '../src/contracts/uploads'
import { AppError } from './http'
import { type BlobStore, RangeNotSatisfiable, type Visibility } from './storage/blob-store'
import { parseRange } from './storage/public-blobs'

/**
 * `Content-Disposition` for a stored file's original name (RFC 6266): a plain `filename` any client
 * understands (non-ASCII, quotes and backslashes replaced by '_') and `filename*` (RFC 5987, UTF-8,
 * percent-encoded) with the exact name, which every current browser prefers.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'file'
  // attr-char of RFC 5987 leaves out ' ( ) * that encodeURIComponent keeps.
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${fallback}"; filename*=UTF-8''${exact}`
}

export type StoredFile = {
  key: string
  visibility: Visibility
  /** The original name, sent back in Content-Disposition. */
  name: string
  /** Decided from the bytes at upload; application/octet-stream when nothing known. */
  mime: string
  /** A strong validator for If-Range: blobs never change under one key, so the key is one. */
  etag: string
}

/**
 * Streams a private blob as a download: Content-Length, ranges (206 with Content-Range, 416 when no
 * byte of the range exists, If-Range honoured), the original name, and nosniff so that a browser never
 * renders an uploaded HTML file as a page of ours. HEAD answers the headers alone.
 */
export async function sendStoredFile(c: Context, store: BlobStore, file: StoredFile): Promise<Response> {
  const etag = `"${file.etag}"`
  const headers: Record<string, string> = {
    'Content-Type': file.mime || 'application/octet-stream',
    'Content-Disposition': contentDisposition(file.name),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    ETag: etag,
  }
  if (c.req.method === 'HEAD') {
    const head = await store.head(file.key, file.visibility)
    if (!head) throw missingBlob()
    return c.body(null, 200, { ...headers, 'Content-Length': String(head.size) })
  }
  // A resumed download whose copy is of another version gets the whole file (RFC 9110 §13.1.5).
  const ifRange = c.req.header('if-range')
  const range = ifRange === undefined || ifRange === etag ? parseRange(c.req.header('range')) : undefined
  try {
    const blob = await store.get(file.key, file.visibility, range)
    if (!blob) throw missingBlob()
    // A client that goes away mid-download must not leave the file open.
    c.req.raw.signal?.addEventListener('abort', () => blob.stream.destroy(), { once: true })
    return c.body(Readable.toWeb(blob.stream) as ReadableStream, range ? 206 : 200, {
      ...headers,
      'Content-Length': String(blob.size),
      ...(blob.lastModified ? { 'Last-Modified': blob.lastModified.toUTCString() } : {}),
      ...(range ? { 'Content-Range': `bytes ${blob.start}-${blob.end}/${blob.total}` } : {}),
    })
  } catch (err) {
    if (!(err instanceof RangeNotSatisfiable)) throw err
    return c.json({ success: false, message: UPLOAD_MSG.rangeNotSatisfiable }, 416, {
      'Content-Range': `bytes */${err.total}`,
    })
  }
}

/** A row whose blob is gone (removed by hand, a lost disk): the file is not there to give. */
const missingBlob = () => new AppError(404, UPLOAD_MSG.fileNotFound)
