import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, type Writable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import Busboy from 'busboy'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isCleanText, MSG } from '../../src/contracts/common'
import { MAX_FILE_NAME, UPLOAD_MSG } from '../../src/contracts/uploads'
import { scratchDir } from '../base/scratch'
import type { Config } from '../config'
import { AppError } from '../http'
import type { BlobStore, StagedWrite } from '../storage/blob-store'
import { couldBe, type FileKind, HEAD_BYTES, type HeadVerdict, KINDS, resolveKind, sniffHead } from './sniff'

export type UploadOptions = {
  /** Form fields that carry files; file parts in any other field are skipped unread. */
  fileFields: readonly string[]
  maxFiles: number
  /** Per file; defaults to MAX_UPLOAD_MB. */
  maxFileBytes?: number
  /** The kinds this route takes, judged by the bytes (see sniff.ts). */
  accept: readonly FileKind[]
  /** The 415 message for any other kind (the route's own wording, e.g. the avatar's SPEC message). */
  typeMessage?: string
  /**
   * 'request' (default): the first bad file (too large, wrong kind, empty) fails the whole request at
   * once, unread rest and all. 'file': a bad file is listed in `rejected` and the others go on, for
   * multi-file uploads that answer per file.
   */
  failure?: 'request' | 'file'
  /**
   * Hand over the file name exactly as the client sent it, directories included, for a route that
   * refuses such names itself. By default the multipart parser keeps the last path segment only.
   */
  keepClientPath?: boolean
  /**
   * Write the files straight into this store when it can stage writes (an object store: S3), keeping
   * no copy on local disk; a local-disk store stages under DATA_DIR as usual. Only for routes that never
   * read a file's bytes themselves (no re-encoding): such a file's `path` is ''.
   */
  stageIn?: BlobStore
}

export type ReceivedFile = {
  field: string
  /** The client's file name ('' when it sent none), for display and Content-Disposition only: never a path. */
  name: string
  /** Decided by the bytes; `ext` and `mime` follow from it, not from what the client claimed. */
  kind: FileKind
  ext: string
  mime: string
  size: number
  /** Hex SHA-256 of the bytes, computed while streaming (idempotency fingerprints use it). */
  sha256: string
  /** The staged copy on local disk; removed when the upload ends (store.put may move it first). '' when staged in the store. */
  path: string
  /** The bytes staged in the blob store instead (UploadOptions.stageIn); dropped when the upload ends unless put. */
  staged?: StagedWrite
}

export type RejectedFile = { field: string; name: string; status: 413 | 415 | 422; message: string }

export type Upload = {
  /** Text fields, each name with its values in the order sent. */
  fields: Record<string, string[]>
  files: ReceivedFile[]
  /** Only with failure 'file'. */
  rejected: RejectedFile[]
  /** A fresh staged path for a file derived from the upload (e.g. a re-encoded image), removed with it. */
  scratchPath(ext: string): string
}

/**
 * Receives a multipart upload, hands it to `work`, and removes every staged file afterwards whatever
 * happens. Bodies stream through busboy to staged files (memory does not grow with file size), each
 * file bounded in size, hashed and checked by its magic bytes as it arrives. Errors are AppErrors
 * (400 malformed, 413 too large, 415 wrong kind or not multipart, 422 empty file).
 */
export async function withUpload<T>(
  c: Context,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  options: UploadOptions,
  work: (upload: Upload) => Promise<T>,
): Promise<T> {
  const staged = new Set<string>()
  const inStore = new Set<StagedWrite>()
  try {
    const upload = await receive(c, config, options, staged, inStore)
    return await work(upload)
  } finally {
    await Promise.all([
      ...[...staged].map((p) => fs.promises.rm(p, { force: true })),
      ...[...inStore].map((w) => w.discard()),
    ])
  }
}

