/*
 * The paths outside the web app that the server answers itself, declared once (decision 0084): the
 * service worker leaves them to the network (sw/sw.ts), `vite dev` proxies them to the API server
 * (vite.config.ts), and the server mounts them (server/app.ts). A public page's endpoint builds its path
 * from its prefix here (public.endpoints.ts), and every URL to a page or a blob is made with `pathTo`
 * (src/contracts/endpoint.ts), never by gluing strings. This file imports nothing: the service worker
 * bundles it.
 */

/**
 * The server-rendered public pages (server/public-pages/), each by the first segment of its path. A new
 * public page adds its prefix here and nothing else needs to learn it (docs/adding-things.md).
 */
export const PUBLIC_PAGE_PREFIXES = {
  /** A share link's page for the client, /s/{token} (shares). */
  share: '/s/',
  /** A printed report's verification page, /v/{code} (reports). */
  verify: '/v/',
  /** A daily diary's signing page for the contractor, /t/{token} (diary). */
  sign: '/t/',
} as const

/** Where public blobs (avatars, documentation photos, the firm's logo) are served by name. */
export const STORAGE_PREFIX = '/storage/'

/**
 * A public blob by its unguessable, immutable name: `pathTo(storageBlob, { key })` is
 * '/storage/{uuid}.{ext}'. Served by server/storage/public-blobs.ts, outside the API (no token, no
 * envelope, not in the OpenAPI document).
 */
export const storageBlob = { path: `${STORAGE_PREFIX}:key` } as const

/** The API's own prefix: every declared endpoint but the public pages lives under it. */
export const API_PREFIX = '/api/'

/** Every path prefix the server answers instead of the web app: the API, the blobs, the public pages. */
export const SERVER_PREFIXES: readonly string[] = [
  API_PREFIX,
  STORAGE_PREFIX,
  ...Object.values(PUBLIC_PAGE_PREFIXES),
]
