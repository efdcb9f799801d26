import * as docEndpoints from './documentation.endpoints'
import { pathTo } from './endpoint'

/*
 * The documentation writes a phone may make offline (upload, revision, comment, like) as stored data, and the one
 * function that turns such a record into its request: sent now or replayed by the outbox later, the
 * same bytes under the same Idempotency-Key.
 */

/** A photo ready to send: already compressed on the phone (the original is never sent). */
export type PhotoBlob = { name: string; blob: Blob }

/**
 * When and where one photo was captured, as the phone knew it (the `meta` part of an upload, one per file
 * in file order): `taken_at` the moment of capture (ISO-8601 UTC; the server prefers the photo's EXIF
 * DateTimeOriginal), and a place only where the photo was taken (issue 30): its own EXIF GPS read on the
 * phone before compression (`source: 'exif'`), or the device's position for a photo taken at that moment
 * in the app's camera (`source: 'camera'`); null otherwise. Writes queued before issue 30 have no
 * `source` (their place is the phone's at upload time; the server records it as such).
 */
export type PhotoMeta = {
  taken_at: string | null
  lat: number | null
  lng: number | null
  accuracy_m: number | null
  source?: 'exif' | 'camera'
}

/** What an upload may say about its item (all optional): its work item, the place on site, the progress stage. */
export type DocSiteFields = {
  work_item_id?: number | null
  location?: string | null
  progress?: number | null
}

/**
 * The writes a field worker may make offline, as stored data: everything needed to send the request
 * again. `key` is the Idempotency-Key (a uuid the client made once, reused for every attempt).
 */
export type DocWrite =
  | {
      kind: 'doc.upload'
      key: string
      slug: string
      description: string
      photos: PhotoBlob[]
      /** Per photo, in order (absent from writes made before issue 23: none is sent). */
      meta?: PhotoMeta[]
      site?: DocSiteFields
    }
  | {
      /** 'Unggah Revisi': new photos (and optionally a new description) for an item sent back for revision. */
      kind: 'doc.revise'
      key: string
      slug: string
      doc: string
      /** Empty: the item keeps its description. */
      description: string
      photos: PhotoBlob[]
      meta?: PhotoMeta[]
      site?: DocSiteFields
    }
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

/**
 * The device's clock when the request leaves (issue 34): written when the request is built, and again by
 * the outbox at each attempt of a queued one (src/lib/outbox-replay.ts DEVICE_TIME_PART, the same name).
 */
export const DEVICE_TIME_FIELD = 'device_time'

/**
 * The multipart body of an upload or a revision: `description` (left out when empty, a revision that
 * keeps its text), the optional `work_item_id`, `location`, `progress` and `meta` (a JSON array, one
 * object per file), `device_time`, then every photo as a repeated `files` part. A field without a value
 * is not sent.
 */
export function docUploadForm(
  description: string,
  photos: readonly PhotoBlob[],
  extra: { meta?: readonly PhotoMeta[]; site?: DocSiteFields } = {},
): FormData {
  const form = new FormData()
  form.append(DEVICE_TIME_FIELD, new Date().toISOString())
  if (description !== '') form.append('description', description)
  const site = extra.site ?? {}
  if (site.work_item_id != null) form.append('work_item_id', String(site.work_item_id))
  if (site.location) form.append('location', site.location)
  if (site.progress != null) form.append('progress', String(site.progress))
  if (extra.meta && extra.meta.length > 0) form.append('meta', JSON.stringify(extra.meta))
  for (const p of photos) form.append('files', p.blob, p.name)
  return form
}

/** POST /api/doc/:slug/revise/:uuid. */
export function docRevisePath(slug: string, doc: string): string {
  return pathTo(docEndpoints.revise, { slug, uuid: doc })
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
        body: docUploadForm(write.description, write.photos, write),
      }
    case 'doc.revise':
      return {
        method: 'POST',
        url: docRevisePath(write.slug, write.doc),
        headers,
        body: docUploadForm(write.description, write.photos, write),
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
