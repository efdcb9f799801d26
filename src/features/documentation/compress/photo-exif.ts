/*
 * The capture time and GPS place a camera wrote into a photo, read on the phone from the picked file
 * before it is compressed (issue 30): a JPEG keeps its EXIF through compression (the server reads it
 * there too), but a HEIC, PNG or WebP does not, and its place would be lost. Only the file's first
 * 256 KB are read: a JPEG's APP1 segment is walked to; anything else (HEIC, PNG's eXIf, WebP's EXIF) is
 * scanned for an 'Exif\0\0' or bare TIFF header. Every offset is bounds-checked: a damaged or unknown
 * file yields nothing, never an exception. Mirrors server/modules/documentation/exif.ts.
 */

export type PhotoExif = {
  /** Capture instant (ms): with EXIF OffsetTimeOriginal exact, else the camera's clock as this device's zone. */
  takenAt: number | null
  place: { lat: number; lng: number; accuracy_m: number | null } | null
}

const HEAD_BYTES = 256 * 1024
const MAX_ENTRIES = 512

export async function readPhotoExif(file: Blob): Promise<PhotoExif | null> {
  try {
    const bytes = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())
    const at = tiffStart(bytes)
    return at === undefined ? null : readTiff(new DataView(bytes.buffer, at))
  } catch {
    return null
  }
}

const isTiff = (b: Uint8Array, i: number) =>
  (b[i] === 0x49 && b[i + 1] === 0x49 && b[i + 2] === 0x2a && b[i + 3] === 0) ||
  (b[i] === 0x4d && b[i + 1] === 0x4d && b[i + 2] === 0 && b[i + 3] === 0x2a)

/** Where the TIFF structure starts in the file's head, or undefined. */
function tiffStart(b: Uint8Array): number | undefined {
  if (b[0] === 0xff && b[1] === 0xd8) {
    // JPEG: walk the segments to the APP1 'Exif'.
    let at = 2
    while (at + 4 <= b.length && b[at] === 0xff) {
      const marker = b[at + 1]
      const length = (b[at + 2] << 8) | b[at + 3]
      if (marker === 0xda || length < 2) return undefined
      if (marker === 0xe1 && text(b, at + 4, 6) === 'Exif\0\0' && isTiff(b, at + 10)) return at + 10
      at += 2 + length
    }
    return undefined
  }
  // HEIC (an 'Exif' item), PNG (eXIf chunk), WebP (EXIF chunk): the first TIFF header after a tag.
  for (let i = 8; i + 8 <= b.length; i++) {
    if (b[i] !== 0x45 && b[i] !== 0x65) continue
    if (text(b, i, 6) === 'Exif\0\0' && isTiff(b, i + 6)) return i + 6
    if ((text(b, i, 4) === 'eXIf' || text(b, i, 4) === 'EXIF') && isTiff(b, i + 4)) return i + 4
  }
  return undefined
}

const text = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n))

type Entry = { type: number; count: number; valueAt: number }

function readTiff(view: DataView): PhotoExif | null {
  const little = view.getUint8(0) === 0x49
  const inside = (at: number, n: number) => at >= 0 && at + n <= view.byteLength
  const u16 = (at: number) => (inside(at, 2) ? view.getUint16(at, little) : undefined)
  const u32 = (at: number) => (inside(at, 4) ? view.getUint32(at, little) : undefined)
  const ifd = (offset: number | undefined) => {
    const entries = new Map<number, Entry>()
    const count = offset === undefined ? undefined : u16(offset)
    if (offset === undefined || count === undefined || count > MAX_ENTRIES) return entries
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12
      const [tag, type, n, pointer] = [u16(at), u16(at + 2), u32(at + 4), u32(at + 8)]
      if (tag === undefined || type === undefined || n === undefined || pointer === undefined) break
      const size = type === 2 ? n : type === 5 ? n * 8 : type === 4 ? n * 4 : 0
      entries.set(tag, { type, count: n, valueAt: size <= 4 ? at + 8 : pointer })
    }
    return entries
  }
  const ascii = (e: Entry | undefined) => {
    if (e?.type !== 2 || e.count === 0 || e.count > 64 || !inside(e.valueAt, e.count)) return undefined
    return text(new Uint8Array(view.buffer, view.byteOffset + e.valueAt, e.count), 0, e.count)
      .replace(/\0[\s\S]*$/, '')
      .trim()
  }
  const rational = (e: Entry | undefined, i: number) => {
    if (e?.type !== 5 || i >= e.count) return undefined
    const [num, den] = [u32(e.valueAt + i * 8), u32(e.valueAt + i * 8 + 4)]
    return num === undefined || !den ? undefined : num / den
  }
  const degrees = (e: Entry | undefined, ref: string | undefined, negative: string) => {
    const [d, m, s] = [0, 1, 2].map((i) => rational(e, i))
    if (d === undefined || m === undefined || s === undefined || m >= 60 || s >= 60) return undefined
    return (ref === negative ? -1 : 1) * (d + m / 60 + s / 3600)
  }

  if (u16(2) !== 42) return null
  const ifd0 = ifd(u32(4))
  const pointer = (tag: number) => {
    const e = ifd0.get(tag)
    return e ? u32(e.valueAt) : undefined
  }
  const exif = ifd(pointer(0x8769))
  const gps = ifd(pointer(0x8825))

  const lat = degrees(gps.get(2), ascii(gps.get(1)), 'S')
  const lng = degrees(gps.get(4), ascii(gps.get(3)), 'W')
  const valid = lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
  const error = rational(gps.get(0x1f), 0)
  const place =
    valid && !(lat === 0 && lng === 0)
      ? { lat, lng, accuracy_m: error !== undefined && error <= 100_000 ? Math.round(error * 10) / 10 : null }
      : null
  const takenAt =
    exifTime(ascii(exif.get(0x9003)), ascii(exif.get(0x9011))) ??
    exifTime(ascii(exif.get(0x9004)), ascii(exif.get(0x9012)))
  return place || takenAt !== undefined ? { takenAt: takenAt ?? null, place } : null
}

/** '2026:11:26 23:30:00' (+ '+07:00') as an instant; without an offset, this device's wall clock. */
function exifTime(value: string | undefined, offset: string | undefined): number | undefined {
  const m = value ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value) : null
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number)
  const o = offset ? /^([+-])(\d{2}):(\d{2})$/.exec(offset) : null
  const ms = o
    ? Date.UTC(y, mo - 1, d, h, mi, s) - (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3])) * 60_000
    : new Date(y, mo - 1, d, h, mi, s).getTime()
  return Number.isFinite(ms) && y >= 2000 ? ms : undefined
}
