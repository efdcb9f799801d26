import { type Endpoint, endpointsOf } from '../../src/contracts/endpoint'

/** Every endpoint declared in src/contracts/*.endpoints.ts, found by file name so none is forgotten. */
export function declaredEndpoints(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/contracts/*.endpoints.ts', {
    eager: true,
  })
  return Object.values(modules).flatMap(endpointsOf)
}
