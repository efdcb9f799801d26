import type { ApiEnvelope } from '../../contracts/common'
import {
  type Doc,
  type DocComment,
  type DocLikeResult,
  type DocListEnvelope,
  type DocReview,
  type DocUploadResult,
  type DocWrite,
  docPaths,
  docWriteRequest,
} from '../../contracts/docs'
import { API_BASE_URL, ApiError, api, dataOf, toApiError } from '../../lib/api'
import { getToken } from '../../lib/session-token'

/*
 * Documentation calls. The three writes a phone may make offline (upload, comment, like) are described
 * as data first (`DocWrite` in src/contracts/docs.ts: an Idempotency-Key made once, the description and
 * the compressed photo blobs, or the comment, or the like flag) and sent with `sendDocWrite`; the outbox
 * stores the same DocWrite and rebuilds the identical request with `docWriteRequest`, so a write sent now
 * and one replayed later are the same request under the same key.
 */

export type DocPage = { docs: Doc[]; nextCursor: string | null }

export async function listDocs(slug: string, cursor: string | null): Promise<DocPage> {
  const envelope = (await api.get<Doc[]>(docPaths.list(slug), {
    params: cursor ? { cursor } : undefined,
  })) as DocListEnvelope
  return { docs: dataOf(envelope), nextCursor: envelope.next_cursor ?? null }
}

export async function listComments(slug: string, doc: string): Promise<DocComment[]> {
  return dataOf(await api.get<DocComment[]>(docPaths.comments(slug, doc)))
}

export async function reviewDoc(slug: string, doc: string, status: DocReview) {
  return api.patch<Doc>(docPaths.status(slug, doc, status))
}

export async function removeDoc(slug: string, doc: string) {
  return api.delete(docPaths.remove(slug, doc))
}

/** A v4 uuid for an Idempotency-Key; crypto.randomUUID exists only in secure contexts (HTTPS, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

type WriteResult<W extends DocWrite['kind']> = W extends 'doc.upload'
  ? DocUploadResult
  : W extends 'doc.comment'
    ? DocComment
    : DocLikeResult

/**
 * Sends a stored write. XMLHttpRequest rather than fetch for the upload progress (fetch reports none on
 * upload); `onProgress` gets 0-100 as the request body leaves. Errors are ApiErrors as from lib/api
 * (status 0 when no answer came).
 */
export function sendDocWrite<W extends DocWrite>(
  write: W,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiEnvelope<WriteResult<W['kind']>>> {
  const req = docWriteRequest(write)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(req.method, `${API_BASE_URL}${req.url}`)
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value)
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.responseType = 'text'
    if (onProgress)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0)
          onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)))
      }
    const abort = () => xhr.abort()
    signal?.addEventListener('abort', abort, { once: true })
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort)
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = xhr.responseText
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ApiEnvelope<WriteResult<W['kind']>>)
      else reject(toApiError({ status: xhr.status, data: body }))
    }
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          signal?.removeEventListener('abort', abort)
          reject(new ApiError(0, 'Tidak ada koneksi ke server'))
        }
    xhr.send(req.body ?? null)
  })
}
