import axios, { type Options } from 'redaxios'
import { type ApiEnvelope, MSG } from '../contracts/common'
import {
  type AnswerBeside,
  type AnswerData,
  type BodyIn,
  type Endpoint,
  type ParamNames,
  type PathParams,
  pathTo,
} from '../contracts/endpoint'
import { getToken } from './session-token'

/** A failed call, normalised: HTTP status (0 = network), the server's message, field errors on 422. */
export class ApiError extends Error {
  readonly status: number
  readonly errors?: Record<string, string>
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
  }
}

export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? ''

/** A JSON call with no answer for this long is given up (status 0): no button spins for ever on a dead network. */
export const CALL_TIMEOUT_MS = 30_000

/** The one HTTP client. */
export const http = axios.create({
  baseURL: API_BASE_URL,
  // redaxios passes no signal of its own.
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
})

function authHeaders(extra?: Options['headers']): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(extra as Record<string, string>) }
  // Read on every request so a token set or cleared elsewhere (login, logout, another tab) applies at once.
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  return headers
}

function isEnvelope(x: unknown): x is ApiEnvelope {
  return typeof x === 'object' && x !== null && 'message' in x
}

/** Turns anything a call can throw into an ApiError carrying the server's message where there is one. */
export function toApiError(err: unknown, fallback: string = MSG.serverError): ApiError {
  if (err instanceof ApiError) return err
  if (
    typeof err === 'object' &&
    err !== null &&
    'status' in err &&
    typeof (err as { status: unknown }).status === 'number'
  ) {
    const res = err as { status: number; data?: unknown }
    let body = res.data
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        /* not JSON */
      }
    }
    if (isEnvelope(body)) return new ApiError(res.status, body.message || fallback, body.errors)
    return new ApiError(res.status, fallback)
  }
  return new ApiError(0, fallback)
}

/** Picks the message to show for a failure: the server's, else the screen's fallback (SPEC section 8). */
export function errorMessage(err: unknown, fallback: string): string {
  const e = toApiError(err, fallback)
  return e.status === 0 ? fallback : e.message || fallback
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  config?: Options,
): Promise<ApiEnvelope<T>> {
  try {
    const res = await http<ApiEnvelope<T>>({
      ...config,
      url,
      method,
      data: body,
      headers: authHeaders(config?.headers),
    })
    return res.data
  } catch (err) {
    throw toApiError(err)
  }
}

/**
 * What a declared endpoint answers: the envelope, its `data` typed by the declaration's `response` (decision
 * 0077; absent for `response: null`) and the fields its `beside` declares (a page's `next_cursor`).
 */
export type Answer<E extends Endpoint> = {
  success: boolean
  message: string
  data: AnswerData<E>
  /** Field errors in Indonesian, keyed by field name (422 only). */
  errors?: Record<string, string>
} & AnswerBeside<E>

/** Beyond path and body: the query string (entries left undefined are not sent) and extra headers. */
export type CallOptions = {
  query?: Record<string, string | undefined>
  headers?: Record<string, string>
}

type NoParams<E extends Endpoint> = [ParamNames<E['path']>] extends [never] ? true : false
type ParamsOf<E extends Endpoint> = NoParams<E> extends true ? Record<string, never> : PathParams<E['path']>

/**
 * `call`'s arguments after the endpoint: its path parameters (may be left out when the path has none and
 * nothing follows), its body as the declared schema accepts it (left out when it declares none or an
 * optional one), then the options.
 */
export type CallArgs<E extends Endpoint> = [BodyIn<E>] extends [undefined]
  ? NoParams<E> extends true
    ? [params?: ParamsOf<E>, body?: undefined, options?: CallOptions]
    : [params: ParamsOf<E>, body?: undefined, options?: CallOptions]
  : undefined extends BodyIn<E>
    ? [params: ParamsOf<E>, body?: BodyIn<E>, options?: CallOptions]
    : [params: ParamsOf<E>, body: BodyIn<E>, options?: CallOptions]

/**
 * The one client call of a declared endpoint (src/contracts/*.endpoints.ts): method and path from the
 * declaration (each path parameter encoded, `pathTo`), the body typed by its `json` schema, the answer
 * typed by its `response`. A declared answer that comes without `data` fails loudly (ApiError 500).
 *
 * ```ts
 * const { data: project } = await call(projectEndpoints.update, { id }, input)
 * ```
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Answer<E>> {
  const [params, body, options] = args as [Record<string, string | number | boolean>?, unknown?, CallOptions?]
  const url = (pathTo as (e: { path: string }, p?: object) => string)(endpoint, params)
  const query = Object.entries(options?.query ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  )
  const envelope = await request<unknown>(endpoint.method.toLowerCase() as Method, url, body, {
    headers: options?.headers,
    params: query.length > 0 ? Object.fromEntries(query) : undefined,
  })
  if (endpoint.response && envelope.data === undefined)
    throw new ApiError(500, envelope.message || MSG.serverError)
  return envelope as Answer<E>
}

/**
 * SPEC section 8 distinguishes a refused call ('Gagal ...', or the server's own message) from one
 * that never got an answer ('Terjadi kesalahan saat ...').
 */
export function failureMessage(err: unknown, messages: { failed: string; thrown: string }): string {
  const e = toApiError(err, messages.failed)
  if (e.status === 0) return messages.thrown
  return e.message || messages.failed
}
