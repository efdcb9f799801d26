import type { Config } from '../config'
import type { BlobStore } from './blob-store'
import { createLocalDiskStore } from './local-disk'
import { createS3Store, parseS3Url } from './s3'

/**
 * The store STORAGE_URL names: `s3://bucket/prefix?endpoint=...&region=...&forcePathStyle=true` for an
 * S3-compatible object store, nothing for local disk under DATA_DIR/storage.
 */
export function createBlobStore(config: Pick<Config, 'dataDir' | 'storageUrl'>): BlobStore {
  if (config.storageUrl) return createS3Store(parseS3Url(config.storageUrl))
  return createLocalDiskStore(config.dataDir)
}
