import { randomUUID } from 'node:crypto'
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
import type { UserRow } from '../../db/schema'
import { AppError, assertCleanInput, nowIso, validate } from '../../http'
import { commitUpload, type PendingBlob, pendingBlob } from '../../uploads/commit'
import { IMAGE_KINDS } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'
import { type InspectedImage, inspectImage, isFailure } from './doc-images'
import { docThumbnailJob } from './doc-thumbnail-job'
import { loadDocs } from './doc-view'

/* POST /api/doc/{slug}/upload: photos with one description (one item) or one each (an item per photo). */

type Plan = { mode: 'one'; description: string } | { mode: 'each'; descriptions: string[] }
type Failure = { status: number; name: string; message: string }

/** `description` (one item holding every photo) or `descriptions` (a JSON array: one item per photo). */
function readPlan(raw: Record<string, string[]>): Plan {
  assertCleanInput(raw)
  // Multipart bodies carry line breaks as CRLF (the HTML form encoding); stored text uses LF.
  const fields = Object.fromEntries(
    Object.entries(raw).map(([k, values]) => [k, values.map((value) => value.replace(/\r\n?/g, '\n'))]),
  )
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

function failureAnswer(failures: Failure[]): AppError {
  const first = failures[0]
  const message = failures.length === 1 ? first.message : DOC_MSG.allFailed
  return new AppError(
    first.status as 413 | 415 | 422,
    message,
    Object.fromEntries(failures.map((f) => [f.name || 'files', f.message])),
  )
}

type Target = { user: UserRow; project: ProjectRow }
type Input = { plan: Plan; prepared: { image: InspectedImage; index: number }[]; failures: Failure[] }

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
    return { user, project: await access.project(deps, user, slug, 'doc.write') }
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

  async prepare(_target, up) {
    const plan = readPlan(up.fields)
    const sent = up.files.length + up.rejected.length
    if (sent === 0) throw new AppError(422, DOC_MSG.noImages, { files: DOC_MSG.noImages })
    if (plan.mode === 'each') {
      if (plan.descriptions.length !== sent)
        throw new AppError(422, DOC_MSG.descriptionsCount, { descriptions: DOC_MSG.descriptionsCount })
      if (up.rejected.length > 0) throw failureAnswer(up.rejected)
    }

    // Only the headers are read here; thumbnails are made by jobs once the answer is out.
    const prepared: Input['prepared'] = []
    const failures: Failure[] = [...up.rejected]
    for (const [index, file] of up.files.entries()) {
      const result = await inspectImage(file)
      if (isFailure(result)) failures.push({ status: 415, name: file.name, message: result.message })
      else prepared.push({ image: result, index })
    }
    if (prepared.length === 0) throw failureAnswer(failures)
    return {
      input: { plan, prepared, failures },
      fingerprint: {
        ...(plan.mode === 'one' ? { description: plan.description } : { descriptions: plan.descriptions }),
        files: up.files.map((f) => ({ name: f.name, sha256: f.sha256 })),
        rejected: up.rejected.map((r) => r.name),
      },
    }
  },

  async store(deps, tx, { user, project }, { plan, prepared, failures }) {
    const groups =
      plan.mode === 'one'
        ? [{ description: plan.description, images: prepared.map((p) => p.image) }]
        : prepared.map((p) => ({ description: plan.descriptions[p.index], images: [p.image] }))
    const planned = groups.map((g) => ({
      description: g.description,
      images: g.images.map((image) => ({ image, original: pendingBlob(image.file, 'public') })),
    }))
    const blobs: PendingBlob[] = planned.flatMap((g) => g.images.map((i) => i.original))

    const ids = await commitUpload(tx, deps, blobs, async (trx) => {
      const created: number[] = []
      const now = nowIso()
      for (const g of planned) {
        const doc = await trx
          .insertInto('docs')
          .values({
            uuid: randomUUID(),
            project_id: project.id,
            description: g.description,
            status: 'pending',
            creator_id: user.id,
            created_at: now,
            reviewed_by: null,
            reviewed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const images = g.images.map(({ image, original }, position) => ({
          // The row's uuid is the blob's name, so /storage/{uuid}.{extension} (SPEC section 3) is the file.
          uuid: original.key.slice(0, original.key.indexOf('.')),
          doc_id: doc.id,
          name: image.file.name,
          ext: image.file.ext,
          blob_key: original.key,
          size_bytes: image.file.size,
          width: image.width,
          height: image.height,
          position,
          thumb_key: null,
          thumb_width: null,
          thumb_height: null,
          thumb_state: 'pending' as const,
          taken_at: image.takenAt,
        }))
        await trx.insertInto('doc_images').values(images).execute()
        for (const i of images) await tx.enqueue(docThumbnailJob, { image: i.uuid })
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
