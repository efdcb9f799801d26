import * as docEndpoints from './documentation.endpoints'
import { pathTo } from './endpoint'

/*
 * The documentation writes a phone may make offline (upload, comment, like) as stored data, and the one
 * function that turns such a record into its request: sent now or replayed by the outbox later, the
 * same bytes under the same Idempotency-Key.
 */

/** A photo ready to send: already compressed on the phone (the original is never sent). */
export type PhotoBlob = { name: string; blob: Blob }

/**
 * The writes a field worker may make offline, as stored data: everything needed to send the request
 * again. `key` is the Idempotency-Key (a uuid the client made once, reused for every attempt).
 */
export type DocWrite =
  | { kind: 'doc.upload'; key: string; slug: string; description: string; photos: PhotoBlob[] }
  | { kind: 'doc.comment'; key: string; slug: string; doc: string; comment: string }
  | { kind: 'doc.like'; key: string; slug: string; doc: string; liked: boolean }

export type WireRequest = {
  method: 'POST' | 'PATCH'
  /** Path on the API origin. */
  url: string
  /** Without Authorization, which the sender adds. */
  headers: Record<string, string>
  body?: FormData | string
}

/** The multipart body of an upload: `description`, then every photo as a repeated `files` part. */
export function docUploadForm(description: string, photos: readonly PhotoBlob[]): FormData {
  const form = new FormData()
  form.append('description', description)
  for (const p of photos) form.append('files', p.blob, p.name)
  return form
}

/** The HTTP request of a stored write; the same bytes on every attempt, so a repeat is recognised. */
export function docWriteRequest(write: DocWrite): WireRequest {
  const headers: Record<string, string> = { 'Idempotency-Key': write.key, Accept: 'application/json' }
  switch (write.kind) {
    case 'doc.upload':
      // No Content-Type: the runtime writes it with the multipart boundary.
      return {
        method: 'POST',
        url: pathTo(docEndpoints.upload, { slug: write.slug }),
        headers,
        body: docUploadForm(write.description, write.photos),
      }
    case 'doc.comment':
      return {
        method: 'POST',
        url: pathTo(docEndpoints.comment, { slug: write.slug, postId: write.doc }),
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ comment: write.comment }),
      }
    case 'doc.like':
      return {
        method: 'PATCH',
        url: pathTo(docEndpoints.like, { slug: write.slug, uuid: write.doc, flag: write.liked }),
        headers,
      }
  }
}
