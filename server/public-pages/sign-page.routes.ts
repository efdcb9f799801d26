import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DIARY_MSG, PublicSignSchema } from '../../src/contracts/diary'
import * as endpoints from '../../src/contracts/public.endpoints'
import { clientIp } from '../client-ip'
import type { Deps } from '../deps'
import { AppError, validate } from '../http'
import { publicBudget, publicHeaders } from '../limits/public-budget'
import { openSignLink, publicSignDiary, signBudgetKey } from '../modules/diary/diary-public'
import { firmContact } from '../modules/shares/public-share'
import type { On } from '../route'
import { sendPage } from './page-shell'
import { notFoundPageHtml, PAGE_CSP } from './public-frame'
import { SIGN_PAGE_CSP, type SignForm, signDonePageHtml, signGonePageHtml, signPageHtml } from './sign-page'

/*
 * /t/{token}, the contractor's signing page (issue 34): GET shows the day and the form, POST takes the
 * form (a drawn signature is a PNG data URL, up to 200 KB: the body may be 600 KB). Counted against the
 * public budget first, like the share and verify pages; every answer is a page in Indonesian.
 */

type Refuse = (c: Context, message: string, retryAfter: number) => Response | Promise<Response>

function html(c: Context, body: string, status: ContentfulStatusCode = 200, csp = PAGE_CSP) {
  publicHeaders(c)
  c.header('Cache-Control', 'no-store')
  return sendPage(c, body, csp, status)
}

const signForm = bodyLimit({
  maxSize: 600 * 1024,
  onError: () => {
    throw new AppError(413, 'Data terlalu besar')
  },
})

async function show(
  c: Context,
  deps: Deps,
  token: string,
  form?: SignForm,
  status: ContentfulStatusCode = 200,
) {
  const firm = (await firmContact(deps)).name
  try {
    const d = await openSignLink(deps, token)
    return html(c, signPageHtml(firm, token, d, deps.config.firmTimeZone, form), status, SIGN_PAGE_CSP)
  } catch (err) {
    return refusal(c, firm, err)
  }
}

function refusal(c: Context, firm: string, err: unknown) {
  if (!(err instanceof AppError)) throw err
  if (err.status === 404)
    return html(
      c,
      notFoundPageHtml(firm, DIARY_MSG.linkNotFound, 'Periksa lagi alamat tautan yang Anda terima.'),
      404,
    )
  if (err.status === 410) return html(c, signGonePageHtml(firm), 410)
  throw err
}

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : undefined

export function signPageRoutes(deps: Deps, on: On, refuse: Refuse) {
  const budget = publicBudget(deps, signBudgetKey, refuse)

  on(endpoints.signPage, (c) => show(c, deps, c.req.param('token')), { before: [budget] })

  on(
    endpoints.signPagePost,
    async (c) => {
      const token = c.req.param('token')
      const type = c.req.header('content-type') ?? ''
      const form = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)
        ? await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
        : {}
      const raw = {
        decision: field(form, 'decision') ?? '',
        name: field(form, 'name') ?? '',
        position: field(form, 'position') ?? '',
        ...(field(form, 'note') ? { note: field(form, 'note') } : {}),
        ...(field(form, 'signature') ? { signature: field(form, 'signature') } : {}),
      }
      const again = { name: raw.name, position: raw.position, note: raw.note }
      const firm = (await firmContact(deps)).name
      try {
        const input = validate(PublicSignSchema, raw)
        const done = await publicSignDiary(deps, token, clientIp(c, deps.config.trustProxy), input)
        return html(c, signDonePageHtml(firm, done.status === 'returned'))
      } catch (err) {
        if (err instanceof AppError && err.status === 422)
          return show(c, deps, token, { ...again, error: err.message }, 422)
        return refusal(c, firm, err)
      }
    },
    { before: [budget, signForm] },
  )
}
