import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { MSG } from '../src/contracts/common'
import { PUBLIC_PAGE_PREFIXES, STORAGE_PREFIX } from '../src/contracts/public-paths'
import * as system from '../src/contracts/system.endpoints'
import type { AppEnv, Deps } from './deps'
import { AppError, rejectControlCharsInUrl } from './http'
import { adminRoutes } from './modules/admins/admins.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { requireAuth } from './modules/auth/require-auth'
import { contractRoutes } from './modules/contract/contract.routes'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import { diaryRoutes } from './modules/diary/diary.routes'
import { diaryPrintRoutes } from './modules/diary/diary-print.routes'
import { docRoutes } from './modules/documentation/documentation.routes'
import { employeeRoutes } from './modules/employees/employees.routes'
import { fileRoutes } from './modules/files/files.routes'
import { folderRoutes } from './modules/folders/folders.routes'
import { historyRoutes } from './modules/history/history.routes'
import { notificationRoutes } from './modules/notifications/notifications.routes'
import { projectDownloadRoutes } from './modules/project-download/project-download.routes'
import { projectRoutes } from './modules/projects/projects.routes'
import { recapRoutes } from './modules/recaps/recaps.routes'
import { reportRoutes } from './modules/reports/reports.routes'
import { verifyRoutes } from './modules/reports/verify.routes'
import { resumableRoutes } from './modules/resumable-uploads/resumable.routes'
import { settingsRoutes } from './modules/settings/settings.routes'
import { publicShareRoutes } from './modules/shares/public-share.routes'
import { shareRoutes } from './modules/shares/shares.routes'
import { trashRoutes } from './modules/trash/trash.routes'
import { isTrashedPublicBlob } from './modules/trash/trashed-blobs'
import { userRoutes } from './modules/users/users.routes'
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes'
import { workItemRoutes } from './modules/work-items/work-items.routes'
import { openApiDocument } from './openapi/document'
import { REFERENCE_CSP, referencePage } from './openapi/reference-page'
import { sendPage } from './public-pages/page-shell'
import { publicPageRoutes } from './public-pages/public-pages.routes'
import { endpointRouter, type Routes } from './route'
import { securityHeaders } from './security-headers'
import { publicBlobRoutes } from './storage/public-blobs'
import { closeUnreadBody } from './uploads/close-unread-body'

const JSON_LIMIT = 1024 * 1024

/** Every module that serves declared endpoints (src/contracts/*.endpoints.ts). */
const API_MODULES: readonly Routes[] = [
  authRoutes,
  userRoutes,
  adminRoutes,
  employeeRoutes,
  projectRoutes,
  dashboardRoutes,
  projectDownloadRoutes,
  folderRoutes,
  fileRoutes,
  docRoutes,
  recapRoutes,
  resumableRoutes,
  notificationRoutes,
  whatsappRoutes,
  workItemRoutes,
  historyRoutes,
  trashRoutes,
  reportRoutes,
  verifyRoutes,
  shareRoutes,
  publicShareRoutes,
  settingsRoutes,
  contractRoutes,
  diaryRoutes,
  diaryPrintRoutes,
]

/**
 * Declared endpoints served at the site's root instead of under /api: the public pages a client opens
 * from a link or a printed code (server/public-pages/: /s/{token}, /v/{code}). Same declarations, same
 * OpenAPI and matrix.
 */
const PAGE_MODULES: readonly Routes[] = [publicPageRoutes]

