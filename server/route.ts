import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { BodyOut, Endpoint } from '../src/contracts/endpoint'
import type { AppEnv, Deps } from './deps'
import { jsonBody } from './http'
import { requestLimits } from './limits/request-limits'

/**
 * Reads the request body the endpoint declares (`json`), parsed by that schema: 415 when it is not JSON,
 * 400 when malformed, 422 with the Indonesian field errors (server/http.ts `jsonBody`). A reader, not the
 * value: the service asks the access policy first and reads the body only then (a caller who may not
 * write gets 403 or 404 whatever the body). Read once; a second call answers the same.
 */
export type BodyReader<E extends Endpoint> = () => Promise<BodyOut<E>>

/**
 * A route's handler: `c.req.param()` knows the endpoint's path parameters, `body` reads the declared
 * JSON body typed (an endpoint without `json` has none to read).
 */
export type Handler<E extends Endpoint> = (
  c: Context<AppEnv, E['path']>,
  body: BodyReader<E>,
) => Response | Promise<Response>

export type RouteOptions = {
  /** Runs before authentication (the project zip's failures also speak through a header). */
  before?: MiddlewareHandler<AppEnv>[]
  /** Logout must work for a caller who used up the minute's writes: it is not counted. */
  counted?: false
}

/** Registers the handler of a declared endpoint (src/contracts/*.endpoints.ts). */
export type On = <E extends Endpoint>(endpoint: E, handler: Handler<E>, options?: RouteOptions) => void

/** A module's routes: one `on(endpoint, handler)` per endpoint it serves. */
export type Routes = (deps: Deps, on: On) => void

/**
 * The API router, built from declarations: each route's path and method come from its endpoint, and its
 * authentication from the endpoint's `access` (anything but `public` needs a live token and counts
 * against the caller's limits). Who may do what beyond that is decided in the services, through the one
 * policy (server/access.ts); the access-matrix test checks each route against its declared `access`.
 */
export function endpointRouter(
  deps: Deps,
  modules: readonly Routes[],
  /** The authentication of signed-in routes (modules/auth/require-auth.ts), handed in by app.ts. */
  auth: MiddlewareHandler<AppEnv>,
) {
  const app = new Hono<AppEnv>()
  const limits = requestLimits(deps)
  const served: Endpoint[] = []
  const on: On = (endpoint, handler, options = {}) => {
    const signedIn = endpoint.access === 'public' ? [] : options.counted === false ? [auth] : [auth, limits]
    // Mounted under /api (app.ts), so the declared full path loses that prefix here.
    const path = endpoint.path.replace(/^\/api(?=\/)/, '')
    const schema = endpoint.json
    const serve: MiddlewareHandler<AppEnv> = async (c) => {
      let read: Promise<unknown> | undefined
      const body = (() => {
        if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} declares no JSON body`)
        read ??= jsonBody(c, schema)
        return read
      }) as BodyReader<typeof endpoint>
      return handler(c as Context<AppEnv, typeof endpoint.path>, body)
    }
    const chain = [...(options.before ?? []), ...signedIn, serve] as [MiddlewareHandler<AppEnv>]
    app.on(endpoint.method, path, ...chain)
    served.push(endpoint)
  }
  for (const routes of modules) routes(deps, on)
  return { app, on, served, auth }
}
