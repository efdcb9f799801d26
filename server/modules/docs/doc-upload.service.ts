import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import {
  DOC_MSG,
  DocDescriptionsSchema,
  type DocUploadResult,
  DocUploadSchema,
  type FileFailure,
} from '../../../src/contracts/docs'
import { type Actor, access } from '../../access'
import { AppError, assertCleanInput, nowIso, validate } from '../../http'
import type { CreateAnswer, CreateScope } from '../../idempotency'
import { commitUpload, type PendingBlob, pendingBlob } from '../../uploads/commit'
import type { Upload } from '../../uploads/receive'
import { type InspectedImage, inspectImage, isFailure } from './doc-images'
import { docThumbnailJob } from './doc-thumbnail-job'
import { loadDocs } from './doc-view'

/* POST /api/doc/{slug}/upload: photos with one description (one item) or one each (an item per photo). */

type Plan = { mode: 'one'; description: string } | { mode: 'each'; descriptions: string[] }

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

function failureAnswer(failures: { status: number; name: string; message: string }[]): AppError {
  const first = failures[0]
  const message = failures.length === 1 ? first.message : DOC_MSG.allFailed
  return new AppError(
    first.status as 413 | 415 | 422,
    message,
    Object.fromEntries(failures.map((f) => [f.name || 'files', f.message])),
  )
}

/**
 * POST upload. The caller's access is checked before a byte of the body is read; then the photos stream
 * to staging (images only, by their bytes), each one's header is read, and only then is the
 * Idempotency-Key claimed: a repeat is answered from the stored answer, and the rows, the stored answer
 * and (with the blobs put just before) the files land together or not at all.
 *
 * A file that cannot be used (not an image, too large, undecodable) fails alone: the item is made from
 * the others and the answer lists it in `errors`; when no file is usable the whole call fails. The answer
 * comes as soon as the originals and rows are stored: each photo's thumbnail is a job queued with its row
 * (doc-thumbnail-job.ts), and the item lists `thumb: null` until it is made. With
 * `descriptions` every file must be usable, since each description belongs to one file by position.
 */
export async function uploadDocs(
  scope: CreateScope,
  user: Actor & { id: number },
  slug: string,
  receive: (work: (upload: Upload) => Promise<CreateAnswer>) => Promise<CreateAnswer>,
): Promise<CreateAnswer> {
  const project = await access.project(scope.deps, user, slug, 'doc.write')
  return receive(async (up) => {
    const plan = readPlan(up.fields)
    const sent = up.files.length + up.rejected.length
    if (sent === 0) throw new AppError(422, DOC_MSG.noImages, { files: DOC_MSG.noImages })
    if (plan.mode === 'each') {
      if (plan.descriptions.length !== sent)
        throw new AppError(422, DOC_MSG.descriptionsCount, { descriptions: DOC_MSG.descriptionsCount })
      if (up.rejected.length > 0) throw failureAnswer(up.rejected)
    }

    // Only the headers are read here; thumbnails are made by jobs once the answer is out.
    const prepared: { image: InspectedImage; index: number }[] = []
    const failures: { status: number; name: string; message: string }[] = [...up.rejected]
    for (const [index, file] of up.files.entries()) {
      const result = await inspectImage(file)
      if (isFailure(result)) failures.push({ status: 415, name: file.name, message: result.message })
      else prepared.push({ image: result, index })
    }
    if (prepared.length === 0) throw failureAnswer(failures)

    await scope.claim({
      ...(plan.mode === 'one' ? { description: plan.description } : { descriptions: plan.descriptions }),
      files: up.files.map((f) => ({ name: f.name, sha256: f.sha256 })),
      rejected: up.rejected.map((r) => r.name),
    })

    const groups =
      plan.mode === 'one'
        ? [{ description: plan.description, images: prepared.map((p) => p.image) }]
        : prepared.map((p) => ({ description: plan.descriptions[p.index], images: [p.image] }))
    const planned = groups.map((g) => ({
      description: g.description,
      images: g.images.map((image) => ({ image, original: pendingBlob(image.file, 'public') })),
    }))
    const blobs: PendingBlob[] = planned.flatMap((g) => g.images.map((i) => i.original))

    const ids = await commitUpload(scope.deps, blobs, async (trx) => {
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
        for (const i of images) await scope.deps.jobs.enqueue(trx, docThumbnailJob, { image: i.uuid })
        created.push(doc.id)
      }
      return created
    })
    scope.deps.jobs.wake()
    for (const docId of ids)
      void scope.deps.events.publish({ type: 'doc_uploaded', actorId: user.id, projectId: project.id, docId })

    const errors: FileFailure[] = failures.map((f) => ({ name: f.name, message: f.message }))
    const data: DocUploadResult = { docs: await loadDocs(scope.deps.db, user.id, ids), errors }
    return { status: 201, message: errors.length > 0 ? DOC_MSG.partlyUploaded : DOC_MSG.uploaded, data }
  })
}
