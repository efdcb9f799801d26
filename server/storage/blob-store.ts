import type { Readable } from 'node:stream'

/**
 * Where uploaded bytes live. Blobs are named by random uuid, never by user input.
 * `public` blobs (doc images, avatars) are served at /storage/{key}; `private` ones only through
 * authenticated download calls.
 */
export type Visibility = 'public' | 'private'

export interface BlobStore {
  /** Moves a finished temp file into the store (atomic rename) and returns its key `{uuid}.{ext}`. */
  adopt(tempPath: string, ext: string, visibility: Visibility): Promise<string>
  open(key: string, visibility: Visibility): Readable
  size(key: string, visibility: Visibility): Promise<number>
  remove(key: string, visibility: Visibility): Promise<void>
  /** A fresh temp file path on the same filesystem as the store, so adopt() can rename. */
  tempPath(): string
  publicDir: string
}
