import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/*
 * Scratch files: local disk under DATA_DIR, whatever the blob store. Uploads are staged here while they
 * stream in (server/uploads/receive.ts), and a job or a service that needs a file on disk (a report's
 * PDF, a thumbnail, a photo without its GPS, a resumable upload's assembled parts) writes one here. The
 * caller removes its file when done; what a killed process left is swept hourly once older than an hour
 * (server/uploads/sweep.ts).
 */

/** The scratch folder of a data directory. */
export const scratchDir = (dataDir: string) => path.join(dataDir, 'upload-staging')

/** A fresh path in the scratch folder (made if missing) for a file of this extension. */
export async function scratchFile(dataDir: string, ext: string): Promise<string> {
  const dir = scratchDir(dataDir)
  await fs.promises.mkdir(dir, { recursive: true })
  return path.join(dir, `${randomUUID()}.${ext}`)
}
