import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import {
  DOC_IMAGE_MAX_BYTES,
  DOC_MAX_IMAGES,
  DOC_MSG,
  DocDescriptionsSchema,
  type DocUploadResult,
  DocUploadSchema,
  type FileFailure,
} from '../../../src/contracts/documentation'
import { access, type ProjectRow } from '../../access'
import { docName, recordHistory } from '../../base/audit'
import { itemTakenAt } from '../../base/firm-clock'
import type { DB, UserRow } from '../../db/schema'
import { AppError, assertCleanInput, nowIso, validate } from '../../http'
import type { Tx } from '../../idempotency'
import { commitUpload, type PendingBlob, pendingBlob } from '../../uploads/commit'
import type { Upload } from '../../uploads/receive'
import { IMAGE_KINDS } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'
import { type InspectedImage, inspectImage, isFailure } from './doc-images'
import {
  checkWorkItem,
  metaAt,
  type PhotoMeta,
  photoPlace,
  privatePhoto,
  readSiteFields,
  type SiteFields,
} from './doc-site-fields'
import { docThumbnailJob } from './doc-thumbnail-job'
import { loadDocs } from './doc-view'

/* POST /api/doc/{slug}/upload: photos with one description (one item) or one each (an item per photo). */

type Plan = { mode: 'one'; description: string } | { mode: 'each'; descriptions: string[] }
type Failure = { status: number; name: string; message: string }

/** The multipart text fields, checked for control characters, with line breaks as LF. */
export function cleanFields(raw: Record<string, string[]>): Record<string, string[]> {
  assertCleanInput(raw)
  // Multipart bodies carry line breaks as CRLF (the HTML form encoding); stored text uses LF.
  return Object.fromEntries(
    Object.entries(raw).map(([k, values]) => [k, values.map((value) => value.replace(/\r\n?/g, '\n'))]),
  )
}

/** `description` (one item holding every photo) or `descriptions` (a JSON array: one item per photo). */
function readPlan(fields: Record<string, string[]>): Plan {
  const many = fields.descriptions?.[0]
  if (many !== undefined) {
    if (fields.description !== undefined)
      throw new AppError(422, DOC_MSG.descriptionBoth, { description: DOC_MSG.descriptionBoth })
    let parsed: unknown
    try {
      parsed = JSON.parse(many)
    } catch {
      throw new AppError(422, DOC_MSG.descriptionsInvalid, { descriptions: DOC_MSG.descriptionsInvalid })
    }
    const result = v.safeParse(DocDescriptionsSchema, parsed)
    if (!result.success) {
      const message = result.issues[0]?.message ?? DOC_MSG.descriptionsInvalid
      throw new AppError(422, message, { descriptions: message })
    }
    return { mode: 'each', descriptions: result.output }
  }
  return {
    mode: 'one',
    description: validate(DocUploadSchema, { description: fields.description?.[0] }).description,
  }
}

export function failureAnswer(failures: Failure[]): AppError {
  const first = failures[0]
  const message = failures.length === 1 ? first.message : DOC_MSG.allFailed
  return new AppError(
    first.status as 413 | 415 | 422,
    message,
    Object.fromEntries(failures.map((f) => [f.name || 'files', f.message])),
  )
}

/** `arrivedAt`: the server's clock when the request arrived (ms), for the device clock's skew. */
type Target = { user: UserRow; project: ProjectRow; arrivedAt: number }
/** A usable photo, ready to store: its header, its place in the request, its stored size and hash. */
export type PreparedPhoto = {
  image: InspectedImage
  index: number
  meta: PhotoMeta
  size: number
  sha256: string
}
type Input = { plan: Plan; site: SiteFields; prepared: PreparedPhoto[]; failures: Failure[] }

/**
 * Reads each file's header and makes the usable ones fit to be public (GPS removed, stored bytes hashed);
 * no database. A file that cannot be read is a failure of that file.
 */
