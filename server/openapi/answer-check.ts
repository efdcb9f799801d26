import { gunzipSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Json = Record<string, unknown>
type MediaTypes = Record<string, { schema?: Json }>
type Responses = Record<string, { content?: MediaTypes }>
type Operation = { responses: Responses }

/** One answer as a client saw it: enough to hold it against the document. */
export type Answer = {
  method: string
  /** The path as requested (no query), e.g. /api/file/gedung-a/download/perencanaan/…. */
  path: string
  status: number
  contentType: string | null
  /** The parsed JSON body, when the answer is JSON and has one. */
  body?: unknown
}

export type Verdict =
  | { kind: 'unmatched' }
  | { kind: 'ok'; operation: string }
  | { kind: 'violation'; operation: string; problem: string }

const COMPONENTS_ID = 'berkas:components'

/** `#/components/schemas/X` points into the document; compiled alone it must name the components schema. */
function rebased(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebased)
  if (schema === null || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${COMPONENTS_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`
        : rebased(value),
    ]),
  )
}

/** Whether a served media type is one the document declares (`image/*` covers every image type). */
function declaredType(declared: string[], served: string): string | undefined {
  return declared.find(
    (d) => d === served || d === '*/*' || (d.endsWith('/*') && served.startsWith(d.slice(0, -1))),
  )
}

/**
 * Holds actual answers against an OpenAPI 3.1 document: the status must be declared for the operation,
 * the content type must be one of that answer's, and a JSON body must match its schema (JSON Schema
 * 2020-12, ajv). Paths outside the document are `unmatched`: the caller decides whether those matter.
 */
export function answerChecker(document: Json) {
  const ajv = new Ajv2020({ allErrors: false, strict: false, validateFormats: true })
  addFormats.default(ajv)
  const components = (document.components as { schemas?: Json } | undefined)?.schemas ?? {}
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebased(components) })

  const routes = Object.entries(document.paths as Record<string, Record<string, Operation>>).map(
    ([template, methods]) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      params: template.split('{').length - 1,
      methods,
    }),
  )
  const compiled = new Map<Json, ValidateFunction>()
  const validatorOf = (schema: Json) => {
    let fn = compiled.get(schema)
    if (!fn) {
      fn = ajv.compile(rebased(schema) as Json)
      compiled.set(schema, fn)
    }
    return fn
  }

  return function check(answer: Answer): Verdict {
    // HEAD is GET without a body (Hono answers it with the GET route).
    const method = (answer.method === 'HEAD' ? 'GET' : answer.method).toLowerCase()
    // A literal segment wins over a parameter (…/work-items/order is not the item 'order'), as in the router.
    const route = routes
      .filter((r) => r.pattern.test(answer.path) && r.methods[method])
      .sort((a, b) => a.params - b.params)[0]
    if (!route) return { kind: 'unmatched' }
    const operation = `${method.toUpperCase()} ${route.template}`
    const violation = (problem: string): Verdict => ({ kind: 'violation', operation, problem })
    const declared = route.methods[method].responses[String(answer.status)]
    if (!declared) return violation(`status ${answer.status} is not declared`)
    const content = declared.content
    if (!content) {
      if (answer.contentType && answer.body !== undefined)
        return violation(`${answer.status} declares no body, got ${answer.contentType}`)
      return { kind: 'ok', operation }
    }
    const served = (answer.contentType ?? '').split(';')[0].trim().toLowerCase()
    const type = declaredType(Object.keys(content), served)
    if (!type)
      return violation(
        `${answer.status} content type ${served || '(none)'} is not one of ${Object.keys(content).join(', ')}`,
      )
    const schema = content[type].schema
    if (schema && answer.body !== undefined) {
      const validate = validatorOf(schema)
      if (!validate(answer.body)) {
        const first = validate.errors?.[0]
        return violation(
          `${answer.status} body: ${first?.instancePath || '/'} ${first?.message ?? 'invalid'} ${
            first?.params ? JSON.stringify(first.params) : ''
          }`.trim(),
        )
      }
    }
    return { kind: 'ok', operation }
  }
}

/** The JSON body of a response (a copy is read, the caller's stays unread), or undefined when not JSON. */
export async function jsonBodyOf(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? ''
  if (!/\bjson\b/i.test(type) || res.body === null) return undefined
  const bytes = Buffer.from(await res.clone().arrayBuffer())
  if (bytes.length === 0) return undefined
  const text = (res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    return Symbol.for('not JSON')
  }
}
