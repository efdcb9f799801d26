import { PART_BYTES, RESUMABLE_THRESHOLD_BYTES } from '../contracts/resumable-uploads'
import { queueWrite } from './outbox-client'
import { OUTBOX_KINDS } from './outbox-kinds'
import type { OutboxItem } from './outbox-types'
import { newRequestId } from './upload-request'

/*
 * Area and recap files through the outbox (issue 32, decision 0080), shared by the files and recaps
 * features: a file over RESUMABLE_THRESHOLD_BYTES is queued as a resumable item (sent in parts, its
 * confirmed bytes kept on the item), smaller ones as the normal multipart upload. Either way the bytes
 * are in IndexedDB before the caller is told, and the item lands exactly once under its key.
 */

export const isBigFile = (file: File) => file.size > RESUMABLE_THRESHOLD_BYTES

/** What a queued file is for: where it goes and who sends it. */
export type FileTarget = {
  kind: 'file.upload' | 'recap.upload'
  slug: string
  /** Area uploads: 'perencanaan' | 'pengawasan'. */
  area?: string
  folder?: string | null
  /** Where the outbox panel says it goes ('Pengawasan · Denah'). */
  where: string
  owner: { id: number; name: string }
  /** The normal upload's URL and the multipart field its files go in. */
  uploadUrl: string
  field: 'files' | 'file'
  /** The resumable create URL (src/contracts/resumable-uploads.endpoints.ts). */
  resumableUrl: string
}

function baseItem(target: FileTarget, title: string, key: string) {
  const kind = OUTBOX_KINDS[target.kind]
  return {
    key,
    kind: target.kind,
    version: kind?.version,
    title,
    detail: target.where,
    owner: target.owner,
    scope: { slug: target.slug, ...(target.area ? { area: target.area } : {}) },
  }
}

/** A big file, queued to go in parts. */
export function queueBigFile(target: FileTarget, file: File): Promise<OutboxItem> {
  const json = JSON.stringify({
    name: file.name,
    size: file.size,
    ...(target.folder ? { folder_slug: target.folder } : {}),
  })
  return queueWrite({
    ...baseItem(target, file.name, newRequestId()),
    request: {
      method: 'POST',
      url: target.resumableUrl,
      headers: {},
      body: { resumable: { json, file, partBytes: PART_BYTES } },
    },
  })
}

/**
 * Small files as one normal upload, under `key` (the key of a direct attempt that failed for the
 * network: if that one did land, the server answers from its stored answer and nothing is stored twice).
 */
export function queueSmallFiles(
  target: FileTarget,
  files: readonly File[],
  key: string,
): Promise<OutboxItem> {
  const form = new FormData()
  if (target.folder) form.append('folder_slug', target.folder)
  for (const file of files) form.append(target.field, file, file.name)
  const title = files.length === 1 ? (files[0] as File).name : `${files.length} file`
  return queueWrite({
    ...baseItem(target, title, key),
    request: { method: 'POST', url: target.uploadUrl, headers: {}, body: form },
  })
}
