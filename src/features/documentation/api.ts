import type { ApiEnvelope } from '../../contracts/common'
import { type DocWrite, docWriteRequest } from '../../contracts/doc-writes'
import type {
  Doc,
  DocComment,
  DocLikeResult,
  DocListEnvelope,
  DocReview,
  DocUploadResult,
} from '../../contracts/documentation'
import * as docEndpoints from '../../contracts/documentation.endpoints'
import { pathTo } from '../../contracts/endpoint'
import { api, dataOf, toApiError } from '../../lib/api'
import { sendRequest } from '../../lib/upload-request'

/*
 * Documentation calls. The three writes a phone may make offline (upload, comment, like) are described
 * as data first (`DocWrite` in src/contracts/doc-writes.ts: an Idempotency-Key made once, the description and
 * the compressed photo blobs, or the comment, or the like flag) and sent with `sendDocWrite`; the outbox
 * stores the same DocWrite and rebuilds the identical request with `docWriteRequest`, so a write sent now
 * and one replayed later are the same request under the same key.
 */

export type DocPage = { docs: Doc[]; nextCursor: string | null }

export async function listDocs(slug: string, cursor: string | null): Promise<DocPage> {
  const envelope = (await api.get<Doc[]>(pathTo(docEndpoints.list, { slug }), {
    params: cursor ? { cursor } : undefined,
  })) as DocListEnvelope
  return { docs: dataOf(envelope), nextCursor: envelope.next_cursor ?? null }
}

export async function listComments(slug: string, doc: string): Promise<DocComment[]> {
  return dataOf(await api.get<DocComment[]>(pathTo(docEndpoints.comments, { slug, postId: doc })))
}

export async function reviewDoc(slug: string, doc: string, status: DocReview) {
  return api.patch<Doc>(pathTo(docEndpoints.review, { slug, uuid: doc, status }))
}

export async function removeDoc(slug: string, doc: string) {
  return api.delete(pathTo(docEndpoints.remove, { slug, uuid: doc }))
}

type WriteResult<W extends DocWrite['kind']> = W extends 'doc.upload'
  ? DocUploadResult
  : W extends 'doc.comment'
    ? DocComment
    : DocLikeResult

/**
 * Sends a write now (the outbox rebuilds the identical request later). `onProgress` gets 0-100 as the
 * request body leaves. Errors are ApiErrors as from lib/api (status 0 when no answer came, the attempt
 * stalled, or `signal` aborted it).
 */
export async function sendDocWrite<W extends DocWrite>(
  write: W,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiEnvelope<WriteResult<W['kind']>>> {
  const req = docWriteRequest(write)
  const answer = await sendRequest(
    { method: req.method, path: req.url, body: req.body, headers: req.headers },
    {
      signal,
      networkMessage: 'Tidak ada koneksi ke server',
      onProgress:
        onProgress && ((sent, total) => onProgress(Math.min(100, Math.round((sent / total) * 100)))),
    },
  )
  if (answer.status >= 200 && answer.status < 300) return answer.body as ApiEnvelope<WriteResult<W['kind']>>
  throw toApiError({ status: answer.status, data: answer.body })
}