async function receive(
  c: Context,
  config: Pick<Config, 'dataDir' | 'maxUploadBytes'>,
  opts: UploadOptions,
  staged: Set<string>,
  inStore: Set<StagedWrite>,
): Promise<Upload> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new AppError(415, UPLOAD_MSG.notMultipart)
  const body = c.req.raw.body
  if (!body) throw new AppError(400, MSG.malformed)

  const dir = scratchDir(config.dataDir)
  await fs.promises.mkdir(dir, { recursive: true })
  const stagePath = (ext: string) => {
    const p = path.join(dir, `${randomUUID()}.${ext}`)
    staged.add(p)
    return p
  }

  const maxBytes = opts.maxFileBytes ?? config.maxUploadBytes
  const maxMb = Math.round((maxBytes / 1024 / 1024) * 10) / 10
  const perFile = opts.failure === 'file'
  const typeMessage = opts.typeMessage ?? UPLOAD_MSG.wrongType

  let bb: Busboy.Busboy
  try {
    bb = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fileSize: maxBytes,
        files: opts.maxFiles,
        fields: 50,
        fieldSize: 64 * 1024,
        parts: opts.maxFiles + 50,
      },
      defParamCharset: 'utf8',
      preservePath: opts.keepClientPath === true,
    })
  } catch {
    throw new AppError(400, MSG.malformed)
  }

  const source = Readable.fromWeb(body as unknown as WebReadableStream)
  const fields: Record<string, string[]> = {}
  const sinks: FileSink[] = []
  const rejected: RejectedFile[] = []

  return new Promise<Upload>((resolve, reject) => {
    let settled = false
    // Stops reading at once: the answer goes out with the rest of the body unread, and the app's
    // connection rule (close-unread-body.ts) closes that connection so the client still reads it.
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      source.unpipe(bb)
      source.pause()
      for (const sink of sinks) sink.abort()
      Promise.allSettled(sinks.map((s) => s.done)).then(() => reject(err))
    }
    const refuse = (sink: FileSink, status: 413 | 415 | 422, message: string) => {
      if (!perFile)
        return fail(new AppError(status as ContentfulStatusCode, message, { [sink.field]: message }))
      rejected.push({ field: sink.field, name: sink.name, status, message })
      sink.abort()
    }

    source.on('error', () => fail(new AppError(400, UPLOAD_MSG.interrupted)))
    bb.on('error', () => fail(new AppError(400, MSG.malformed)))
    bb.on('filesLimit', () => fail(new AppError(413, UPLOAD_MSG.tooManyFiles)))
    bb.on('fieldsLimit', () => fail(new AppError(413, MSG.tooLarge)))
    bb.on('partsLimit', () => fail(new AppError(413, MSG.tooLarge)))
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new AppError(413, MSG.tooLarge))
      // A NUL byte would be a PostgreSQL error later: refuse control characters here, for every route.
      if (!isCleanText(name) || !isCleanText(value, true))
        return fail(
          new AppError(422, MSG.controlChars, { [isCleanText(name) ? name : '_']: MSG.controlChars }),
        )
      fields[name] = [...(fields[name] ?? []), value]
    })
    bb.on('file', (field, stream, info) => {
      if (!opts.fileFields.includes(field) || settled) {
        // A part nobody reads still errors when the body breaks off ('Unexpected end of form'): without
        // a listener that error would be uncaught and end the process. busboy's own error fails the call.
        stream.on('error', () => {})
        stream.resume()
        return
      }
      const inBucket = opts.stageIn?.stage?.()
      if (inBucket) inStore.add(inBucket)
      const sink = new FileSink(
        field,
        info.filename ?? '',
        inBucket ?? stagePath('part'),
        stream,
        opts.accept,
      )
      sinks.push(sink)
      sink.onWrongKind = () => refuse(sink, 415, typeMessage)
      stream.on('limit', () => refuse(sink, 413, UPLOAD_MSG.fileTooLarge(sink.name, maxMb)))
      sink.done.catch(fail)
    })
    bb.on('close', async () => {
      if (settled) return
      try {
        await Promise.all(sinks.map((s) => s.done))
        const files: ReceivedFile[] = []
        for (const sink of sinks) {
          if (sink.aborted || settled) continue
          // An empty file input sends a nameless, empty part: nothing was chosen.
          if (sink.size === 0 && sink.name === '') continue
          // The name is shown and sent back in Content-Disposition: no control characters, bounded.
          if (!isCleanText(sink.name) || sink.name.length > MAX_FILE_NAME) {
            refuse(sink, 422, UPLOAD_MSG.badName)
            continue
          }
          if (sink.size === 0) {
            refuse(sink, 422, UPLOAD_MSG.emptyFile(sink.name))
            continue
          }
          const known = await resolveKind(
            sink.verdict,
            sink.staged ? { read: sink.staged.read, size: sink.staged.size } : sink.path,
          )
          // A route that takes any file records the bytes it does not recognise as 'other'.
          const kind = known ?? (opts.accept.includes('other') ? 'other' : undefined)
          if (!kind || !opts.accept.includes(kind)) {
            refuse(sink, 415, typeMessage)
            continue
          }
          files.push({
            field: sink.field,
            name: sink.name,
            kind,
            ext: KINDS[kind].ext,
            mime: KINDS[kind].mime,
            size: sink.size,
            sha256: sink.sha256,
            path: sink.path,
            ...(sink.staged ? { staged: sink.staged } : {}),
          })
        }
        if (settled) return
        settled = true
        resolve({ fields, files, rejected, scratchPath: stagePath })
      } catch (err) {
        fail(err)
      }
    })
    source.pipe(bb)
  })
}

