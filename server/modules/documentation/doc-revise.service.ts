import {
  DOC_IMAGE_MAX_BYTES,
  DOC_MAX_IMAGES,
  DOC_MSG,
  type DocUploadResult,
  DocUploadSchema,
  type FileFailure,
} from '../../../src/contracts/documentation'
import { access, type ProjectRow } from '../../access'
import { docName, recordHistory } from '../../base/audit'
import type { UserRow } from '../../db/schema'
import { AppError, validate } from '../../http'
import { commitUpload, pendingBlob } from '../../uploads/commit'
import { IMAGE_KINDS } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'
import { checkWorkItem, readSiteFields, type SiteFields } from './doc-site-fields'
import {
  cleanFields,
  failureAnswer,
  insertPhotos,
  type PreparedPhoto,
  photosFingerprint,
  preparePhotos,
  takenAtOf,
} from './doc-upload.service'
import { findDoc, loadDocs } from './doc-view'

/*
 * POST /api/doc/{slug}/revise/{uuid}: 'Unggah Revisi'. New photos (and optionally a new description and
 * site fields) for the same item: it keeps its uuid, its version goes up by one, it returns to pending
 * (the review and its note are cleared: the note stays in the history), and the list shows the new version's
 * photos; earlier versions' photos stay stored. Only the item's uploader or an admin revises (403).
 */

type Target = { user: UserRow; project: ProjectRow; docId: number; arrivedAt: number }
type Input = {
  description: string | undefined
  site: SiteFields
  prepared: PreparedPhoto[]
  failures: { name: string; message: string }[]
}

export const docRevise: UploadService<{ slug: string; uuid: string }, Target, Input, DocUploadResult> = {
  async authorize(deps, user, { slug, uuid }) {
    const arrivedAt = Date.now()
    const project = await access.project(deps, user, slug, 'doc.write')
    const doc = await findDoc(deps.db, project.id, uuid)
    // The uploader answers a revision request; an admin (who reviews) may too.
    if (doc.creator_id !== user.id && !access.can(user, 'doc.review', { member: true }))
      throw new AppError(403, DOC_MSG.reviseForbidden)
    // A revision answers a review still open ('Revisi' asked, or not reviewed yet): an approval stands.
    if (doc.status === 'approved') throw new AppError(409, DOC_MSG.reviseApproved)
    return { user, project, docId: doc.id, arrivedAt }
  },

  options: (deps) => ({
    fileFields: ['files'],
    maxFiles: DOC_MAX_IMAGES,
    maxFileBytes: Math.min(DOC_IMAGE_MAX_BYTES, deps.config.maxUploadBytes),
    accept: IMAGE_KINDS,
    typeMessage: DOC_MSG.imagesOnly,
    failure: 'file',
  }),

  async prepare(target, up) {
    const fields = cleanFields(up.fields)
    const raw = fields.description?.[0]
    const description =
      raw === undefined || raw.trim() === ''
        ? undefined
        : validate(DocUploadSchema, { description: raw }).description
    const sent = up.files.length + up.rejected.length
    if (sent === 0) throw new AppError(422, DOC_MSG.noImages, { files: DOC_MSG.noImages })
    const site = readSiteFields(fields, sent, target.arrivedAt)
    const { prepared, failures } = await preparePhotos(up, site)
    if (prepared.length === 0) throw failureAnswer(failures)
    return {
      input: { description, site, prepared, failures },
      fingerprint: { description: description ?? null, ...photosFingerprint(fields, up) },
    }
  },

  async store(deps, tx, { user, project, docId }, { description, site, prepared, failures }) {
    await checkWorkItem(tx.trx, project.id, site.workItemId)
    const photos = prepared.map((photo) => ({ photo, original: pendingBlob(photo.image.file, 'public') }))
    const version = await commitUpload(
      tx,
      deps,
      photos.map((p) => p.original),
      async (trx) => {
        // Read again in the transaction: the item may have gone to the trash meanwhile (404).
        const doc = await findDoc(trx, project.id, String(docId))
        if (doc.status === 'approved') throw new AppError(409, DOC_MSG.reviseApproved)
        const next = doc.version + 1
        const { created_at: createdAt } = await trx
          .selectFrom('docs')
          .select('created_at')
          .where('id', '=', doc.id)
          .executeTakeFirstOrThrow()
        const updated = await trx
          .updateTable('docs')
          .set({
            version: next,
            status: 'pending',
            reviewed_by: null,
            reviewed_at: null,
            // The reason judged the version before: it stays in that review's history entry, and the new
            // version waits for its own review (an approved revision must not print the old reason).
            review_note: null,
            // The new version's photos decide the day it counts as taken (the same rule as an upload).
            taken_at: takenAtOf(prepared, createdAt, deps.config.firmTimeZone),
            ...(description !== undefined ? { description } : {}),
            ...(site.workItemId !== undefined ? { work_item_id: site.workItemId } : {}),
            ...(site.location !== undefined ? { location: site.location } : {}),
            ...(site.progress !== undefined ? { progress: site.progress } : {}),
          })
          .where('id', '=', doc.id)
          // Two revisions at once: the second finds the version moved and tries again as a new request.
          .where('version', '=', doc.version)
          .where('status', '<>', 'approved')
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, DOC_MSG.reviseConflict)
        await insertPhotos(trx, tx, doc.id, next, photos, site.clockSkewS ?? null)
        await recordHistory(trx, user, {
          projectId: project.id,
          action: 'revise',
          object: { kind: 'doc', id: doc.uuid, name: docName(description ?? doc.description) },
          detail: {
            version: next,
            photos: photos.length,
            ...(description !== undefined && description !== doc.description
              ? { before: { description: doc.description }, after: { description } }
              : {}),
          },
        })
        return next
      },
    )
    tx.publish({ type: 'doc_revised', actorId: user.id, projectId: project.id, docId, version })
    const errors: FileFailure[] = failures.map((f) => ({ name: f.name, message: f.message }))
    return { docs: await loadDocs(tx.trx, user.id, [docId]), errors }
  },

  answer: (data) => ({
    status: 201,
    message: data.errors.length > 0 ? DOC_MSG.partlyUploaded : DOC_MSG.revised,
    data,
  }),
}
