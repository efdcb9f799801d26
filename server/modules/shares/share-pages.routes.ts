import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as endpoints from '../../../src/contracts/public.endpoints'
import { SHARE_MSG } from '../../../src/contracts/shares'
import type { Deps } from '../../deps'
import { AppError } from '../../http'
import type { Routes } from '../../route'
import { PAGE_CSP } from './page-shell'
import { firmName, isPreviewBot, openShare } from './public-share'
import { publicHeaders } from './public-share.routes'
import {
  gonePageHtml,
  notFoundPageHtml,
  pinPageHtml,
  sharePageHtml,
  throttledPageHtml,
  verifyNotFoundHtml,
  verifyPageHtml,
} from './share-pages'
import { verifyReport } from './verify.service'

/*
 * The two public pages, /s/{token} and /v/{code} (issue 24): served at the site's root, not under /api
 * (app.ts mounts this module's router there), declared like every endpoint so OpenAPI and the access
 * matrix see them. Plain HTML, no script: the PIN is a form that posts back to the same address.
 */

function html(
  c: Context,
  body: string,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
) {
  publicHeaders(c)
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  for (const [k, v] of Object.entries(headers)) c.header(k, v)
  return c.html(body, status)
}

/** Renders the link's page, or the page that says why not (404, 410, the PIN form, 429). */
async function sharePage(c: Context, deps: Deps, token: string, pin: string | undefined) {
  const firm = firmName(deps)
  try {
    const count = c.req.method !== 'HEAD' && !isPreviewBot(c.req.header('user-agent'))
    const data = await openShare(deps, token, pin, count)
    return html(c, sharePageHtml(data, deps.config.firmTimeZone))
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    if (err.status === 404)
      return html(
        c,
        notFoundPageHtml(firm, SHARE_MSG.notFound, 'Periksa lagi alamat tautan yang Anda terima.'),
        404,
      )
    if (err.status === 410) return html(c, gonePageHtml(firm), 410)
    if (err.status === 401)
      return html(c, pinPageHtml(firm, token, pin === undefined ? undefined : err.message), 401)
    if (err.status === 429) return html(c, throttledPageHtml(firm, err.message), 429, err.headers)
    throw err
  }
}

/** A form post is a few bytes; anything bigger is not the PIN form. */
const smallForm = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw new AppError(413, 'Data terlalu besar')
  },
})

export const sharePageRoutes: Routes = (deps, on) => {
  on(endpoints.sharePage, (c) => sharePage(c, deps, c.req.param('token'), undefined))

  on(
    endpoints.sharePagePin,
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      let pin = ''
      if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
        pin = typeof form.pin === 'string' ? form.pin.trim() : ''
      }
      // An empty field is a wrong PIN here (the form asked for one), not a request for the form.
      return sharePage(c, deps, c.req.param('token'), pin || '')
    },
    { before: [smallForm] },
  )

  on(endpoints.verifyPage, async (c) => {
    const firm = firmName(deps)
    try {
      const v = await verifyReport(deps, c.req.param('code'))
      return html(c, verifyPageHtml(firm, v, deps.config.firmTimeZone))
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return html(c, verifyNotFoundHtml(firm), 404)
      throw err
    }
  })
}
