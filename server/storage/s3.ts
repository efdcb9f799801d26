import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { Readable, Transform } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import {
  BLOB_KEY,
  type BlobListing,
  type BlobStore,
  RangeNotSatisfiable,
  resolveRange,
  type StagedWrite,
  type Visibility,
} from './blob-store'
import { TYPE_BY_EXT } from './kinds'

/** Where the objects live: `s3://bucket/prefix?endpoint=...&region=...&forcePathStyle=true`. */
export type S3Location = {
  bucket: string
  /** '' or ending in '/'; blobs sit at {prefix}{public|private}/{key}. */
  prefix: string
  endpoint: string | undefined
  region: string
  forcePathStyle: boolean
}

/**
 * A multipart part: S3's minimum is 5 MiB. lib-storage holds at most queueSize x partSize bytes of one
 * upload in memory (its documented bound), so a 200 MB upload costs ~16 MB here, never its size.
 */
export const PART_SIZE = 8 * 1024 * 1024
export const QUEUE_SIZE = 2

export function parseS3Url(raw: string): S3Location {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`STORAGE_URL tidak valid: "${raw}"`)
  }
  if (url.protocol !== 's3:' || !url.hostname)
    throw new Error(`STORAGE_URL harus berbentuk s3://bucket/prefix (bukan "${raw}")`)
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
  const q = url.searchParams
  return {
    bucket: url.hostname,
    prefix: path ? `${path}/` : '',
    endpoint:
      q.get('endpoint') || process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL || undefined,
    region: q.get('region') || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: q.get('forcePathStyle') === 'true' || q.get('forcePathStyle') === '1',
  }
}

export function s3Client(loc: S3Location): S3Client {
  return new S3Client({
    region: loc.region,
    endpoint: loc.endpoint,
    forcePathStyle: loc.forcePathStyle,
    // Credentials: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles).
    // Checksums only where an operation requires one: newer SDKs otherwise send aws-chunked bodies with
    // trailing checksums, which older S3-compatible servers (s3rver, some Ceph/Garage versions) reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its object's connection while a slow phone reads it; the SDK's default of 50
    // sockets would make the 51st concurrent download (or any small read) wait for one to end.
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: 512 },
      httpsAgent: { keepAlive: true, maxSockets: 512 },
    },
  })
}

const statusOf = (err: unknown) =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined
const isAbsent = (err: unknown) =>
  statusOf(err) === 404 ||
  (err as { name?: string })?.name === 'NoSuchKey' ||
  (err as { name?: string })?.name === 'NotFound'

/**
 * Blobs in an S3-compatible object store (AWS S3, R2, MinIO, Garage, Ceph RGW). Puts stream as
 * multipart uploads with bounded memory; an object only becomes visible when its upload completes, so
 * a reader never sees half a blob; a failed upload is aborted (its parts dropped) by lib-storage.
 */
