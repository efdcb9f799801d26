/**
 * The capture time and place of a photo from its EXIF block (as sharp's metadata().exif returns it: "Exif\0\0"
 * and a TIFF structure). Only what documentation needs, read defensively: every offset is bounds-checked,
 * so a damaged or hostile block yields undefined, never an exception.
 *
 * DateTimeOriginal (else DateTimeDigitized) is the camera's wall clock without a zone. With its
 * OffsetTimeOriginal (EXIF 2.31, written by most phones since 2018) the result is UTC ('...Z');
 * without it, the wall-clock time without a zone ('2024-05-01T10:20:30'), shown as is.
 */

const TAG_EXIF_IFD = 0x8769
const TAG_GPS_IFD = 0x8825
const TAG_GPS_LAT_REF = 0x0001
const TAG_GPS_LAT = 0x0002
const TAG_GPS_LNG_REF = 0x0003
const TAG_GPS_LNG = 0x0004
const TAG_GPS_H_ERROR = 0x001f
const TAG_DATETIME_ORIGINAL = 0x9003
const TAG_DATETIME_DIGITIZED = 0x9004
const TAG_OFFSET_TIME_ORIGINAL = 0x9011
const TAG_OFFSET_TIME_DIGITIZED = 0x9012
const TYPE_ASCII = 2
const TYPE_LONG = 4
const TYPE_RATIONAL = 5
const MAX_ENTRIES = 512

type Reader = { buf: Buffer; little: boolean; base: number }

function u16(r: Reader, at: number): number | undefined {
  if (at < 0 || at + 2 > r.buf.length) return undefined
  return r.little ? r.buf.readUInt16LE(at) : r.buf.readUInt16BE(at)
}

function u32(r: Reader, at: number): number | undefined {
  if (at < 0 || at + 4 > r.buf.length) return undefined
  return r.little ? r.buf.readUInt32LE(at) : r.buf.readUInt32BE(at)
}

type Entry = { type: number; count: number; valueAt: number }

/** The entries of the IFD at `offset` (relative to the TIFF header), by tag. */
function readIfd(r: Reader, offset: number): Map<number, Entry> {
  const entries = new Map<number, Entry>()
  const start = r.base + offset
  const count = u16(r, start)
  if (count === undefined || count > MAX_ENTRIES) return entries
  for (let i = 0; i < count; i++) {
    const at = start + 2 + i * 12
    const tag = u16(r, at)
    const type = u16(r, at + 2)
    const n = u32(r, at + 4)
    if (tag === undefined || type === undefined || n === undefined) break
    // Values of up to 4 bytes sit in the entry itself; longer ones at an offset from the TIFF header.
    const size = type === TYPE_ASCII ? n : type === TYPE_LONG ? n * 4 : type === TYPE_RATIONAL ? n * 8 : 0
    const pointer = u32(r, at + 8)
    if (pointer === undefined) break
    entries.set(tag, { type, count: n, valueAt: size <= 4 ? at + 8 : r.base + pointer })
  }
  return entries
}

function ascii(r: Reader, entry: Entry | undefined): string | undefined {
  if (!entry || entry.type !== TYPE_ASCII || entry.count === 0 || entry.count > 64) return undefined
  if (entry.valueAt < 0 || entry.valueAt + entry.count > r.buf.length) return undefined
  return r.buf
    .toString('latin1', entry.valueAt, entry.valueAt + entry.count)
    .replace(/\0[\s\S]*$/, '')
    .trim()
}

const DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/
const OFFSET = /^([+-])(\d{2}):(\d{2})$/

/** '2024:05:01 10:20:30' (+ '+07:00') -> ISO text; undefined for blank or impossible dates. */
export function exifDateToIso(value: string | undefined, offset?: string): string | undefined {
  const m = value ? DATE.exec(value) : null
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number)
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined
  const wall = Date.UTC(y, mo - 1, d, h, mi, s)
  // Rejects 31 February and friends (Date.UTC would roll them over).
  if (new Date(wall).getUTCDate() !== d) return undefined
  const o = offset ? OFFSET.exec(offset) : null
  if (o) {
    const minutes = (Number(o[2]) * 60 + Number(o[3])) * (o[1] === '-' ? -1 : 1)
    if (Math.abs(minutes) <= 14 * 60) return new Date(wall - minutes * 60_000).toISOString()
  }
  return new Date(wall).toISOString().slice(0, 19)
}