export async function preparePhotos(
  up: Upload,
  site: SiteFields,
): Promise<{ prepared: PreparedPhoto[]; failures: Failure[] }> {
  const prepared: PreparedPhoto[] = []
  const failures: Failure[] = [...up.rejected]
  for (const [index, file] of up.files.entries()) {
    const result = await inspectImage(file)
    if (isFailure(result)) {
      failures.push({ status: 415, name: file.name, message: result.message })
      continue
    }
    const stored = await privatePhoto(file)
    // A photo whose GPS could not be removed for certain is never published (doc-site-fields.ts).
    if ('refused' in stored) failures.push({ status: 415, name: file.name, message: stored.refused })
    else prepared.push({ image: result, index, meta: metaAt(site, index), ...stored })
  }
  return { prepared, failures }
}

/** The fingerprint of a photo upload's fields and files (an Idempotency-Key's payload). */
export function photosFingerprint(fields: Record<string, string[]>, up: Upload) {
  const pick = (k: string) => fields[k]?.[0] ?? null
  return {
    work_item_id: pick('work_item_id'),
    location: pick('location'),
    progress: pick('progress'),
    meta: pick('meta'),
    files: up.files.map((f) => ({ name: f.name, sha256: f.sha256 })),
    rejected: up.rejected.map((r) => r.name),
  }
}

/**
 * The camera's EXIF capture time where present (it survives the phone's compression), else the moment
 * of capture the device recorded.
 */
const capturedAt = (photo: PreparedPhoto) => photo.image.takenAt ?? photo.meta.taken_at

/** The instant an item of these photos counts as taken at (docs.taken_at, server/firm-day.ts). */
export const takenAtOf = (photos: readonly PreparedPhoto[], createdAt: string, timeZone: string) =>
  itemTakenAt(photos.map(capturedAt), createdAt, timeZone)

/**
 * Inserts an item's photos of one version, each with its thumbnail job (in the upload's transaction);
 * `clockSkewS` is the sending device's clock against the server's (null: not sent).
 */
export async function insertPhotos(
  trx: Kysely<DB>,
  tx: Tx,
  docId: number,
  version: number,
  photos: { photo: PreparedPhoto; original: PendingBlob }[],
  clockSkewS: number | null = null,
): Promise<void> {
  const now = nowIso()
  const images = photos.map(({ photo, original }, position) => ({
    // The row's uuid is the blob's name, so /storage/{uuid}.{extension} (SPEC section 3) is the file.
    uuid: original.key.slice(0, original.key.indexOf('.')),
    doc_id: docId,
    name: photo.image.file.name,
    ext: photo.image.file.ext,
    blob_key: original.key,
    size_bytes: photo.size,
    width: photo.image.width,
    height: photo.image.height,
    position,
    thumb_key: null,
    thumb_width: null,
    thumb_height: null,
    thumb_state: 'pending' as const,
    taken_at: capturedAt(photo),
    received_at: now,
    sha256: photo.sha256,
    // Where it was taken, never where it was uploaded (doc-site-fields.ts photoPlace).
    ...photoPlace(photo.image.place, photo.meta),
    clock_skew_s: clockSkewS,
    version,
  }))
  if (images.length === 0) return
  await trx.insertInto('doc_images').values(images).execute()
  for (const i of images) await tx.enqueue(docThumbnailJob, { image: i.uuid })
}

/**
 * POST upload (an UploadService, uploads/upload-service.ts). The caller's access is checked before a byte
 * of the body is read; then the photos stream to staging (images only, by their bytes), each one's header
 * is read, and only then is the Idempotency-Key claimed: a repeat is answered from the stored answer, and
 * the rows, the stored answer and (with the blobs put just before) the files land together or not at all.
 *
 * A file that cannot be used (not an image, too large, undecodable) fails alone: the item is made from
 * the others and the answer lists it in `errors`; when no file is usable the whole call fails. The answer
 * comes as soon as the originals and rows are stored: each photo's thumbnail is a job queued with its row
 * (doc-thumbnail-job.ts) and run after the commit, and the item lists `thumb: null` until it is made. With
 * `descriptions` every file must be usable, since each description belongs to one file by position.
 */
