import type { Context } from 'hono'
import { FILE_MSG, type UploadResponse } from '../../../src/contracts/files'
import * as endpoints from '../../../src/contracts/files.endpoints'
import { optionalJson } from '../../base/optional-json'
import { sendStoredFile } from '../../downloads'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { runUpload } from '../../uploads/upload-service'
import { fileDownload, fileUpload, NothingStored, removeFile, reviewFile } from './files.service'

/**
 * /api/file (SPEC section 7, Files). Handlers parse, call the service and answer; who may do what is
 * decided in the service (server/access.ts).
 */
export const fileRoutes: Routes = (deps, on) => {
  // SPEC's answer: { success, message, results, errors: [{ name, message }] }. The stored files and the
  // Idempotency-Key's answer commit together; a repeat replays the same answer.
  on(endpoints.upload, (c) =>
    inSpecEnvelope(c, () =>
      runUpload(c, deps, fileUpload, { slug: c.req.param('slug'), area: c.req.param('area') }),
    ),
  )

  on(endpoints.download, async (c) => {
    const file = await fileDownload(
      deps,
      c.var.user,
      c.req.param('slug'),
      c.req.param('area'),
      c.req.param('fileUuid'),
    )
    return sendStoredFile(c, deps.store, file)
  })

  on(endpoints.review, async (c) => {
    const status = c.req.param('status')
    const file = await reviewFile(
      deps,
      c.var.user,
      c.req.param('slug'),
      c.req.param('fileUuid'),
      status,
      () => optionalJson(c),
    )
    return ok(c, status === 'approved' ? FILE_MSG.fileApproved : FILE_MSG.fileRejected, file)
  })

  on(endpoints.removeFile, async (c) => {
    await removeFile(deps, c.var.user, c.req.param('slug'), c.req.param('fileUuid'))
    return ok(c, FILE_MSG.fileDeleted)
  })
}

/**
 * SPEC's answer of an area upload: { success, message, results, errors: [{ name, message }] }. The
 * envelope keeps the outcome in `data` as every create does; SPEC's fields sit beside it. A repeat keeps
 * its Idempotent-Replayed header. Also the answer of a completed resumable area upload.
 */
export async function inSpecEnvelope(c: Context, run: () => Promise<Response>): Promise<Response> {
  let res: Response
  try {
    res = await run()
  } catch (err) {
    if (!(err instanceof NothingStored)) throw err
    const body: UploadResponse = { success: false, message: err.message, results: [], errors: err.errors }
    return c.json(body, err.status)
  }
  const envelope = (await res.json()) as { success: boolean; message: string; data: UploadResponse }
  return c.json(
    { ...envelope, results: envelope.data.results, errors: envelope.data.errors },
    res.status as 201,
    Object.fromEntries([...res.headers].filter(([k]) => k.toLowerCase() === 'idempotent-replayed')),
  )
}
