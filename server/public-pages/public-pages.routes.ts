import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie, setCookie } from 'hono/cookie'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { pathTo } from '../../src/contracts/endpoint'
import * as endpoints from '../../src/contracts/public.endpoints'
import { SHARE_MSG } from '../../src/contracts/shares'
import type { Deps } from '../deps'
import { AppError } from '../http'
import { publicBudget, publicHeaders } from '../limits/public-budget'
import { verifyBudgetKey, verifyReport } from '../modules/reports/verify.service'
import {
  enterPin,
  firmContact,
  openShare,
  PIN_PASS_COOKIE,
  shareBudgetKey,
  visitorOf,
} from '../modules/shares/public-share'
import type { Routes } from '../route'
import { sendPage } from './page-shell'
import { busyPageHtml, notFoundPageHtml, PAGE_CSP } from './public-frame'
import { gonePageHtml, pinPageHtml, sharePageHtml, throttledPageHtml } from './share-pages'
import { signPageRoutes } from './sign-page.routes'
import { verifyNotFoundHtml, verifyPageHtml } from './verify-page'

/*
 * The public pages (issue 24): /s/{token}, a share link's page for the client, and /v/{code}, a printed
 * report's verification. Served at the site's root, not under /api (app.ts mounts this router there,
 * their prefixes are src/contracts/public-paths.ts), declared like every endpoint (`access: 'public'`)
 * so OpenAPI and the access matrix see them. Each one: counted against the public budget before
 * anything else runs (busy page over it), what it shows read through its module's service (the share's
 * photos cached per write epoch), answered in the one page shell with its CSP, `no-store` and the
 * headers of every anonymous answer. Plain HTML: the PIN is a form that posts back to the same address;
 * a right PIN leaves a signed pass cookie on the link's path and redirects (303) to the page, so a
 * reload or Back from the PDF opens it again instead of asking to re-send the form.
 */

function html(
  c: Context,
  body: string,
  status: ContentfulStatusCode = 200,
  headers: Record<string, string> = {},
) {
  publicHeaders(c)
  c.header('Cache-Control', 'no-store')
  return sendPage(c, body, PAGE_CSP, status, headers)
}

/** Renders the link's page, or the page that says why not (404, 410, the PIN form, 429). */
async function sharePage(c: Context, deps: Deps, token: string) {
  try {
    const data = await openShare(deps, token, visitorOf(c, deps), undefined, getCookie(c, PIN_PASS_COOKIE))
    return html(c, sharePageHtml(data, deps.config.firmTimeZone))
  } catch (err) {
    return refusal(c, deps, token, undefined, err)
  }
}

/** The PIN form's post: a right PIN earns the pass and goes to the page; anything else is answered here. */
async function pinPosted(c: Context, deps: Deps, token: string, pin: string) {
  try {
    const pass = await enterPin(deps, token, pin, visitorOf(c, deps).address)
    if (pass) {
      setCookie(c, PIN_PASS_COOKIE, pass.value, {
        path: pathTo(endpoints.sharePage, { token }),
        maxAge: pass.maxAge,
        httpOnly: true,
        sameSite: 'Lax',
        secure:
          new URL(c.req.url).protocol === 'https:' || (deps.config.publicUrl ?? '').startsWith('https:'),
      })
    }
    c.header('Cache-Control', 'no-store')
    return c.redirect(pathTo(endpoints.sharePage, { token }), 303)
  } catch (err) {
    return refusal(c, deps, token, pin, err)
  }
}

/** The page that says why the link does not open: 404, 410, the PIN form (with its error, 401/422), 429. */
async function refusal(c: Context, deps: Deps, token: string, pin: string | undefined, err: unknown) {
  if (!(err instanceof AppError)) throw err
  const contact = await firmContact(deps)
  const firm = contact.name
  if (err.status === 404)
    return html(
      c,
      notFoundPageHtml(firm, SHARE_MSG.notFound, 'Periksa lagi alamat tautan yang Anda terima.'),
      404,
    )
  if (err.status === 410) return html(c, gonePageHtml(firm), 410)
  // 422: a PIN that is not 6 digits (costs no try); 401: none yet, or a wrong one.
  if (err.status === 401 || err.status === 422)
    return html(c, pinPageHtml(contact, token, pin === undefined ? undefined : err.message), err.status)
  if (err.status === 429) return html(c, throttledPageHtml(contact, err.message), 429, err.headers)
  throw err
}

/** A form post is a few bytes; anything bigger is not the PIN form. */
const smallForm = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw new AppError(413, 'Data terlalu besar')
  },
})

/** Over the public budget (server/limits/public-budget.ts): a small page saying when to come back. */
async function busy(c: Context, deps: Deps, message: string, retryAfter: number) {
  const firm = (await firmContact(deps)).name
  return html(c, busyPageHtml(firm, message), 429, { 'Retry-After': String(retryAfter) })
}

export const publicPageRoutes: Routes = (deps, on) => {
  const refuse = (c: Context, message: string, retryAfter: number) => busy(c, deps, message, retryAfter)
  const shareBudget = publicBudget(deps, shareBudgetKey, refuse)
  const verifyBudget = publicBudget(deps, verifyBudgetKey, refuse)

  on(endpoints.sharePage, (c) => sharePage(c, deps, c.req.param('token')), { before: [shareBudget] })

  on(
    endpoints.sharePagePin,
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      let pin = ''
      if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
        pin = typeof form.pin === 'string' ? form.pin.trim() : ''
      }
      // An empty field is answered on the form (422 'PIN harus 6 angka'), not as a request for it.
      return pinPosted(c, deps, c.req.param('token'), pin)
    },
    { before: [shareBudget, smallForm] },
  )

  on(
    endpoints.verifyPage,
    async (c) => {
      const firm = (await firmContact(deps)).name
      try {
        const v = await verifyReport(deps, c.req.param('code'))
        return html(c, verifyPageHtml(firm, v, deps.config.firmTimeZone))
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return html(c, verifyNotFoundHtml(firm), 404)
        throw err
      }
    },
    { before: [verifyBudget] },
  )

  signPageRoutes(deps, on, refuse)
}
