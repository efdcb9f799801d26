import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { isCleanText } from '../../../src/contracts/common'
import { DOC_LOCATION_MAX, DOC_MSG } from '../../../src/contracts/documentation'
import { parseId } from '../../../src/contracts/ids'
import type { DB, LocationSource } from '../../db/schema'
import { AppError } from '../../http'
import type { ReceivedFile } from '../../uploads/receive'
import type { ExifPlace } from './exif'
import { stripGps, stripGpsFromTiff } from './strip-gps'
import { mentionsXmpGps } from './xmp-gps'

/*
 * The site fields of an upload and a revision (issue 23): the optional `work_item_id`, `location`,
 * `progress` and `meta` (one { taken_at, lat, lng, accuracy_m, source } per file, in file order), what
 * the server does to each photo before it is stored (GPS removed, SHA-256 of the stored bytes), and
 * where each photo's place comes from (issue 30, `photoPlace`).
 */

/** Where a place the phone sent comes from: the photo's own EXIF GPS, or the device at capture. */
export type MetaSource = 'exif' | 'camera'

export type PhotoMeta = {
  taken_at: string | null
  lat: number | null
  lng: number | null
  accuracy_m: number | null
  /** null: a build before issue 30 (its place is the phone's at upload time). */
  source: MetaSource | null
}

export type SiteFields = {
  /** undefined: not sent (a revision keeps the item's); null never comes from the wire. */
  workItemId?: number
  location?: string
  progress?: number
  /** One per file as sent (or none when `meta` was not sent). */
  meta: PhotoMeta[] | null
  /** The device's clock minus the server's when the upload arrived, seconds (issue 34); null not sent. */
  clockSkewS?: number | null
}

const fail = (field: string, message: string) => new AppError(422, message, { [field]: message })
const NONE: PhotoMeta = { taken_at: null, lat: null, lng: null, accuracy_m: null, source: null }

/** An instant with its zone, as `new Date().toISOString()` writes it (seconds and fraction optional). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/
/** A clock off by more than ten years is recorded as ten years (the column is a 32-bit integer). */
const SKEW_MAX_S = 10 * 365 * 86_400

/**
 * `device_time` (issue 34): the device's clock when it sent this attempt (a photo queued offline is sent
 * later; the outbox writes the clock of each attempt). Compared with the server's clock when the request
 * arrived (`arrivedAt`, ms): device minus server, whole seconds. Absent: null.
 */
export function deviceClockSkew(raw: string | undefined, arrivedAt: number): number | null {
  const text = raw?.trim()
  if (text === undefined || text === '') return null
  const at = INSTANT.test(text) ? Date.parse(text) : Number.NaN
  if (!Number.isFinite(at)) throw fail('device_time', DOC_MSG.deviceTime)
  const skew = Math.round((at - arrivedAt) / 1000)
  return Math.max(-SKEW_MAX_S, Math.min(SKEW_MAX_S, skew))
}

/**
 * Reads and checks the site fields (text already normalised to LF); `sent` is the number of files sent,
 * `arrivedAt` the server's clock when the request arrived (for `device_time`).
 */
export function readSiteFields(
  fields: Record<string, string[]>,
  sent: number,
  arrivedAt = Date.now(),
): SiteFields {
  const out: SiteFields = { meta: null, clockSkewS: deviceClockSkew(fields.device_time?.[0], arrivedAt) }
  const workItem = fields.work_item_id?.[0]?.trim()
  if (workItem !== undefined && workItem !== '') {
    out.workItemId = parseId(workItem)
    if (out.workItemId === undefined) throw fail('work_item_id', DOC_MSG.workItemInvalid)
  }
  const location = fields.location?.[0]?.trim()
  if (location !== undefined && location !== '') {
    if (location.length > DOC_LOCATION_MAX) throw fail('location', DOC_MSG.locationLong)
    if (/[\n\r]/.test(location) || !isCleanText(location)) throw fail('location', DOC_MSG.locationLine)
    out.location = location
  }
  const progress = fields.progress?.[0]?.trim()
  if (progress !== undefined && progress !== '') {
    if (!/^\d{1,3}$/.test(progress) || Number(progress) > 100) throw fail('progress', DOC_MSG.progressInvalid)
    out.progress = Number(progress)
  }
  const meta = fields.meta?.[0]
  if (meta !== undefined && meta.trim() !== '') {
    let parsed: unknown
    try {
      parsed = JSON.parse(meta)
    } catch {
      throw fail('meta', DOC_MSG.metaInvalid)
    }
    if (!Array.isArray(parsed)) throw fail('meta', DOC_MSG.metaInvalid)
    if (parsed.length !== sent) throw fail('meta', DOC_MSG.metaCount)
    out.meta = parsed.map(readMeta)
  }
  return out
}

