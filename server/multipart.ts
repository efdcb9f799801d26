import fs from 'node:fs'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import Busboy from 'busboy'
import type { Context } from 'hono'
import { MSG } from '../src/contracts/common'
import { AppError } from './http'
import type { BlobStore } from './storage/blob-store'

export type ReceivedFile = { field: string; name: string; mime: string; size: number; tempPath: string }
export type Multipart = {
  fields: Record<string, string[]>
  files: ReceivedFile[]
  cleanup: () => Promise<void>
}

type Options = {
  store: BlobStore
  maxFileBytes: number
  maxFiles: number
  fileFields: string[]
}

/**
 * Streams a multipart body to temp files (never the whole body in memory). On any failure every
 * temp file is removed, so a half-written upload never survives. Callers adopt() the temp files they
 * keep and must call cleanup() for the rest.
 */
export async function receiveMultipart(c: Context, opts: Options): Promise<Multipart> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError(415, 'Data harus dikirim sebagai multipart/form-data')
  const body = c.req.raw.body
  if (!body) throw new AppError(400, MSG.malformed)

  const fields: Record<string, string[]> = {}
  const files: ReceivedFile[] = []
  const pending: Promise<void>[] = []
  const cleanup = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.tempPath, { force: true })))
  }

  let bb: Busboy.Busboy
  try {
    bb = Busboy({
      headers: { 'content-type': type },
      limits: {
        fileSize: opts.maxFileBytes,
        files: opts.maxFiles,
        fields: 50,
        fieldSize: 64 * 1024,
        parts: opts.maxFiles + 60,
      },
      defParamCharset: 'utf8',
    })
  } catch {
    throw new AppError(400, MSG.malformed)
  }

  let failure: AppError | undefined
  const fail = (err: AppError) => {
    failure ??= err
  }

  bb.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(new AppError(413, MSG.tooLarge))
    fields[name] = [...(fields[name] ?? []), value]
  })
  bb.on('file', (field, stream, info) => {
    if (!opts.fileFields.includes(field)) {
      stream.resume()
      return
    }
    const tempPath = opts.store.tempPath()
    const file: ReceivedFile = {
      field,
      name: info.filename ?? 'file',
      mime: info.mimeType,
      size: 0,
      tempPath,
    }
    files.push(file)
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        file.size += chunk.length
        cb(null, chunk)
      },
    })
    stream.on('limit', () => fail(new AppError(413, `Ukuran file ${file.name} melebihi batas`)))
    pending.push(
      pipeline(stream, counter, fs.createWriteStream(tempPath)).catch(() =>
        fail(new AppError(400, MSG.malformed)),
      ),
    )
  })
  bb.on('filesLimit', () => fail(new AppError(413, 'Terlalu banyak file dalam satu unggahan')))
  bb.on('fieldsLimit', () => fail(new AppError(413, MSG.tooLarge)))
  bb.on('partsLimit', () => fail(new AppError(413, MSG.tooLarge)))

  try {
    await pipeline(Readable.fromWeb(body as unknown as WebReadableStream), bb)
    await Promise.all(pending)
  } catch {
    fail(new AppError(400, MSG.malformed))
  }
  if (failure) {
    await Promise.allSettled(pending)
    await cleanup()
    throw failure
  }
  return { fields, files, cleanup }
}
