/**
 * The capture time of a photo from its EXIF block (as sharp's metadata().exif returns it: "Exif\0\0"
 * and a TIFF structure). Only what documentation needs, read defensively: every offset is bounds-checked,
 * so a damaged or hostile block yields undefined, never an exception.
 *
 * DateTimeOriginal (else DateTimeDigitized) is the camera's wall clock without a zone. With its
 * OffsetTimeOriginal (EXIF 2.31, written by most phones since 2018) the result is UTC ('...Z');
 * without it, the wall-clock time without a zone ('2024-05-01T10:20:30'), shown as is.
 */

const TAG_EXIF_IFD = 0x8769
const TAG_DATETIME_ORIGINAL = 0x9003
const TAG_DATETIME_DIGITIZED = 0x9004
const TAG_OFFSET_TIME_ORIGINAL = 0x9011
const TAG_OFFSET_TIME_DIGITIZED = 0x9012
const TYPE_ASCII = 2
const TYPE_LONG = 4
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
    const size = type === TYPE_ASCII ? n : type === TYPE_LONG ? n * 4 : 0
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

/** The capture time in an EXIF block, or undefined. */
export function exifCaptureTime(exif: Buffer | undefined): string | undefined {
  if (!exif || exif.length < 14) return undefined
  const base = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0
  const order = exif.toString('latin1', base, base + 2)
  if (order !== 'II' && order !== 'MM') return undefined
  const r: Reader = { buf: exif, little: order === 'II', base }
  if (u16(r, base + 2) !== 42) return undefined
  const ifd0Offset = u32(r, base + 4)
  if (ifd0Offset === undefined) return undefined
  const ifd0 = readIfd(r, ifd0Offset)
  const exifPointer = ifd0.get(TAG_EXIF_IFD)
  if (!exifPointer) return undefined
  const exifOffset = u32(r, exifPointer.valueAt)
  if (exifOffset === undefined) return undefined
  const sub = readIfd(r, exifOffset)
  return (
    exifDateToIso(ascii(r, sub.get(TAG_DATETIME_ORIGINAL)), ascii(r, sub.get(TAG_OFFSET_TIME_ORIGINAL))) ??
    exifDateToIso(ascii(r, sub.get(TAG_DATETIME_DIGITIZED)), ascii(r, sub.get(TAG_OFFSET_TIME_DIGITIZED)))
  )
}
