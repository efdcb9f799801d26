import { createHash, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import type { Context } from 'hono'
import type { Kysely, Selectable } from 'kysely'
import { LIMIT_MSG } from '../../../src/contracts/limits'
import {
  MAX_PART_BYTES,
  PART_BYTES,
  RESUMABLE_MSG,
  RESUMABLE_TTL_HOURS,
  type ResumableCreate,
  type ResumableState,
} from '../../../src/contracts/resumable-uploads'
import { UPLOAD_MSG } from '../../../src/contracts/uploads'
import { scratchDir } from '../../base/scratch'
import type { DB, ResumableUploadsTable } from '../../db/schema'
import type { AppEnv, Deps } from '../../deps'
import { AppError, notFound, nowIso } from '../../http'
import { type CreateAnswer, idempotentCreate } from '../../idempotency'
import { UsageCounters } from '../../limits/usage-counters'
import { newBlobKey } from '../../storage/blob-store'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { type ReceivedFile, type Upload, withUpload } from '../../uploads/receive'
import { ANY_KIND, couldBe, HEAD_BYTES, KINDS, resolveKind, sniffHead } from '../../uploads/sniff'
import { findFolder } from '../files/area-files'
import type { ResumableTarget } from './resumable-target'

/*
 * Resumable uploads (decision 0080). Everything that decides an answer is in the database (the upload
 * row: how many bytes it holds) and the blob store (one blob per part), never in a process: a part sent
 * to another process continues the upload. Each part is received like any upload (uploads/receive.ts:
 * streamed, bounded, counted against the daily quota by the request limits) and accepted only at the
 * offset the row holds, in one conditional update; the completion assembles the parts and stores the
 * file through the target's own upload service, under the caller's Idempotency-Key.
 */

type UploadRow = Selectable<ResumableUploadsTable>

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const expiry = () => new Date(Date.now() + RESUMABLE_TTL_HOURS * HOUR).toISOString()

function toState(row: UploadRow): ResumableState {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size_bytes),
    offset: Number(row.received_bytes),
    part_bytes: PART_BYTES,
    expires_at: row.expires_at,
    complete: row.completed_at !== null,
  }
}

/** The caller's own upload into this project and target, or 404: nobody continues another's upload. */
async function findUpload(db: Kysely<DB>, target: ResumableTarget, id: string): Promise<UploadRow> {
  const row = await db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', target.user.id)
    .where('project_id', '=', target.project.id)
    .where('target', '=', target.name)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
  if (!row) throw notFound(RESUMABLE_MSG.notFound)
  return row
}

/**
 * The daily upload quota (server/limits/request-limits.ts counts each part's bytes as they arrive):
 * a file that cannot fit in what is left today is refused before its first byte.
 */
async function checkQuota(deps: Deps, userId: number, size: number) {
  const perDay = deps.config.limits.uploadBytesPerDay
  if (perDay <= 0) return
  const now = Date.now()
  const day = Math.floor(now / DAY)
  // The same counter the request limits bump for every multipart byte received.
  const used = await new UsageCounters(deps.db).read(`upload-bytes:${userId}`, String(day))
  if (used + size > perDay)
    throw new AppError(429, LIMIT_MSG.uploadQuota(perDay), undefined, {
      'Retry-After': String(Math.ceil(((day + 1) * DAY - now) / 1000)),
    })
}

