import { randomUUID } from 'node:crypto'
import type { Readable, Writable } from 'node:stream'

/**
 * Where uploaded bytes live, behind an interface an object store (S3 and alikes) can implement: keys in,
 * streams out, no filesystem path ever leaves a driver. Blobs are named by random uuid, never by user
 * input. `public` blobs (doc images, avatars) are served at /storage/{key}; `private` ones only through
 * authenticated download calls.
 */
export type Visibility = 'public' | 'private'

/**
 * A blob to put: a stream, a finished file on this machine (a driver may move it instead of copying),
 * or bytes already staged in this very store by stage() (moved under the key without passing through
 * this process again).
 */
export type BlobSource = Readable | { localFile: string } | { staged: StagedWrite }

/**
 * Bytes on their way into the store under a temporary name, written as they arrive (an upload that
 * needs no copy on local disk). Not a blob yet: put(key, visibility, { staged }) makes it one; discard()
 * drops it; the orphan sweep's removeIncomplete() drops those a dead process left.
 */
export interface StagedWrite {
  /** Write the bytes here (backpressure honoured), then end() it. */
  readonly sink: Writable
  /** Settles once every byte written is stored (or the write failed). */
  readonly done: Promise<void>
  /** Bytes stored so far. */
  readonly size: number
  /** `length` bytes from `position` of the stored bytes (after `done`), for sniffers reading a file's end. */
  read(position: number, length: number): Promise<Buffer>
  /** Drops the staged bytes; nothing once put() has taken them. Never throws. */
  discard(): Promise<void>
}

/** Inclusive byte offsets as in HTTP ranges; `end` absent means "to the last byte". */
export type ByteRange = { start: number; end?: number } | { suffix: number }

export type BlobRead = {
  stream: Readable
  /** Bytes in `stream`. */
  size: number
  /** Bytes of the whole blob. */
  total: number
  /** The inclusive range that `stream` holds (the whole blob when no range was asked). */
  start: number
  end: number
  lastModified: Date | undefined
}

export type BlobHead = { size: number; lastModified: Date | undefined }
export type BlobListing = { key: string; lastModified: Date | undefined }

export interface BlobStore {
  /**
   * Stores `body` under `key` (a fresh key from newBlobKey()). Resolves once the blob is complete and
   * readable; a failed put leaves nothing readable under the key. A `localFile` source may be moved away.
   */
  put(key: string, visibility: Visibility, body: BlobSource): Promise<void>
  /** The blob's bytes (a range of them when asked); undefined when absent. Throws RangeNotSatisfiable. */
  get(key: string, visibility: Visibility, range?: ByteRange): Promise<BlobRead | undefined>
  head(key: string, visibility: Visibility): Promise<BlobHead | undefined>
  /** Removes the blob; an absent one is not an error. */
  delete(key: string, visibility: Visibility): Promise<void>
  /** Every stored key of one visibility, for the orphan sweep. */
  list(visibility: Visibility): AsyncIterable<BlobListing>
  /** Drops writes a dead process never finished (half-written puts, staged uploads) that started before `before`. */
  removeIncomplete(before: Date): Promise<number>
  /**
   * Present where uploads are better written straight into the store than staged on local disk (an
   * object store on another machine): the upload pipeline then keeps no local copy (uploads/receive.ts).
   */
  stage?(): StagedWrite
}

export class RangeNotSatisfiable extends Error {
  constructor(readonly total: number) {
    super(`range not satisfiable (blob has ${total} bytes)`)
  }
}

/** `{uuid}.{ext}`: the only shape a key may have, so a key can never walk out of a store. */
export const BLOB_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,10}$/

export function newBlobKey(ext: string): string {
  const clean =
    ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10) || 'bin'
  return `${randomUUID()}.${clean}`
}

/**
 * Resolves a requested range against the blob's size; throws RangeNotSatisfiable when no byte of it
 * exists (RFC 9110 §14.1.2: a start past the end, or a suffix of 0 bytes).
 */
export function resolveRange(range: ByteRange | undefined, total: number): { start: number; end: number } {
  if (!range) return { start: 0, end: total - 1 }
  if ('suffix' in range) {
    if (range.suffix <= 0 || total === 0) throw new RangeNotSatisfiable(total)
    return { start: Math.max(0, total - range.suffix), end: total - 1 }
  }
  if (range.start >= total) throw new RangeNotSatisfiable(total)
  return { start: range.start, end: Math.min(range.end ?? total - 1, total - 1) }
}