/** Builds the whole HTTP app from its dependencies; index.ts serves it and tests call app.request(). */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()

  // Outermost, so it sees every answer (errors included) that leaves a request body unread.
  app.use('*', closeUnreadBody())
  app.use('*', securityHeaders())

  // Phones on weak signal: the app's own text assets travel gzipped (images are skipped by type). Not
  // /api: its answers are mostly small and carry no Content-Length, so the middleware would gzip every
  // one of them (measured: half the throughput of a tiny call); the big lists gzip once in okCached().
  const gzipAssets = compress()
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : gzipAssets(c, next)))

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v)
      return c.json(
        { success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) },
        err.status,
      )
    }
    if (err instanceof HTTPException) {
      const status = err.status
      const message = status === 413 ? MSG.tooLarge : status === 401 ? MSG.unauthenticated : MSG.malformed
      return c.json({ success: false, message }, status)
    }
    // The client went away while its body was being read (a phone losing signal mid-request): nothing
    // failed here and nobody reads the answer. Noted at info level, without a stack trace.
    if (clientWentAway(err, c.req.raw)) {
      deps.logger.info('client went away', { method: c.req.method, path: c.req.path })
      return c.json({ success: false, message: MSG.malformed }, 400)
    }
    // Fields, not text: the logger writes JSON lines, so a decoded %0a in the path cannot forge a line.
    deps.logger.error('request failed', { method: c.req.method, path: c.req.path, err })
    return c.json({ success: false, message: MSG.serverError }, 500)
  })

  const api = new Hono<AppEnv>()
  // A path or query with a control character (%00, %0a...) names nothing: 404/400 before any route.
  api.use('*', rejectControlCharsInUrl)
  // JSON bodies are small; multipart routes stream and enforce their own limits. GET and HEAD carry no
  // body: asking for one would make the node adapter build a full Request on every read call.
  const jsonLimit = bodyLimit({
    maxSize: JSON_LIMIT,
    onError: () => {
      throw new AppError(413, MSG.tooLarge)
    },
  })
  api.use('*', async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD') return next()
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return next()
    return jsonLimit(c, next)
  })
  api.use('*', async (c, next) => {
    // Set before the handler, so it travels in the response as created (see security-headers.ts).
    c.header('Cache-Control', 'no-store')
    await next()
    // Any write may change counts or visibility: move the shared write epoch before this response
    // leaves, so cached reads on every process recompute (server/read-cache.ts).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await deps.readCache.bump()
  })

  const auth = requireAuth(deps)
  const router = endpointRouter(deps, API_MODULES, auth)
  const pages = endpointRouter(deps, PAGE_MODULES, auth)
  // Public hello-world: liveness probe and the baseline of bench/api-load.ts.
  router.on(system.health, (c) => c.json({ success: true, message: 'ok' }))
  // The API reference, generated from the endpoint declarations the router serves (server/openapi).
  let reference: ReturnType<typeof openApiDocument> | undefined
  const document = () => {
    reference ??= openApiDocument([...router.served, ...pages.served])
    return reference
  }
  router.on(system.openApi, (c) => c.json(document()))
  router.on(system.reference, (c) =>
    sendPage(c, referencePage(document() as Parameters<typeof referencePage>[0]), REFERENCE_CSP),
  )
  api.route('/', router.app)
  // Unknown /api paths: behind authentication like everything else, then 404 for everyone.
  api.all('*', router.auth, (c) => c.json({ success: false, message: 'Alamat API tidak ditemukan' }, 404))
  app.route('/api', api)
  // Before the SPA fallback below, so the app shell never answers these addresses (their prefixes:
  // src/contracts/public-paths.ts, which the service worker and `vite dev` read too).
  for (const prefix of Object.values(PUBLIC_PAGE_PREFIXES)) app.use(`${prefix}*`, rejectControlCharsInUrl)
  app.route('/', pages.app)

  // Public blobs (doc images, avatars) by unguessable name, through the blob store; a photo of an item
  // in Sampah is not public while it is there.
  app.route(
    STORAGE_PREFIX.slice(0, -1),
    publicBlobRoutes(deps.store, (key) => isTrashedPublicBlob(deps.db, key)),
  )

  const webDir = deps.config.webDir
  if (webDir && fs.existsSync(path.join(webDir, 'index.html'))) {
    // Hashed build assets never change; the shell, SW and manifest must always revalidate.
    app.use('*', async (c, next) => {
      await next()
      if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
      const hashed = c.req.path.startsWith('/assets/')
      c.res.headers.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    })
    app.use('*', serveStatic({ root: webDir }))
    // A missing build asset is a real 404: answering index.html would fail as a wrong-MIME script.
    app.get('/assets/*', (c) => c.text('Not found', 404))
    // SPA fallback: every other GET is a client route (the router shows its own not-found page).
    // Read per request (a ~1 KB file) so a rebuild never leaves the server pointing at deleted assets.
    const indexHtml = path.join(webDir, 'index.html')
    app.get('*', async (c) => c.html(await fs.promises.readFile(indexHtml, 'utf8')))
  }

  return app
}

/** Node's 'aborted' (ECONNRESET) on a request stream whose client closed the connection before the end. */
function clientWentAway(err: Error, request: Request): boolean {
  const code = (err as { code?: unknown }).code
  return request.signal.aborted || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE'
}
