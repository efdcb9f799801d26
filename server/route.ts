import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Endpoint } from '../src/contracts/endpoint'
import type { AppEnv, Deps } from './deps'
import { requestLimits } from './limits/request-limits'

/** A route's handler: `c.req.param()` knows the endpoint's path parameters. */
export type Handler<E extends Endpoint> = (c: Context<AppEnv, E['path']>) => Response | Promise<Response>

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
    const chain = [...(options.before ?? []), ...signedIn, handler] as MiddlewareHandler<AppEnv>[] as [
      MiddlewareHandler<AppEnv>,
    ]
    app.on(endpoint.method, path, ...chain)
    served.push(endpoint)
  }
  for (const routes of modules) routes(deps, on)
  return { app, on, served, auth }
}