function readMeta(raw: unknown): PhotoMeta {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw fail('meta', DOC_MSG.metaInvalid)
  const o = raw as Record<string, unknown>
  for (const k of Object.keys(o))
    if (!['taken_at', 'lat', 'lng', 'accuracy_m', 'source'].includes(k))
      throw fail('meta', DOC_MSG.metaInvalid)
  if (o.source !== undefined && o.source !== null && o.source !== 'exif' && o.source !== 'camera')
    throw fail('meta', DOC_MSG.metaSource)
  const num = (key: string, min: number, max: number, message: string): number | null => {
    const v = o[key]
    if (v === undefined || v === null) return null
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw fail('meta', message)
    return v
  }
  let takenAt: string | null = null
  if (o.taken_at !== undefined && o.taken_at !== null) {
    const t = o.taken_at
    const ms =
      typeof t === 'string' && t.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(t) ? Date.parse(t) : Number.NaN
    // A capture between 2000 and a day from now (a phone clock a little ahead is tolerated).
    if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1) || ms > Date.now() + 86_400_000)
      throw fail('meta', DOC_MSG.metaTakenAt)
    takenAt = new Date(ms).toISOString()
  }
  const lat = num('lat', -90, 90, DOC_MSG.metaLat)
  const lng = num('lng', -180, 180, DOC_MSG.metaLng)
  const accuracy = num('accuracy_m', 0, 100_000, DOC_MSG.metaAccuracy)
  // A place is both coordinates or none.
  if ((lat === null) !== (lng === null)) throw fail('meta', lat === null ? DOC_MSG.metaLat : DOC_MSG.metaLng)
  return {
    taken_at: takenAt,
    lat,
    lng,
    accuracy_m: lat === null ? null : accuracy,
    source: (o.source as MetaSource | null | undefined) ?? null,
  }
}

export type PhotoPlace = {
  lat: number | null
  lng: number | null
  accuracy_m: number | null
  location_source: LocationSource | null
}

/**
 * The place of a photo is where it was taken (issue 30). In order: the GPS in the photo's own EXIF as
 * received (before it is stripped from the stored copy); the EXIF GPS the phone read before compressing
 * (`source: 'exif'`: a HEIC, PNG or WebP whose EXIF the compression loses); the device's live position
 * only for a photo captured in the app's camera flow at that moment (`source: 'camera'`). A place sent
 * without a source comes from a build before this rule, which sent the phone's position at upload
 * time: stored as 'upload', so it is shown for what it is, never dropped. Otherwise no place.
 */
export function photoPlace(exif: ExifPlace | null, meta: PhotoMeta): PhotoPlace {
  if (exif) return { ...exif, location_source: 'exif' }
  if (meta.lat === null || meta.lng === null)
    return { lat: null, lng: null, accuracy_m: null, location_source: null }
  return {
    lat: meta.lat,
    lng: meta.lng,
    accuracy_m: meta.accuracy_m,
    location_source: meta.source ?? 'upload',
  }
}

/** The meta of the file sent at `index` (all null when none was sent). */
export const metaAt = (site: SiteFields, index: number): PhotoMeta => site.meta?.[index] ?? NONE

/** A work item named by an upload must be one of the project's (422 otherwise). */
export async function checkWorkItem(
  db: Kysely<DB>,
  projectId: number,
  id: number | undefined,
): Promise<void> {
  if (id === undefined) return
  const row = await db
    .selectFrom('work_items')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) throw fail('work_item_id', DOC_MSG.workItemInvalid)
}

/**
 * Makes a staged photo fit to be public: its EXIF GPS removed without re-encoding (strip-gps.ts), in
 * the staged file itself, and returns the size and SHA-256 of the bytes that will be stored. Then the
 * stored bytes are read back by another parser (sharp's, the one that read the place): a photo whose
 * GPS is still there (a HEIC or AVIF this could not read with certainty, a layout nobody foresaw) is
 * refused with `DOC_MSG.placeKept` rather than published with its place.
 */
export async function privatePhoto(
  file: ReceivedFile,
): Promise<{ size: number; sha256: string } | { refused: string }> {
  // Uploads staged straight into an object store have no local copy (documentation stages locally).
  if (!file.path) return { size: file.size, sha256: file.sha256 }
  const bytes = await fs.promises.readFile(file.path)
  const stripped = stripGps(bytes)
  if (stripped.unsure || (await stillPlaced(stripped.bytes))) return { refused: DOC_MSG.placeKept(file.name) }
  if (stripped.changed) await fs.promises.writeFile(file.path, stripped.bytes)
  return { size: stripped.bytes.length, sha256: createHash('sha256').update(stripped.bytes).digest('hex') }
}

/** Whether bytes about to be published still carry a GPS directory or XMP GPS property. */
async function stillPlaced(bytes: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    // stripGpsFromTiff says whether it found a GPS directory to remove (on a copy: nothing is kept).
    return (meta.exif !== undefined && stripGpsFromTiff(Buffer.from(meta.exif))) || mentionsXmpGps(meta.xmp)
  } catch {
    // The header read before stripping (inspectImage) succeeded: unreadable now means damaged by it.
    return true
  }
}
