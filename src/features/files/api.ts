import type { ApiEnvelope } from '../../contracts/common'
import { pathTo } from '../../contracts/endpoint'
import {
  type ExploreResult,
  FILE_MSG,
  type FileArea,
  type FileEntry,
  type ReviewDecision,
  type UploadResponse,
} from '../../contracts/files'
import * as fileEndpoints from '../../contracts/files.endpoints'
import { ApiError, call, toApiError } from '../../lib/api'
import { downloadToDisk } from '../../lib/download'
import { newRequestId, sendForm } from '../../lib/upload-request'

/** Entries of one page; the browser asks for this many at a time. */
export const PAGE_SIZE = 200

/** One page of a folder (the area's root without `folder`). */
export async function exploreFolder(
  slug: string,
  area: FileArea,
  folder: string | null,
  cursor: string | null,
): Promise<ExploreResult> {
  const params: Record<string, string> = { limit: String(PAGE_SIZE) }
  if (folder) params.parent_slug = folder
  if (cursor) params.cursor = cursor
  return (await call(fileEndpoints.explore, { slug, area }, undefined, { query: params })).data
}

/** SPEC: multipart with name and optional parent_slug; an Idempotency-Key makes a retry land once. */
export async function createFolder(slug: string, area: FileArea, name: string, parent: string | null) {
  const form = new FormData()
  form.append('name', name)
  if (parent) form.append('parent_slug', parent)
  // The server takes the declared JSON body or, as SPEC sends it, the same fields as a form (server/modules/folders).
  return call(fileEndpoints.createFolder, { slug, area }, form as never, {
    headers: { 'Idempotency-Key': newRequestId() },
  })
}

export async function renameFolder(slug: string, area: FileArea, folder: string, name: string) {
  return call(
    fileEndpoints.renameFolder,
    { slug, area, folderUuid: folder },
    {
      name,
    },
  )
}

export async function removeFolder(slug: string, folder: string) {
  return call(fileEndpoints.removeFolder, { slug, folderUuid: folder })
}

/** Approve, or send back for revision with its reason (`{ note }`: the app always gives one). */
export async function reviewFile(slug: string, file: string, decision: ReviewDecision, note?: string) {
  return call(
    fileEndpoints.review,
    { slug, fileUuid: file, status: decision },
    note !== undefined ? { note } : undefined,
  )
}

export async function removeFile(slug: string, file: string) {
  return call(fileEndpoints.removeFile, { slug, fileUuid: file })
}

/** A refused upload: the server's message and, when it judged the files, one error per file. */
export class UploadRefused extends ApiError {
  readonly fileErrors: UploadResponse['errors']
  constructor(status: number, message: string, fileErrors: UploadResponse['errors']) {
    super(status, message)
    this.fileErrors = fileErrors
  }
}

/**
 * POST /api/file/{slug}/upload/{area}: `files` repeated and the optional folder_slug, sent in one
 * request with its byte progress (`onProgress(sent, total)`). The Idempotency-Key is made once per
 * upload by the caller, so a retry after a lost answer stores nothing twice.
 */
export async function uploadFiles(
  slug: string,
  area: FileArea,
  files: readonly File[],
  folder: string | null,
  opts: { key: string; onProgress?: (sent: number, total: number) => void; signal?: AbortSignal },
): Promise<UploadResponse> {
  const form = new FormData()
  // The folder first, so the server knows it before the bytes (and a reader of the raw body too).
  if (folder) form.append('folder_slug', folder)
  for (const file of files) form.append('files', file, file.name)
  const answer = await sendForm(pathTo(fileEndpoints.upload, { slug, area }), form, {
    headers: { 'Idempotency-Key': opts.key },
    onProgress: opts.onProgress,
    signal: opts.signal,
    networkMessage: FILE_MSG.uploadFailed,
  })
  const body = answer.body as Partial<UploadResponse> & ApiEnvelope
  if (answer.status >= 200 && answer.status < 300)
    return {
      success: true,
      message: body.message,
      results: body.results ?? [],
      errors: body.errors ?? [],
    }
  const error = toApiError({ status: answer.status, data: body }, FILE_MSG.uploadFailed)
  throw new UploadRefused(error.status, error.message, Array.isArray(body?.errors) ? body.errors : [])
}

/** Saves one file under its original name, with progress 0-100. */
export function downloadFile(
  slug: string,
  area: FileArea,
  file: Pick<FileEntry, 'uuid' | 'name'>,
  onProgress?: (percent: number) => void,
) {
  return downloadToDisk(
    pathTo(fileEndpoints.download, { slug, area, fileUuid: file.uuid }),
    file.name,
    FILE_MSG.downloadFailed,
    onProgress,
  )
}