export const docUpload: UploadService<{ slug: string }, Target, Input, DocUploadResult> = {
  async authorize(deps, user, { slug }) {
    const arrivedAt = Date.now()
    return { user, project: await access.project(deps, user, slug, 'doc.write'), arrivedAt }
  },

  options: (deps) => ({
    fileFields: ['files'],
    maxFiles: DOC_MAX_IMAGES,
    maxFileBytes: Math.min(DOC_IMAGE_MAX_BYTES, deps.config.maxUploadBytes),
    accept: IMAGE_KINDS,
    typeMessage: DOC_MSG.imagesOnly,
    // One bad photo is listed in the answer; the others still make the item.
    failure: 'file',
  }),

  async prepare(target, up) {
    const fields = cleanFields(up.fields)
    const plan = readPlan(fields)
    const sent = up.files.length + up.rejected.length
    if (sent === 0) throw new AppError(422, DOC_MSG.noImages, { files: DOC_MSG.noImages })
    const site = readSiteFields(fields, sent, target.arrivedAt)
    if (plan.mode === 'each') {
      if (plan.descriptions.length !== sent)
        throw new AppError(422, DOC_MSG.descriptionsCount, { descriptions: DOC_MSG.descriptionsCount })
      if (up.rejected.length > 0) throw failureAnswer(up.rejected)
    }

    // Only the headers are read here; thumbnails are made by jobs once the answer is out.
    const { prepared, failures } = await preparePhotos(up, site)
    if (prepared.length === 0) throw failureAnswer(failures)
    return {
      input: { plan, site, prepared, failures },
      fingerprint: {
        ...(plan.mode === 'one' ? { description: plan.description } : { descriptions: plan.descriptions }),
        ...photosFingerprint(fields, up),
      },
    }
  },

  async store(deps, tx, { user, project }, { plan, site, prepared, failures }) {
    await checkWorkItem(tx.trx, project.id, site.workItemId)
    const groups =
      plan.mode === 'one'
        ? [{ description: plan.description, photos: prepared }]
        : prepared.map((p) => ({ description: plan.descriptions[p.index], photos: [p] }))
    const planned = groups.map((g) => ({
      description: g.description,
      photos: g.photos.map((photo) => ({ photo, original: pendingBlob(photo.image.file, 'public') })),
    }))
    const blobs: PendingBlob[] = planned.flatMap((g) => g.photos.map((i) => i.original))

    const ids = await commitUpload(tx, deps, blobs, async (trx) => {
      const created: number[] = []
      const now = nowIso()
      for (const g of planned) {
        const uuid = randomUUID()
        const doc = await trx
          .insertInto('docs')
          .values({
            uuid,
            project_id: project.id,
            description: g.description,
            status: 'pending',
            creator_id: user.id,
            created_at: now,
            reviewed_by: null,
            reviewed_at: null,
            work_item_id: site.workItemId ?? null,
            location: site.location ?? null,
            progress: site.progress ?? null,
            version: 1,
            taken_at: takenAtOf(
              g.photos.map((p) => p.photo),
              now,
              deps.config.firmTimeZone,
            ),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await insertPhotos(trx, tx, doc.id, 1, g.photos, site.clockSkewS ?? null)
        await recordHistory(trx, user, {
          projectId: project.id,
          action: 'upload',
          object: { kind: 'doc', id: uuid, name: docName(g.description) },
          detail: { version: 1, photos: g.photos.length },
        })
        created.push(doc.id)
      }
      return created
    })
    for (const docId of ids)
      tx.publish({ type: 'doc_uploaded', actorId: user.id, projectId: project.id, docId })

    const errors: FileFailure[] = failures.map((f) => ({ name: f.name, message: f.message }))
    return { docs: await loadDocs(tx.trx, user.id, ids), errors }
  },

  answer: (data) => ({
    status: 201,
    message: data.errors.length > 0 ? DOC_MSG.partlyUploaded : DOC_MSG.uploaded,
    data,
  }),
}
