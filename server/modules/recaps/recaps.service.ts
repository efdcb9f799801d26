import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { FileNameSchema } from '../../../src/contracts/files'
import { parseId } from '../../../src/contracts/ids'
import { RECAP_MSG, type RecapFile } from '../../../src/contracts/recaps'
import { type Actor, access, type ProjectRow } from '../../access'
import { recordHistory } from '../../base/audit'
import type { DB, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import type { StoredFile } from '../../downloads'
import { AppError, notFound, nowIso } from '../../http'
import { commitUpload, deleteBlobsQuietly, pendingBlob } from '../../uploads/commit'
import type { ReceivedFile, UploadOptions } from '../../uploads/receive'
import { DOCUMENT_KINDS, type FileKind, KINDS } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'

/*
 * Recap files of a project (the 'Rekapitulasi' tab). The policy is asked first, before any body is
 * read: 'recap.read' (everyone who sees the project) to list and download, 'recap.manage' (admins) to
 * upload and delete.
 */

/** One file per call, a PDF or an Office document by its bytes (SPEC section 5), 415 otherwise. */
export const RECAP_UPLOAD: UploadOptions = {
  fileFields: ['file'],
  maxFiles: 1,
  accept: DOCUMENT_KINDS,
  typeMessage: RECAP_MSG.wrongType,
}

/**
 * Extensions that name each kind. A name whose extension says another kind (or none) gets the kind's
 * own extension added, so that the tab's label and the program that opens the download are right.
 */
const NAMES_OF_KIND: Partial<Record<FileKind, readonly string[]>> = {
  pdf: ['pdf'],
  doc: ['doc', 'dot'],
  docx: ['docx', 'docm', 'dotx', 'dotm'],
  xls: ['xls', 'xlt'],
  xlsx: ['xlsx', 'xlsm', 'xltx', 'xltm'],
  ppt: ['ppt', 'pps', 'pot'],
  pptx: ['pptx', 'pptm', 'ppsx', 'potx'],
}

export function recapName(clientName: string, kind: FileKind): string {
  const parsed = v.safeParse(FileNameSchema, clientName)
  if (!parsed.success) throw new AppError(422, parsed.issues[0].message, { file: parsed.issues[0].message })
  const name = parsed.output
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  return (NAMES_OF_KIND[kind] ?? []).includes(ext) ? name : `${name}.${KINDS[kind].ext}`
}

function recapRows(db: Kysely<DB>) {
  return db
    .selectFrom('recap_files')
    .innerJoin('users as creator', 'creator.id', 'recap_files.creator_id')
    .select([
      'recap_files.id',
      'recap_files.uuid',
      'recap_files.name',
      'recap_files.size_bytes',
      'recap_files.mime',
      'recap_files.created_at',
      'recap_files.creator_id',
      'creator.name as creator_name',
    ])
}

type RecapRow = {
  id: number
  uuid: string
  name: string
  size_bytes: number | string
  mime: string
  created_at: string
  creator_id: number
  creator_name: string
}

function toRecapFile(row: RecapRow): RecapFile {
  const bytes = Number(row.size_bytes)
  return {
    id: Number(row.id),
    uuid: row.uuid,
    name: row.name,
    size_kb: Math.round((bytes / 1024) * 100) / 100,
    size_bytes: bytes,
    mime: row.mime,
    creator: { id: row.creator_id, name: row.creator_name },
    created_at: row.created_at,
  }
}

/** GET /api/rekap/{slug}/list: newest first. */
export async function listRecaps(deps: Pick<Deps, 'db'>, user: Actor, slug: string): Promise<RecapFile[]> {
  const project = await access.project(deps, user, slug, 'recap.read')
  const rows = await recapRows(deps.db)
    .where('recap_files.project_id', '=', project.id)
    .orderBy('recap_files.created_at', 'desc')
    .orderBy('recap_files.id', 'desc')
    .execute()
  return rows.map(toRecapFile)
}

type Target = { user: UserRow; project: ProjectRow }
/** The file and the name it is stored under (recapName). */
type Input = { file: ReceivedFile; name: string }

/**
 * POST /api/rekap/{slug}/upload (an UploadService, uploads/upload-service.ts): admins only, asked before
 * the body is read; one `file` whose bytes are a PDF or an Office document. The row and the blob commit
 * together (commitUpload); the Idempotency-Key's fingerprint is the file's name and SHA-256.
 */
export const recapUpload: UploadService<{ slug: string }, Target, Input, RecapFile> = {
  async authorize(deps, user, { slug }) {
    return { user, project: await access.project(deps, user, slug, 'recap.manage') }
  },

  // Into the bucket as the bytes arrive when the store is S3 (no local copy; see uploads/receive.ts).
  options: (deps) => ({ ...RECAP_UPLOAD, stageIn: deps.store }),

  async prepare(_target, upload) {
    const file = upload.files[0] as ReceivedFile | undefined
    if (!file) throw new AppError(422, RECAP_MSG.pickFile, { file: RECAP_MSG.pickFile })
    return {
      input: { file, name: recapName(file.name, file.kind) },
      fingerprint: { name: file.name, sha256: file.sha256 },
    }
  },

  async store(deps, tx, { user, project }, { file, name }) {
    const blob = pendingBlob(file, 'private')
    const uuid = randomUUID()
    const id = await commitUpload(tx, deps, [blob], async (trx) => {
      await recordHistory(trx, user, {
        projectId: project.id,
        action: 'upload',
        object: { kind: 'recap', id: uuid, name },
      })
      const row = await trx
        .insertInto('recap_files')
        .values({
          uuid,
          project_id: project.id,
          name,
          size_bytes: file.size,
          mime: file.mime,
          blob_key: blob.key,
          creator_id: user.id,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    })
    return toRecapFile(await recapRows(tx.trx).where('recap_files.id', '=', id).executeTakeFirstOrThrow())
  },

  answer: (recap) => ({ status: 201, message: RECAP_MSG.uploaded, data: recap }),
}

/** `{id}` of a path: the numeric id SPEC's client sends, or the uuid. */
async function findRecap(db: Kysely<DB>, projectId: number, idOrUuid: string) {
  const id = parseId(idOrUuid)
  const row = await db
    .selectFrom('recap_files')
    .selectAll()
    .where('project_id', '=', projectId)
    .where(id !== undefined ? 'id' : 'uuid', '=', id ?? idOrUuid)
    .executeTakeFirst()
  if (!row) throw notFound(RECAP_MSG.fileNotFound)
  return row
}

/** GET /api/rekap/{slug}/download/{id}: what to stream (the route sends it with ranges). */
export async function recapDownload(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  id: string,
): Promise<StoredFile> {
  const project = await access.project(deps, user, slug, 'recap.read')
  const row = await findRecap(deps.db, project.id, id)
  return { key: row.blob_key, visibility: 'private', name: row.name, mime: row.mime, etag: row.uuid }
}

/** DELETE /api/rekap/{slug}/remove/{id}: admins only; the row goes first, its blob after. */
export async function removeRecap(
  deps: Pick<Deps, 'db' | 'store' | 'logger'>,
  user: Actor,
  slug: string,
  id: string,
): Promise<void> {
  const project = await access.project(deps, user, slug, 'recap.manage')
  const row = await findRecap(deps.db, project.id, id)
  // Recaps have no trash (admins only, re-uploadable): the row goes, its deletion is in the history.
  const gone = await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('recap_files')
      .where('id', '=', row.id)
      .returning('blob_key')
      .executeTakeFirst()
    if (!deleted) throw notFound(RECAP_MSG.fileNotFound)
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'delete',
      object: { kind: 'recap', id: row.uuid, name: row.name },
    })
    return deleted
  })
  await deleteBlobsQuietly(deps, [{ key: gone.blob_key, visibility: 'private' }], 'of a deleted recap file')
}
