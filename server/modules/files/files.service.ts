import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { DocReviewSchema } from '../../../src/contracts/documentation'
import {
  FILE_MSG,
  type FileArea,
  type FileEntry,
  FileNameSchema,
  MAX_FILES_PER_UPLOAD,
  REVIEW_DECISIONS,
  type ReviewDecision,
  type UploadError,
} from '../../../src/contracts/files'
import { type Actor, access, type ProjectRow } from '../../access'
import { recordHistory } from '../../base/audit'
import { isConstraintError } from '../../base/db-errors'
import type { UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import type { StoredFile } from '../../downloads'
import { AppError, notFound, nowIso, validate } from '../../http'
import { commitUpload, pendingBlob } from '../../uploads/commit'
import type { ReceivedFile, UploadOptions } from '../../uploads/receive'
import { ANY_KIND } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'
import { fileAreaParam, fileEntries, findFolder, toFileEntry } from './area-files'

/*
 * Files of the perencanaan and pengawasan areas. Every call asks the access policy first, before the
 * body is read: 'area.write' to upload, 'area.read' to download, 'file.review' to approve or reject,
 * 'file.delete' (the area rule of the file's own area) to delete.
 */

/**
 * The area upload: any bytes (drawings, CAD, archives, office files, PDFs, photos); the kind is
 * recognised where it can be and recorded, and everything is served as an attachment. Each file is
 * judged on its own (too large: 413 for that file, the others still land), and the names are taken as
 * sent, so that a path in a name is refused rather than silently cut.
 */
export const AREA_UPLOAD: UploadOptions = {
  fileFields: ['files'],
  maxFiles: MAX_FILES_PER_UPLOAD,
  accept: ANY_KIND,
  failure: 'file',
  keepClientPath: true,
}

export type UploadOutcome = { results: FileEntry[]; errors: UploadError[] }

/** Nothing of the upload was stored: the route answers the per-file errors with this status. */
export class NothingStored extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
    readonly errors: UploadError[],
  ) {
    super(message)
  }
}

/** A name to show for a file the client sent without one. */
const NAMELESS = '(tanpa nama)'

type Target = { user: UserRow; project: ProjectRow; area: FileArea }
type Input = {
  folderSlug: string
  accepted: { file: ReceivedFile; name: string }[]
  errors: UploadError[]
  statuses: number[]
}

/**
 * POST /api/file/{slug}/upload/{area} (an UploadService, uploads/upload-service.ts): stores every
 * acceptable file into the area's root or the folder `folder_slug`, all rows in one transaction with
 * their blobs (commitUpload), and lists per file what was refused and why. The Idempotency-Key's
 * fingerprint is the field values and each file's name and SHA-256. The route wraps the answer in SPEC's
 * envelope (results, errors beside data).
 */
export const fileUpload: UploadService<{ slug: string; area: string }, Target, Input, UploadOutcome> = {
  async authorize(deps, user, params) {
    const area = fileAreaParam(params.area)
    return { user, area, project: await access.project(deps, user, params.slug, 'area.write', area) }
  },

  // Nothing here reads the bytes back: an object store takes them directly, no local copy.
  options: (deps) => ({ ...AREA_UPLOAD, stageIn: deps.store }),

  async prepare(_target, upload) {
    const folderSlug = (upload.fields.folder_slug?.[0] ?? '').trim()
    const errors: UploadError[] = upload.rejected.map((r) => ({
      name: r.name || NAMELESS,
      message: r.message,
    }))
    const statuses: number[] = upload.rejected.map((r) => r.status)
    const accepted: Input['accepted'] = []
    for (const file of upload.files) {
      const name = v.safeParse(FileNameSchema, file.name)
      if (name.success) accepted.push({ file, name: name.output })
      else {
        errors.push({ name: file.name || NAMELESS, message: name.issues[0].message })
        statuses.push(422)
      }
    }
    return {
      input: { folderSlug, accepted, errors, statuses },
      fingerprint: {
        fields: { folder_slug: folderSlug },
        files: upload.files.map((f) => ({ name: f.name, sha256: f.sha256 })),
      },
    }
  },

  async store(deps, tx, { user, project, area }, { folderSlug, accepted, errors, statuses }) {
    // Decided once the key is claimed, as this upload always was: a malformed or reused key answers so first.
    if (accepted.length === 0) {
      if (errors.length === 0) throw new NothingStored(422, FILE_MSG.pickFiles, [])
      // One reason for all: its own status (413 every file too large, 415...); several: 422.
      const status = statuses.every((s) => s === statuses[0]) ? (statuses[0] as 413 | 415 | 422) : 422
      const message =
        errors.length === 1 ? (errors[0] as UploadError).message : FILE_MSG.partial(0, errors.length)
      throw new NothingStored(status, message, errors)
    }

    const folder = folderSlug ? await findFolder(tx.trx, project.id, area, folderSlug) : null
    const blobs = accepted.map(({ file }) => pendingBlob(file, 'private'))
    const now = nowIso()
    const uuids = accepted.map(() => randomUUID())
    let ids: number[]
    try {
      ids = await commitUpload(tx, deps, blobs, async (trx) => {
        const rows = await trx
          .insertInto('files')
          .values(
            accepted.map(({ file, name }, i) => ({
              uuid: uuids[i] as string,
              project_id: project.id,
              area,
              folder_id: folder?.id ?? null,
              name,
              size_bytes: file.size,
              mime: file.mime,
              blob_key: (blobs[i] as { key: string }).key,
              status: 'pending' as const,
              creator_id: user.id,
              created_at: now,
              reviewed_by: null,
              reviewed_at: null,
            })),
          )
          .returning('id')
          .execute()
        for (const [i, { name }] of accepted.entries())
          await recordHistory(trx, user, {
            projectId: project.id,
            action: 'upload',
            object: { kind: 'file', id: uuids[i] as string, name },
            detail: { area, folder: folder?.name ?? null },
          })
        return rows.map((r) => r.id)
      })
    } catch (err) {
      // The folder was deleted while the bytes streamed in (its delete holds the project row).
      if (isConstraintError(err, 'foreign')) throw notFound(FILE_MSG.folderNotFound)
      throw err
    }
    const rows = await fileEntries(tx.trx).where('files.id', 'in', ids).orderBy('files.id').execute()
    tx.publish({ type: 'file_uploaded', actorId: user.id, projectId: project.id, area, fileIds: ids })
    return { results: rows.map(toFileEntry), errors }
  },

  answer(outcome) {
    const stored = outcome.results.length
    const message =
      outcome.errors.length > 0 ? FILE_MSG.partial(stored, outcome.errors.length) : FILE_MSG.uploaded(stored)
    return { status: 201, message, data: outcome }
  },
}

