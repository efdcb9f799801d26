import type { Doc, DocImage } from '../../contracts/documentation'
import type { Status } from '../../contracts/projects'

/*
 * Issue 23 on the client: what each item and photo now says (work item, place, progress, the latest
 * review reason, its version; per photo the capture and arrival times, the place and the SHA-256), the
 * Dokumentasi tab's filters as they live in the URL, and the reason a 'Revisi' asks for.
 */

/** A photo with its evidence (the fields are absent on answers of a server before issue 23). */
export type SiteImage = DocImage & {
  received_at?: string | null
  sha256?: string | null
  lat?: number | null
  lng?: number | null
  accuracy_m?: number | null
}

/** An item with what it shows and where its review stands. */
export type SiteDoc = Omit<Doc, 'images'> & {
  images: SiteImage[]
  work_item?: { id: number; name: string } | null
  location?: string | null
  progress?: number | null
  review_note?: string | null
  version?: number
}

export const LOCATION_MAX = 100
export const PROGRESS_PICKS = [0, 50, 100] as const

/** The Dokumentasi tab's filters, as the project route's search params (absent = not filtered). */
export type DocFilters = {
  from?: string
  to?: string
  work_item?: number
  uploader?: number
  status?: Status
  /** 'outside': only items with a photo outside the project's site ('Di luar lokasi', issue 34). */
  site?: 'outside'
}

const YMD = /^\d{4}-\d{2}-\d{2}$/
const STATUSES: readonly Status[] = ['pending', 'approved', 'rejected']

/** Reads the filters from any search object (a hand-edited link drops what it cannot read). */
export function parseDocFilters(search: Record<string, unknown>): DocFilters {
  const out: DocFilters = {}
  const ymd = (x: unknown) => (typeof x === 'string' && YMD.test(x) ? x : undefined)
  const id = (x: unknown) => {
    const n = typeof x === 'number' ? x : typeof x === 'string' ? Number(x) : Number.NaN
    return Number.isInteger(n) && n > 0 ? n : undefined
  }
  const from = ymd(search.from)
  const to = ymd(search.to)
  const workItem = id(search.work_item)
  const uploader = id(search.uploader)
  if (from) out.from = from
  if (to) out.to = to
  if (workItem) out.work_item = workItem
  if (uploader) out.uploader = uploader
  if (typeof search.status === 'string' && (STATUSES as string[]).includes(search.status))
    out.status = search.status as Status
  if (search.site === 'outside') out.site = 'outside'
  return out
}

/** The filters as list query parameters (only those set), also the list's query key part. */
export function filterParams(filters: DocFilters): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [k, value] of Object.entries(filters)) if (value !== undefined) params[k] = String(value)
  return params
}

export const hasFilters = (filters: DocFilters) => Object.keys(filterParams(filters)).length > 0

/** The first 12 hex digits of a SHA-256 (the whole one goes on the title and the copy). */
export const shortHash = (sha: string) => sha.slice(0, 12)

/** '-6.20001, 106.81667' (five decimals: about a metre). */
export const formatCoords = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`

/** The geo: URI a phone opens in its map app (RFC 5870). */
export const geoUri = (lat: number, lng: number, accuracy?: number | null) =>
  `geo:${lat},${lng}${accuracy ? `;u=${Math.round(accuracy)}` : ''}`

/** The place on OpenStreetMap's site: a desktop browser has no app for geo: links (they do nothing). */
export const webMapUrl = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`

/** Phones and tablets open geo: in their map app; other devices get the web map. */
export function mapLink(lat: number, lng: number, accuracy?: number | null): { href: string; web: boolean } {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
  const mobile =
    /Android|iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
  return mobile ? { href: geoUri(lat, lng, accuracy), web: false } : { href: webMapUrl(lat, lng), web: true }
}