/** The TIFF reader and IFD0 of an EXIF block ('Exif\0\0' prefix or not), or undefined. */
function openTiff(exif: Buffer | undefined): { r: Reader; ifd0: Map<number, Entry> } | undefined {
  if (!exif || exif.length < 14) return undefined
  const base = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0
  const order = exif.toString('latin1', base, base + 2)
  if (order !== 'II' && order !== 'MM') return undefined
  const r: Reader = { buf: exif, little: order === 'II', base }
  if (u16(r, base + 2) !== 42) return undefined
  const ifd0Offset = u32(r, base + 4)
  if (ifd0Offset === undefined) return undefined
  return { r, ifd0: readIfd(r, ifd0Offset) }
}

/** The IFD a pointer entry of IFD0 names (the EXIF or the GPS directory). */
function subIfd(tiff: { r: Reader; ifd0: Map<number, Entry> }, tag: number): Map<number, Entry> | undefined {
  const pointer = tiff.ifd0.get(tag)
  if (!pointer) return undefined
  const offset = u32(tiff.r, pointer.valueAt)
  return offset === undefined ? undefined : readIfd(tiff.r, offset)
}

/** The `index`th RATIONAL of an entry, or undefined (a zero denominator is no value). */
function rational(r: Reader, entry: Entry | undefined, index: number): number | undefined {
  if (!entry || entry.type !== TYPE_RATIONAL || index >= entry.count) return undefined
  const num = u32(r, entry.valueAt + index * 8)
  const den = u32(r, entry.valueAt + index * 8 + 4)
  if (num === undefined || !den) return undefined
  return num / den
}

/** Degrees, minutes, seconds and the hemisphere letter as a signed decimal degree. */
function degrees(r: Reader, entry: Entry | undefined, ref: string | undefined, negative: string) {
  const [d, m, s] = [0, 1, 2].map((i) => rational(r, entry, i))
  if (d === undefined || m === undefined || s === undefined || m >= 60 || s >= 60) return undefined
  return (ref === negative ? -1 : 1) * (d + m / 60 + s / 3600)
}

export type ExifPlace = { lat: number; lng: number; accuracy_m: number | null }

/**
 * Where the camera says the photo was taken: the GPS directory's latitude and longitude (with their
 * N/S and E/W), and GPSHPositioningError as the accuracy in metres when written (iPhones do). Read from
 * the bytes as received, before strip-gps.ts removes it from what is stored. A place outside the globe,
 * or exactly 0,0 (what some cameras write without a fix), is no place.
 */
export function exifPlace(exif: Buffer | undefined): ExifPlace | undefined {
  const tiff = openTiff(exif)
  const gps = tiff && subIfd(tiff, TAG_GPS_IFD)
  if (!tiff || !gps) return undefined
  const { r } = tiff
  const lat = degrees(r, gps.get(TAG_GPS_LAT), ascii(r, gps.get(TAG_GPS_LAT_REF)), 'S')
  const lng = degrees(r, gps.get(TAG_GPS_LNG), ascii(r, gps.get(TAG_GPS_LNG_REF)), 'W')
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined
  if (lat === 0 && lng === 0) return undefined
  const error = rational(r, gps.get(TAG_GPS_H_ERROR), 0)
  const round = (x: number) => Math.round(x * 1e7) / 1e7
  return {
    lat: round(lat),
    lng: round(lng),
    accuracy_m: error !== undefined && error <= 100_000 ? Math.round(error * 10) / 10 : null,
  }
}

/** The capture time in an EXIF block, or undefined. */
export function exifCaptureTime(exif: Buffer | undefined): string | undefined {
  const tiff = openTiff(exif)
  const sub = tiff && subIfd(tiff, TAG_EXIF_IFD)
  if (!tiff || !sub) return undefined
  const { r } = tiff
  return (
    exifDateToIso(ascii(r, sub.get(TAG_DATETIME_ORIGINAL)), ascii(r, sub.get(TAG_OFFSET_TIME_ORIGINAL))) ??
    exifDateToIso(ascii(r, sub.get(TAG_DATETIME_DIGITIZED)), ascii(r, sub.get(TAG_OFFSET_TIME_DIGITIZED)))
  )
}
