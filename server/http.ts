import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { fieldErrors, isCleanText, MSG } from '../src/contracts/common'
import { parseId } from '../src/contracts/ids'
import type { ReadCache } from './read-cache'

/** A failure with its HTTP status and an Indonesian message; the app's error handler renders the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError(404, message)
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message)

export function ok<T>(c: Context, message: string, data?: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true, message, ...(data === undefined ? {} : { data }) }, status)
}

/**
 * ok() for answers kept in the read cache: the envelope is serialised once when computed and then
 * sent as is, so a cache hit costs no JSON work.
 */
export async function okCached(
  c: Context,
  cache: ReadCache,
  key: string,
  message: string,
  data: () => Promise<unknown>,
) {
  const body = await cache.get<CachedBody>(
    key,
    async () => ({ json: JSON.stringify({ success: true, message, data: await data() }) }),
    c.get('writeEpoch'),
  )
  c.header('Vary', 'Accept-Encoding')
  // Gzipped once per cached answer too (the compress middleware would redo it on every request).
  if (body.json.length >= 1024 && /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
    // Level 1: half the CPU of the default for about the same size on JSON (80 KB list: 7.5 vs 6.9 KB);
    // after every write each cached list is gzipped again, so this cost recurs under a mixed load.
    body.gzip ??= gzipSync(body.json, { level: 1 })
    return c.body(new Uint8Array(body.gzip), 200, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    })
  }
  return c.body(body.json, 200, { 'Content-Type': 'application/json' })
}
type CachedBody = { json: string; gzip?: Buffer }

/** Reads and validates a JSON body: 415 when it is not JSON, 400 when malformed, 422 with field errors. */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type))
    throw new AppError(415, 'Data harus dikirim sebagai JSON')
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new AppError(400, MSG.malformed)
  }
  return validate(schema, raw)
}

export function validate<S extends v.GenericSchema>(schema: S, raw: unknown): v.InferOutput<S> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new AppError(400, MSG.malformed)
  assertCleanInput(raw)
  const result = v.safeParse(schema, raw)
  if (!result.success) {
    const errors = fieldErrors(result.issues)
    throw new AppError(422, Object.values(errors)[0] ?? MSG.validation, errors)
  }
  return result.output
}

/**
 * The net under every schema: 422 with field errors when any string of the input, at any depth (object keys
 * too), holds a control character other than tab and line breaks, or a lone surrogate. NUL in particular
 * cannot be stored in PostgreSQL text (it answered 500 there and was stored as is by SQLite). Schemas refuse
 * line breaks in one-line fields themselves; this catches every field, including ones a schema forgets.
 * Call it for any input that does not come through validate(), e.g. multipart text fields and file names.
 */
export function assertCleanInput(input: unknown): void {
  const errors: Record<string, string> = {}
  // Iterative: a deeply nested JSON body must not overflow the stack (that would be a 500).
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }]
  const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string }
    if (typeof value === 'string') {
      if (!isCleanText(value, true)) errors[path || '_'] ??= MSG.controlChars
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: at(path, i) })
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isCleanText(key, true)) errors[at(path, '_')] ??= MSG.controlChars
        stack.push({ value: item, path: at(path, key) })
      }
    }
  }
  const first = Object.values(errors)[0]
  if (first) throw new AppError(422, first, errors)
}

// A percent-encoded C0 control character or DEL (%00-%1F, %7F).
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i

/**
 * /api middleware: a path or query holding a control character names nothing (404 for the path, 400 for
 * the query). Decoded, such a path broke PostgreSQL (NUL) or log lines (line feeds) further on.
 */
export const rejectControlCharsInUrl: MiddlewareHandler = async (c, next) => {
  const url = c.req.url
  if (!url.includes('%')) return next()
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const queryAt = url.indexOf('?', start)
  const pathPart = queryAt === -1 ? url.slice(start) : url.slice(start, queryAt)
  if (ENCODED_CONTROL.test(pathPart) || !isCleanText(c.req.path)) throw notFound()
  if (queryAt !== -1 && ENCODED_CONTROL.test(url.slice(queryAt))) throw new AppError(400, MSG.malformed)
  await next()
}

/** An id path parameter (src/contracts/ids.ts); anything that is no id that can exist is simply "not found". */
export function idParam(c: Context, name = 'id'): number {
  const id = parseId(c.req.param(name))
  if (id === undefined) throw notFound()
  return id
}

export const nowIso = () => new Date().toISOString()