/** POST .../resumable: announces the file (name, size, folder); idempotent under the Idempotency-Key. */
export function createUpload(
  c: Context<AppEnv>,
  deps: Deps,
  target: ResumableTarget,
  body: () => Promise<ResumableCreate>,
): Promise<Response> {
  return idempotentCreate(c, deps, async ({ claim }) => {
    // Everything that reads the database before the key is claimed: SQLite has one connection, which
    // the claimed transaction holds.
    const input = await body()
    const maxMb = Math.round((deps.config.maxUploadBytes / 1024 / 1024) * 10) / 10
    if (input.size > deps.config.maxUploadBytes)
      throw new AppError(413, RESUMABLE_MSG.tooLarge(maxMb), { size: RESUMABLE_MSG.tooLarge(maxMb) })
    const folderSlug = (input.folder_slug ?? '').trim()
    if (folderSlug && !target.folders)
      throw new AppError(422, RESUMABLE_MSG.noFolderInRecap, { folder_slug: RESUMABLE_MSG.noFolderInRecap })
    if (folderSlug) await findFolder(deps.db, target.project.id, target.name as 'perencanaan', folderSlug)
    await checkQuota(deps, target.user.id, input.size)
    const tx = await claim(input)
    const now = nowIso()
    const row = await tx.trx
      .insertInto('resumable_uploads')
      .values({
        id: randomUUID(),
        user_id: target.user.id,
        project_id: target.project.id,
        target: target.name,
        folder_slug: folderSlug || null,
        name: input.name,
        size_bytes: input.size,
        received_bytes: 0,
        fingerprint: null,
        created_at: now,
        expires_at: expiry(),
        completed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { status: 201, message: RESUMABLE_MSG.created, data: toState(row) }
  })
}

/** GET .../resumable/{id}: where the next part starts. */
export async function uploadState(deps: Deps, target: ResumableTarget, id: string): Promise<ResumableState> {
  return toState(await findUpload(deps.db, target, id))
}

function wrongOffset(row: UploadRow): AppError {
  const offset = Number(row.received_bytes)
  return new AppError(409, RESUMABLE_MSG.wrongOffset(offset), undefined, { 'Upload-Offset': String(offset) })
}

/**
 * PUT .../resumable/{id}/part?offset=N: one part (multipart field `part`), taken only at the offset the
 * server holds (409 with Upload-Offset otherwise). The first part's bytes must be able to be a kind the
 * target takes (415 at once, as the normal upload refuses a wrong file early). The part's blob is put
 * first, then the row moves on in one conditional update: of two parts racing for one offset (two tabs,
 * two processes), one wins and the other's blob is removed.
 */
export async function receivePart(
  c: Context<AppEnv>,
  deps: Deps,
  target: ResumableTarget,
  id: string,
  offsetRaw: string | undefined,
): Promise<ResumableState> {
  const row = await findUpload(deps.db, target, id)
  if (row.completed_at) throw new AppError(409, RESUMABLE_MSG.alreadyDone)
  const offset = offsetRaw !== undefined && /^\d{1,15}$/.test(offsetRaw) ? Number(offsetRaw) : Number.NaN
  if (!Number.isSafeInteger(offset)) throw new AppError(400, RESUMABLE_MSG.badOffset)
  if (offset !== Number(row.received_bytes)) throw wrongOffset(row)

  const options = {
    fileFields: ['part'],
    maxFiles: 1,
    maxFileBytes: MAX_PART_BYTES,
    accept: ANY_KIND,
    stageIn: deps.store,
  }
  return withUpload(c, deps.config, options, async (upload) => {
    const part = upload.files[0]
    if (!part) throw new AppError(422, UPLOAD_MSG.emptyFile('bagian'))
    if (offset + part.size > Number(row.size_bytes)) throw new AppError(422, RESUMABLE_MSG.pastEnd)
    if (offset === 0) {
      const head = await readHead(part)
      if (!couldBe(sniffHead(head), target.accept))
        throw new AppError(415, target.typeMessage ?? UPLOAD_MSG.wrongType)
    }
    const key = newBlobKey('part')
    await deps.store.put(key, 'private', part.staged ? { staged: part.staged } : { localFile: part.path })
    const moved = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('resumable_uploads')
        .set({ received_bytes: offset + part.size, expires_at: expiry() })
        .where('id', '=', id)
        .where('received_bytes', '=', offset)
        .where('completed_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (!updated) return undefined
      await trx
        .insertInto('resumable_parts')
        .values({ upload_id: id, start_byte: offset, size_bytes: part.size, blob_key: key })
        .execute()
      return updated
    })
    if (!moved) {
      await deleteBlobsQuietly(deps, [{ key, visibility: 'private' }], 'of a part that lost its race')
      throw wrongOffset(await findUpload(deps.db, target, id))
    }
    return toState(moved)
  })
}

async function readHead(part: ReceivedFile): Promise<Buffer> {
  const length = Math.min(HEAD_BYTES, part.size)
  if (part.staged) return part.staged.read(0, length)
  const handle = await fs.promises.open(part.path, 'r')
  try {
    const buf = Buffer.alloc(length)
    await handle.read(buf, 0, length, 0)
    return buf
  } finally {
    await handle.close()
  }
}

/**
 * POST .../resumable/{id}/complete: the parts, in order, become one staged file (hashed and judged by its
 * bytes like any upload), which the target's own upload service prepares and stores under the
 * Idempotency-Key, the upload marked complete in that same transaction. A repeat of the key is answered
 * from the stored answer; another key for a completed upload is 409. The parts' blobs go after the commit.
 */
export function completeUpload(
  c: Context<AppEnv>,
  deps: Deps,
  target: ResumableTarget,
  id: string,
): Promise<Response> {
  return idempotentCreate(c, deps, async ({ claim }): Promise<CreateAnswer> => {
    // An upload completed already: the same key is answered from the stored answer (claim throws the
    // replay), another key finds it spent.
    const spent = async (done: UploadRow): Promise<never> => {
      await claim(JSON.parse(done.fingerprint ?? 'null'))
      throw new AppError(409, RESUMABLE_MSG.alreadyDone)
    }
    const row = await findUpload(deps.db, target, id)
    if (row.completed_at) return spent(row)
    if (Number(row.received_bytes) < Number(row.size_bytes))
      throw new AppError(
        409,
        RESUMABLE_MSG.incomplete(Number(row.received_bytes), Number(row.size_bytes)),
        undefined,
        { 'Upload-Offset': String(row.received_bytes) },
      )
    const parts = await deps.db
      .selectFrom('resumable_parts')
      .select(['start_byte', 'size_bytes', 'blob_key'])
      .where('upload_id', '=', id)
      .orderBy('start_byte')
      .execute()
    let claimed = false
    try {
      return await withAssembled(deps, target, row, parts, async (upload) => {
        const { input, fingerprint } = await target.service.prepare(target.authorized, upload)
        claimed = true
        const tx = await claim(fingerprint)
        const marked = await tx.trx
          .updateTable('resumable_uploads')
          .set({ completed_at: nowIso(), fingerprint: JSON.stringify(fingerprint), expires_at: expiry() })
          .where('id', '=', id)
          .where('completed_at', 'is', null)
          .executeTakeFirst()
        if (Number(marked.numUpdatedRows) === 0) throw new AppError(409, RESUMABLE_MSG.alreadyDone)
        await tx.trx.deleteFrom('resumable_parts').where('upload_id', '=', id).execute()
        tx.afterCommit(() =>
          deleteBlobsQuietly(
            deps,
            parts.map((p) => ({ key: p.blob_key, visibility: 'private' as const })),
            'of a completed resumable upload',
          ),
        )
        return target.service.answer(await target.service.store(deps, tx, target.authorized, input))
      })
    } catch (err) {
      // The same complete sent to two processes at once (a retry after a lost answer): the first one's
      // commit removes the parts (rows, then blobs) while this one still reads them, and the assembly
      // fails on a missing part. That is not a failure of the upload: it is done, answer as for done.
      if (claimed) throw err
      const now = await findUpload(deps.db, target, id)
      if (now.completed_at) return spent(now)
      throw err
    }
  })
}

type PartRow = { start_byte: number; size_bytes: number; blob_key: string }

/**
 * Concatenates the parts into one staged file (local disk under DATA_DIR, removed afterwards however it
 * ends), hashing as the bytes pass, then judges its kind by the bytes as receive.ts does, and hands the
 * service an Upload just like the multipart route's.
 */
async function withAssembled<T>(
  deps: Deps,
  target: ResumableTarget,
  row: UploadRow,
  parts: readonly PartRow[],
  work: (upload: Upload) => Promise<T>,
): Promise<T> {
  const dir = scratchDir(deps.config.dataDir)
  await fs.promises.mkdir(dir, { recursive: true })
  const staged: string[] = []
  const scratchPath = (ext: string) => {
    const p = path.join(dir, `${randomUUID()}.${ext}`)
    staged.push(p)
    return p
  }
  try {
    const file = scratchPath('part')
    const hash = createHash('sha256')
    let size = 0
    const out = fs.createWriteStream(file, { flags: 'wx' })
    try {
      for (const part of parts) {
        if (Number(part.start_byte) !== size) throw new AppError(409, RESUMABLE_MSG.notFound)
        const blob = await deps.store.get(part.blob_key, 'private')
        if (!blob) throw new AppError(409, RESUMABLE_MSG.notFound)
        for await (const chunk of blob.stream as AsyncIterable<Buffer>) {
          hash.update(chunk)
          size += chunk.length
          if (!out.write(chunk)) await once(out, 'drain')
        }
      }
    } finally {
      await new Promise<void>((resolve) => out.end(resolve))
    }
    if (size !== Number(row.size_bytes))
      throw new AppError(409, RESUMABLE_MSG.incomplete(size, Number(row.size_bytes)))
    const head = await readHead({ path: file, size } as ReceivedFile)
    const known = await resolveKind(sniffHead(head), file)
    const kind = known ?? (target.accept.includes('other') ? 'other' : undefined)
    if (!kind || !target.accept.includes(kind))
      throw new AppError(415, target.typeMessage ?? UPLOAD_MSG.wrongType)
    const received: ReceivedFile = {
      field: target.folders ? 'files' : 'file',
      name: row.name,
      kind,
      ext: KINDS[kind].ext,
      mime: KINDS[kind].mime,
      size,
      sha256: hash.digest('hex'),
      path: file,
    }
    const fields: Record<string, string[]> = row.folder_slug ? { folder_slug: [row.folder_slug] } : {}
    return await work({ fields, files: [received], rejected: [], scratchPath })
  } finally {
    await Promise.all(staged.map((p) => fs.promises.rm(p, { force: true })))
  }
}
