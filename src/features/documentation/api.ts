import type { ApiEnvelope } from '../../contracts/common'
import { type DocWrite, docWriteRequest } from '../../contracts/doc-writes'
import type {
  Doc,
  DocComment,
  DocLikeResult,
  DocReview,
  DocUploadResult,
} from '../../contracts/documentation'
import * as docEndpoints from '../../contracts/documentation.endpoints'
import type { HistoryEntry } from '../../contracts/history'
import * as historyEndpoints from '../../contracts/history.endpoints'
import * as workItemEndpoints from '../../contracts/work-items.endpoints'
import { call, toApiError } from '../../lib/api'
import { sendRequest } from '../../lib/upload-request'
import { type DocFilters, filterParams, type SiteDoc } from './site'

/*
 * Documentation calls. The three writes a phone may make offline (upload, comment, like) are described
 * as data first (`DocWrite` in src/contracts/doc-writes.ts: an Idempotency-Key made once, the description and
 * the compressed photo blobs, or the comment, or the like flag) and sent with `sendDocWrite`; the outbox
 * stores the same DocWrite and rebuilds the identical request with `docWriteRequest`, so a write sent now
 * and one replayed later are the same request under the same key.
 */

export type DocPage = { docs: SiteDoc[]; nextCursor: string | null }

/** A page of the list, filtered by the tab's filters (date range, work item, uploader, status). */
export async function listDocs(
  slug: string,
  cursor: string | null,
  filters: DocFilters = {},
): Promise<DocPage> {
  const params = { ...filterParams(filters), ...(cursor ? { cursor } : {}) }
  const envelope = await call(docEndpoints.list, { slug }, undefined, { query: params })
  return { docs: envelope.data as SiteDoc[], nextCursor: envelope.next_cursor ?? null }
}

/** One item's versions and reviews with their reasons (Riwayat), oldest first. */
export async function docHistory(slug: string, doc: string): Promise<HistoryEntry[]> {
  const { data } = await call(historyEndpoints.doc, { slug, uuid: doc })
  return [...data].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id)
}

export async function createWorkItem(projectId: number, name: string) {
  return call(workItemEndpoints.create, { id: projectId }, { name })
}

export async function renameWorkItem(projectId: number, itemId: number, name: string) {
  return call(workItemEndpoints.update, { id: projectId, itemId }, { name })
}

export async function deleteWorkItem(projectId: number, itemId: number) {
  return call(workItemEndpoints.remove, { id: projectId, itemId })
}

export async function listComments(slug: string, doc: string): Promise<DocComment[]> {
  return (await call(docEndpoints.comments, { slug, postId: doc })).data
}

/** Approve, or send back for revision with its reason (`{ note }`). */
export async function reviewDoc(slug: string, doc: string, status: DocReview, note?: string) {
  return call(docEndpoints.review, { slug, uuid: doc, status }, note !== undefined ? { note } : undefined)
}

export async function removeDoc(slug: string, doc: string) {
  return call(docEndpoints.remove, { slug, uuid: doc })
}

type WriteResult<W extends DocWrite['kind']> = W extends 'doc.upload'
  ? DocUploadResult
  : W extends 'doc.revise'
    ? Doc
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