/**
 * One file part on its way to disk (or into the blob store, when staged there): counted, hashed and
 * sniffed as the bytes pass. A refused file keeps
 * being read (busboy needs the part consumed to reach the next one) but nothing more is written.
 */
class FileSink {
  size = 0
  verdict: HeadVerdict
  aborted = false
  readonly done: Promise<void>
  onWrongKind: () => void = () => {}
  private readonly hash = createHash('sha256')
  private head: Buffer[] = []
  private headLength = 0
  private sniffed = false
  private readonly out: Writable
  readonly path: string
  readonly staged: StagedWrite | undefined

  constructor(
    readonly field: string,
    readonly name: string,
    target: string | StagedWrite,
    private readonly stream: Readable,
    private readonly accept: readonly FileKind[],
  ) {
    this.path = typeof target === 'string' ? target : ''
    this.staged = typeof target === 'string' ? undefined : target
    this.out = typeof target === 'string' ? fs.createWriteStream(target, { flags: 'wx' }) : target.sink
    this.done = new Promise<void>((resolve, reject) => {
      if (this.staged) this.staged.done.then(resolve, (err) => (this.aborted ? resolve() : reject(err)))
      else {
        this.out.on('close', resolve)
        this.out.on('error', (err) => (this.aborted ? resolve() : reject(err)))
      }
      stream.on('error', () => (this.aborted ? resolve() : reject(new AppError(400, UPLOAD_MSG.interrupted))))
    })
    stream.on('data', (chunk: Buffer) => {
      if (this.aborted) return
      this.size += chunk.length
      this.hash.update(chunk)
      if (!this.sniffed) {
        this.head.push(chunk)
        this.headLength += chunk.length
        if (this.headLength >= HEAD_BYTES) this.sniff()
        if (this.aborted) return
      }
      if (!this.out.write(chunk)) {
        stream.pause()
        this.out.once('drain', () => stream.resume())
      }
    })
    stream.on('end', () => {
      if (this.aborted) return
      if (!this.sniffed) this.sniff()
      if (!this.aborted) this.out.end()
    })
  }

  get sha256() {
    return this.hash.copy().digest('hex')
  }

  /** Stops writing and drops the staged bytes (the caller removes the file with the upload). */
  abort() {
    if (this.aborted) return
    this.aborted = true
    if (this.staged) void this.staged.discard()
    else this.out.destroy()
    // It may be paused waiting for a 'drain' that will not come now; the rest of the part is discarded.
    this.stream.resume()
  }

  private sniff() {
    this.sniffed = true
    this.verdict = sniffHead(Buffer.concat(this.head))
    this.head = []
    // An empty file has no kind yet; it is refused as empty once complete.
    if (this.size > 0 && !couldBe(this.verdict, this.accept)) this.onWrongKind()
  }
}