/**
 * The file of this project (and area, when the path names one) by uuid, or 404 'File tidak ditemukan'; a
 * file in the trash is not found here (the trash module reaches it).
 */
async function findFile(deps: Pick<Deps, 'db'>, projectId: number, uuid: string, area?: FileArea) {
  let q = deps.db
    .selectFrom('files')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
  if (area) q = q.where('area', '=', area)
  const row = await q.executeTakeFirst()
  if (!row) throw notFound(FILE_MSG.fileNotFound)
  return row
}

/** GET /api/file/{slug}/download/{area}/{fileUuid}: what to stream (the route sends it with ranges). */
export async function fileDownload(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  areaRaw: string,
  fileUuid: string,
): Promise<StoredFile> {
  const area = fileAreaParam(areaRaw)
  const project = await access.project(deps, user, slug, 'area.read')
  const file = await findFile(deps, project.id, fileUuid, area)
  return { key: file.blob_key, visibility: 'private', name: file.name, mime: file.mime, etag: file.uuid }
}

/**
 * PATCH /api/file/{slug}/status/{fileUuid}/{approved|rejected}: admins only, and only a pending file
 * (409 once reviewed). One conditional update, so two admins deciding at once cannot both win. With
 * 'rejected' the body may carry the reason `{ note }` (issue 30; SPEC's clients send no body, the app
 * always sends one): stored on the file, written in its history and told to the uploader first.
 */
export async function reviewFile(
  deps: Pick<Deps, 'db' | 'events'>,
  user: Actor,
  slug: string,
  fileUuid: string,
  decisionRaw: string,
  readBody: () => Promise<unknown> = async () => undefined,
): Promise<FileEntry> {
  if (!(REVIEW_DECISIONS as readonly string[]).includes(decisionRaw)) throw notFound()
  const decision = decisionRaw as ReviewDecision
  const project = await access.project(deps, user, slug, 'file.review')
  const body = await readBody()
  const note =
    decision === 'rejected' && body !== undefined ? (validate(DocReviewSchema, body).note ?? null) : null
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('files')
      .set({ status: decision, reviewed_by: user.id, reviewed_at: nowIso(), review_note: note })
      .where('project_id', '=', project.id)
      .where('uuid', '=', fileUuid)
      .where('status', '=', 'pending')
      .where('deleted_at', 'is', null)
      .returning(['id', 'area', 'name'])
      .executeTakeFirst()
    if (row)
      await recordHistory(trx, user, {
        projectId: project.id,
        action: decision === 'approved' ? 'approve' : 'reject',
        object: { kind: 'file', id: fileUuid, name: row.name },
        detail: note ? { area: row.area, note } : { area: row.area },
      })
    return row
  })
  if (!updated) {
    await findFile(deps, project.id, fileUuid)
    throw new AppError(409, FILE_MSG.alreadyReviewed)
  }
  void deps.events.publish({
    type: decision === 'approved' ? 'file_approved' : 'file_revision',
    actorId: user.id,
    projectId: project.id,
    area: updated.area as FileArea,
    fileId: updated.id,
    ...(note ? { note } : {}),
  })
  const row = await fileEntries(deps.db).where('files.id', '=', updated.id).executeTakeFirstOrThrow()
  return toFileEntry(row)
}

/**
 * DELETE /api/file/{slug}/remove/{fileUuid}: whoever may upload to the file's area may delete it. The
 * file goes to the project's trash (deleted_at, deleted_by; its blob stays) for TRASH_DAYS days, where
 * admins restore it or delete it for good (server/modules/trash).
 */
export async function removeFile(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  fileUuid: string,
): Promise<void> {
  const project = await access.project(deps, user, slug, 'area.read')
  const file = await findFile(deps, project.id, fileUuid)
  await access.require(deps, user, 'file.delete', { projectId: project.id, area: file.area })
  await deps.db.transaction().execute(async (trx) => {
    const gone = await trx
      .updateTable('files')
      .set({ deleted_at: nowIso(), deleted_by: user.id })
      .where('id', '=', file.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    // A concurrent delete got there first.
    if (Number(gone.numUpdatedRows) === 0) throw notFound(FILE_MSG.fileNotFound)
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'delete',
      object: { kind: 'file', id: file.uuid, name: file.name },
      detail: { area: file.area },
    })
  })
}