export function createS3Store(loc: S3Location, client: S3Client = s3Client(loc)): BlobStore {
  const objectKey = (key: string, visibility: Visibility) => {
    if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`)
    return `${loc.prefix}${visibility}/${key}`
  }
  const Bucket = loc.bucket
  const stagingPrefix = `${loc.prefix}staging/`
  /** The temporary object of each staged write of this store. */
  const stagedKeys = new WeakMap<StagedWrite, string>()

  const head = async (key: string, visibility: Visibility) => {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key, visibility) }))
      return { size: r.ContentLength ?? 0, lastModified: r.LastModified }
    } catch (err) {
      if (isAbsent(err)) return undefined
      throw err
    }
  }

  const store: BlobStore = {
    async put(key, visibility, body) {
      const ext = key.slice(key.lastIndexOf('.') + 1)
      const ContentType = TYPE_BY_EXT[ext] ?? 'application/octet-stream'
      if (!(body instanceof Readable) && 'staged' in body) {
        const staged = stagedKeys.get(body.staged)
        if (!staged) throw new Error('staged write of another store')
        await body.staged.done
        // A server-side copy: the bytes do not pass through this process again. One CopyObject
        // takes up to 5 GB (S3's limit); larger ones are streamed through (MAX_UPLOAD_MB is far below).
        if (body.staged.size <= 5 * 1024 ** 3) {
          await client.send(
            new CopyObjectCommand({
              Bucket,
              Key: objectKey(key, visibility),
              CopySource: encodeURI(`${Bucket}/${staged}`),
              ContentType,
              MetadataDirective: 'REPLACE',
            }),
          )
        } else {
          const r = await client.send(new GetObjectCommand({ Bucket, Key: staged }))
          await store.put(key, visibility, r.Body as Readable)
        }
        await body.staged.discard()
        return
      }
      const Body = body instanceof Readable ? body : fs.createReadStream(body.localFile)
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(key, visibility),
          Body,
          ContentType,
        },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } finally {
        if (!Body.destroyed) Body.destroy()
      }
    },

    async get(key, visibility, range) {
      const Key = objectKey(key, visibility)
      let header: string | undefined
      if (range) {
        if ('suffix' in range) {
          // A suffix is turned into offsets here: some S3-compatible servers (s3rver) read `bytes=-n` as
          // `bytes=0-n`, and bytes=-0 (no byte) would get the whole object from others. Rare (resumes
          // send a-), so the extra HEAD is cheap.
          const h = await head(key, visibility)
          if (!h) return undefined
          const exact = resolveRange(range, h.size)
          header = `bytes=${exact.start}-${exact.end}`
        } else header = `bytes=${range.start}-${range.end ?? ''}`
      }
      let r: GetObjectCommandOutput
      try {
        r = await client.send(new GetObjectCommand({ Bucket, Key, Range: header }))
      } catch (err) {
        if (isAbsent(err)) return undefined
        if (statusOf(err) === 416) {
          const h = await head(key, visibility)
          if (!h) return undefined
          throw new RangeNotSatisfiable(h.size)
        }
        throw err
      }
      const stream = r.Body as Readable
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.ContentRange ?? '')
      if (m) {
        const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])]
        return { stream, size: end - start + 1, total, start, end, lastModified: r.LastModified }
      }
      // No Content-Range: the whole object came (no range asked, or a store that ignores ranges on an
      // object it serves whole). Resolve the asked range against the size so the answer is still right.
      const total = r.ContentLength ?? 0
      if (range) {
        stream.destroy()
        const exact = resolveRange(range, total)
        return store.get(key, visibility, { start: exact.start, end: exact.end })
      }
      return { stream, size: total, total, start: 0, end: total - 1, lastModified: r.LastModified }
    },

    head,

    async delete(key, visibility) {
      // S3 answers 204 for an absent key too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key, visibility) }))
    },

    async *list(visibility): AsyncIterable<BlobListing> {
      const Prefix = `${loc.prefix}${visibility}/`
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }))
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(Prefix.length) ?? ''
          if (BLOB_KEY.test(key)) yield { key, lastModified: o.LastModified }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },

    /**
     * An upload written straight into the bucket under staging/{uuid} as its bytes arrive, with the
     * same bounded memory as put(); put(key, ..., { staged }) copies it under its key in the store.
     */
    stage() {
      const Key = `${stagingPrefix}${randomUUID()}`
      let size = 0
      // Counts what passes; lib-storage reads the other end into parts (at most queueSize x partSize).
      const sink = new Transform({
        highWaterMark: 1024 * 1024,
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length
          callback(null, chunk)
        },
      })
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: sink },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      })
      const done = upload.done().then(() => undefined)
      // Observed by the pipeline through `done`; never an unhandled rejection here.
      done.catch(() => {})
      let discarded = false
      const staged: StagedWrite = {
        sink,
        done,
        get size() {
          return size
        },
        async read(position, length) {
          // As a file read: what exists of the asked bytes, nothing past the end.
          const end = Math.min(position + length, size) - 1
          if (end < position) return Buffer.alloc(0)
          const r = await client.send(
            new GetObjectCommand({ Bucket, Key, Range: `bytes=${position}-${end}` }),
          )
          return Buffer.from(
            await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
          )
        },
        async discard() {
          if (discarded) return
          discarded = true
          sink.destroy()
          await upload.abort().catch(() => {})
          await done.catch(() => {})
          await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => {})
        },
      }
      stagedKeys.set(staged, Key)
      return staged
    },

    /**
     * Aborts multipart uploads a dead process left open (their parts cost storage but are never
     * visible). A store without ListMultipartUploads (s3rver) answers NotImplemented: nothing to abort
     * there; on AWS a lifecycle rule (AbortIncompleteMultipartUpload) is the belt to these braces.
     */
    async removeIncomplete(before) {
      let removed = 0
      // Staged uploads of a process that died before it moved or dropped them.
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: stagingPrefix, ContinuationToken }),
        )
        for (const o of page.Contents ?? []) {
          if (!o.Key || !o.LastModified || o.LastModified >= before) continue
          await client.send(new DeleteObjectCommand({ Bucket, Key: o.Key }))
          removed += 1
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      try {
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix: loc.prefix, KeyMarker, UploadIdMarker }),
          )
          for (const u of page.Uploads ?? []) {
            if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }))
            removed += 1
          }
          KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
          UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
        } while (KeyMarker)
      } catch (err) {
        if ((err as { name?: string })?.name === 'NotImplemented' || statusOf(err) === 501) return removed
        throw err
      }
      return removed
    },
  }
  return store
}
