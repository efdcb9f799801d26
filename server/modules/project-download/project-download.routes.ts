import { Readable } from 'node:stream'
import type { MiddlewareHandler } from 'hono'
import { PROJECT_DOWNLOAD_MSG } from '../../../src/contracts/projects'
import * as endpoints from '../../../src/contracts/projects.endpoints'
import type { AppEnv } from '../../deps'
import { contentDisposition } from '../../downloads'
import type { Routes } from '../../route'
import { zipStream } from '../../zip/zip-writer'
import { projectArchive } from './project-archive'

/**
 * SPEC section 7 reads the project download's outcome from a JSON header `x-response` ({ success,
 * message, data }), since its body is a zip (or, on failure, read by a client that only looks at the
 * header). JSON is ASCII-only here: header values are bytes, so anything else is escaped as \uXXXX.
 */
export function responseHeader(value: { success: boolean; message: string; data?: unknown }): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * Every failure of the download route, wherever it comes from (401 from authentication, 404/403 from
 * the policy), also carries its message in `x-response`. Runs before authentication.
 */
function projectDownloadFailures(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.res.status < 400 || c.res.headers.has('x-response')) return
    let message: string = PROJECT_DOWNLOAD_MSG.failed
    try {
      const body = (await c.res.clone().json()) as { message?: unknown }
      if (typeof body.message === 'string' && body.message) message = body.message
    } catch {
      /* not JSON: the default message */
    }
    c.header('x-response', responseHeader({ success: false, message }))
  }
}

/** GET /api/project/download/{id}: the whole project as one zip, streamed with its exact length. */
export const projectDownloadRoutes: Routes = (deps, on) => {
  on(
    endpoints.download,
    async (c) => {
      const release = await deps.exportSlots.take(c.req.raw.signal)
      let archive: Awaited<ReturnType<typeof projectArchive>>
      try {
        archive = await projectArchive(deps, c.var.user, c.req.param('id'))
      } catch (err) {
        release()
        throw err
      }
      const headers = {
        'Content-Type': 'application/zip',
        'Content-Length': String(archive.plan.length),
        'Content-Disposition': contentDisposition(archive.fileName),
        'X-Content-Type-Options': 'nosniff',
        'x-response': responseHeader({
          success: true,
          message: PROJECT_DOWNLOAD_MSG.downloaded,
          data: { file_name: archive.fileName, size: archive.plan.length, files: archive.files },
        }),
      }
      // A HEAD asks for the size: nothing is opened.
      if (c.req.method === 'HEAD') {
        release()
        return c.body(null, 200, headers)
      }
      const stream = zipStream(archive.plan)
      // The slot (and the listing it stands for) is held until the stream is done, however it ends.
      stream.once('close', release)
      // Past the headers there is no answer left to change: a source that fails (a blob gone since the
      // listing) ends the connection early, so the browser sees an incomplete download, never a wrong zip.
      stream.on('error', (err) =>
        deps.logger.error('project download failed mid-stream', { projectId: archive.projectId, err }),
      )
      // A client that goes away stops the reading at once (and closes the open source).
      c.req.raw.signal?.addEventListener('abort', () => stream.destroy(), { once: true })
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, headers)
    },
    { before: [projectDownloadFailures()] },
  )
}
