import { type Endpoint, endpointsOf } from '../../src/contracts/endpoint'

/** Every endpoint declared in src/contracts/*.endpoints.ts, found by file name so none is forgotten. */
export function declaredEndpoints(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/contracts/*.endpoints.ts', {
    eager: true,
  })
  return Object.values(modules).flatMap(endpointsOf)
}

/**
 * Whether a route of the app is one the endpoint routers serve: everything under /api, and the public
 * pages declared outside it (/s/{token}, /v/{code}: their first path segment), but not /storage or the
 * web app's fallback.
 */
export function inDeclaredSpace(path: string): boolean {
  if (path.startsWith('/api/')) return true
  const roots = new Set(
    declaredEndpoints()
      .map((e) => e.path)
      .filter((p) => !p.startsWith('/api/'))
      .map((p) => `/${p.split('/')[1]}/`),
  )
  return [...roots].some((root) => path.startsWith(root))
}
