import type { GenericSchema, InferInput, InferOutput } from 'valibot'

/*
 * One declaration per endpoint (docs/adding-things.md). Each `*.endpoints.ts` file in src/contracts
 * declares its endpoints once: method, full path, who may call it, the request contract and the words
 * of the API reference. From that one object
 * - the server registers the route (server/route.ts: authentication comes from `access`),
 * - the OpenAPI document is generated (server/openapi/document.ts),
 * - the access-matrix test expects each caller's answer (server/access-matrix.test.ts),
 * - the client builds its URLs (`pathTo`), so a path is written nowhere else.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The access policy's actions; their rules (who, on what) are server/access.ts RULES. */
export type AccessAction =
  | 'profile.edit'
  | 'admin.manage'
  | 'employee.manage'
  | 'whatsapp.manage'
  | 'notification.list'
  | 'notification.read'
  | 'project.list'
  | 'project.create'
  | 'project.view'
  | 'project.manage'
  | 'project.download'
  | 'project.members'
  | 'area.read'
  | 'area.write'
  | 'file.delete'
  | 'file.review'
  | 'doc.read'
  | 'doc.write'
  | 'doc.review'
  | 'comment.create'
  | 'recap.read'
  | 'recap.manage'
  | 'work-item.manage'
  | 'history.read'
  | 'trash.manage'
  | 'report.read'
  | 'report.manage'
  | 'share.manage'
  | 'settings.write'
  | 'diary.read'
  | 'diary.write'

/**
 * Who may call: `public` needs no token; `signed-in` any active account (its own data only); otherwise
 * the policy actions the service checks, in order (all must allow).
 */
export type Access = 'public' | 'signed-in' | AccessAction | readonly AccessAction[]

/** A multipart form: text fields and file fields (`many`: the field may repeat). */
export type MultipartBody = {
  fields?: Record<string, string>
  files: Record<string, { many: boolean; description: string }>
}

export type Endpoint<M extends Method = Method, P extends string = string> = {
  method: M
  /** The full path as the server registers it, `:name` for each parameter. */
  path: P
  access: Access
  /** API reference: its group and one line of what it does. */
  tag: string
  summary: string
  /** The JSON body's contract: the same valibot schema the server validates with. */
  json?: GenericSchema
  /** A JSON body the call may go without (a review's optional `{ note }`): the schema it is checked with. */
  jsonOptional?: GenericSchema
  multipart?: MultipartBody
  /** Query parameters and what each means. */
  query?: Record<string, string>
  /** 201 for creates; 200 otherwise. */
  created?: boolean
  /** 202: accepted, the work runs in the background (a report being made). */
  accepted?: boolean
  /**
   * What comes back instead of the JSON envelope: a file (`files` says its types), a zip, an event
   * stream, an HTML page, or `openapi` (GET /api/openapi.json: the document itself, not an envelope).
   */
  produces?: 'file' | 'zip' | 'event-stream' | 'html' | 'openapi'
  /**
   * The envelope's `data` on success, as a valibot schema (its JSON Schema is the API reference's, its
   * `v.InferOutput` the client's type); `null`: the envelope carries no `data`. Every JSON endpoint
   * declares it (server/openapi/openapi.test.ts); see docs/adding-things.md.
   */
  response?: GenericSchema | null
  /** Fields the success envelope carries beside `data` (a page's `next_cursor`, SPEC's upload fields). */
  beside?: Record<string, GenericSchema>
  /** A file answer's content types (`image/*` covers a family) and whether it serves Range (206, 416). */
  files?: { types: readonly string[]; range?: boolean }
  /**
   * Answers it gives besides success and those every endpoint of its kind gives (400, 401, 403, 404,
   * 413, 415, 422, 429: server/openapi/document.ts says which apply): a conflict, a link that is gone...
   */
  errors?: readonly ExtraStatus[]
  /**
   * The body of its 413, 415 and 422 when the files themselves were refused (SPEC's upload answer,
   * `errors` one entry per file); a malformed request still answers the error envelope.
   */
  refusal?: GenericSchema
  /** The body of its 409 when it carries more than the error envelope (a diary PUT's clashing sections). */
  conflict?: GenericSchema
}

/** Statuses an endpoint declares itself (`errors`); their meaning is in server/openapi/document.ts. */
export type ExtraStatus = 303 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 503

/**
 * Declares an endpoint (unchanged, typed as written: its path's parameters, its body's schema and its
 * answer's schema stay known, so the server's handler gets the body typed and the client's `call` the
 * answer); unused declarations drop out of the client bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(
  e: E & { [K in Exclude<keyof E, keyof Endpoint>]: never },
): E {
  return e
}

/** The request body a declared JSON body schema accepts (what the client sends). */
export type BodyIn<E extends Endpoint> = E extends { json: infer S extends GenericSchema }
  ? InferInput<S>
  : E extends { jsonOptional: infer S extends GenericSchema }
    ? InferInput<S> | undefined
    : E extends { multipart: MultipartBody }
      ? FormData
      : undefined

/** The body after the declared schema parsed it (what the server's handler receives). */
export type BodyOut<E extends Endpoint> = E extends { json: infer S extends GenericSchema }
  ? InferOutput<S>
  : never

/** The envelope's `data` of a declared `response` (`undefined` for `null`). */
export type AnswerData<E extends Endpoint> = E extends { response: infer S extends GenericSchema }
  ? InferOutput<S>
  : undefined

/** The fields a declared answer carries beside `data` (a page's `next_cursor`). */
export type AnswerBeside<E extends Endpoint> = E extends {
  beside: infer B extends Record<string, GenericSchema>
}
  ? { [K in keyof B]?: InferOutput<B[K]> }
  : unknown

/** The names of a path's `:params`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number | boolean }

/**
 * The URL of an endpoint with its parameters filled in, each one encoded as a single path segment.
 *
 * ```ts
 * pathTo(projectEndpoints.detail, { id: project.slug }) // '/api/project/detail/gedung-a'
 * ```
 */
export function pathTo<P extends string>(
  e: { path: P },
  ...params: [ParamNames<P>] extends [never] ? [] : [PathParams<P>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number | boolean>
  return e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
}

/** The declarations of one `*.endpoints.ts` module, as a list (the server and the tests walk it). */
export function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(
    (x): x is Endpoint =>
      typeof x === 'object' && x !== null && 'method' in x && 'path' in x && 'access' in x,
  )
}
