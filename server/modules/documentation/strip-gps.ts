import { crc32 } from 'node:zlib'
import { isIsoBmff, stripIsoBmff } from './strip-gps-isobmff'
import { blankXmpGps } from './xmp-gps'

/**
 * Location is private (issue 23): the public /storage/ bytes of a photo carry no GPS. This removes the
 * EXIF GPS directory from JPEG, PNG, WebP, HEIC and AVIF bytes without re-encoding a pixel: the GPS
 * pointer entry (tag 0x8825) is taken out of IFD0 (the entries after it move up, the freed 12 bytes are
 * zeroed) and the GPS directory with its values is overwritten with zeros. Every other tag (orientation,
 * capture time, camera) stays where it was, and the EXIF block keeps its length, so nothing else in the
 * file moves. Other places a place hides (issue 31):
 * - JPEG: XMP packets (APP1 'http://ns.adobe.com/xap/1.0/' and Extended XMP, which may repeat the GPS)
 *   are dropped, and so is everything after the end-of-image marker (a motion photo's video, the extra
 *   images of a multi-picture file, each with its own EXIF) with the MPF index that pointed at them.
 * - PNG: XMP and ImageMagick's 'Raw profile type exif' text chunks are dropped.
 * - WebP and GIF: the XMP packet's GPS properties are blanked (xmp-gps.ts).
 * - HEIC and AVIF: the Exif and XMP items, found through the meta box (strip-gps-isobmff.ts).
 *
 * Read defensively like exif.ts: an offset out of bounds leaves that part alone, never throws. Where a
 * HEIC or AVIF cannot be read with certainty the answer says `unsure`, and it is not published.
 */

const TAG_GPS_IFD = 0x8825
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
}
const MAX_ENTRIES = 512
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1')
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1')
const XMP_EXTENSION_HEADER = Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1')
const MPF_HEADER = Buffer.from('MPF\0', 'latin1')
/** PNG text chunks that carry XMP or a whole EXIF block (ImageMagick writes the latter as hex). */
const PNG_METADATA_KEYWORD = /^(XML:com\.adobe\.xmp|Raw profile type (exif|app1|xmp|iptc))$/i

export type Stripped = {
  bytes: Buffer
  changed: boolean
  /** A HEIC or AVIF whose metadata could not be read with certainty: GPS may remain. */
  unsure?: true
}

/**
 * Removes GPS from a TIFF structure (with or without the 'Exif\0\0' prefix), in place. True when
 * something was removed.
 */
export function stripGpsFromTiff(buf: Buffer): boolean {
  const base = buf.length >= 6 && buf.subarray(0, 6).equals(EXIF_HEADER) ? 6 : 0
  if (buf.length < base + 8) return false
  const order = buf.toString('latin1', base, base + 2)
  if (order !== 'II' && order !== 'MM') return false
  const little = order === 'II'
  const inside = (at: number, n: number) => at >= 0 && at + n <= buf.length
  const u16 = (at: number) =>
    inside(at, 2) ? (little ? buf.readUInt16LE(at) : buf.readUInt16BE(at)) : undefined
  const u32 = (at: number) =>
    inside(at, 4) ? (little ? buf.readUInt32LE(at) : buf.readUInt32BE(at)) : undefined
  const setU16 = (at: number, v: number) => (little ? buf.writeUInt16LE(v, at) : buf.writeUInt16BE(v, at))

  if (u16(base + 2) !== 42) return false
  const ifd0Offset = u32(base + 4)
  if (ifd0Offset === undefined) return false
  const ifd0 = base + ifd0Offset
  const count = u16(ifd0)
  if (count === undefined || count > MAX_ENTRIES || !inside(ifd0 + 2, count * 12 + 4)) return false

  let removed = false
  for (let i = 0; i < count; i++) {
    const at = ifd0 + 2 + i * 12
    if (u16(at) !== TAG_GPS_IFD) continue
    const gpsOffset = u32(at + 8)
    if (gpsOffset !== undefined) wipeIfd(base + gpsOffset)
    // The entries after it (and the next-IFD offset) move up by one entry; the last 12 bytes go to zero.
    const end = ifd0 + 2 + count * 12 + 4
    buf.copy(buf, at, at + 12, end)
    buf.fill(0, end - 12, end)
    setU16(ifd0, count - 1)
    removed = true
    break
  }
  return removed

  function wipeIfd(start: number) {
    const n = u16(start)
    if (n === undefined || n > MAX_ENTRIES || !inside(start + 2, n * 12)) return
    for (let i = 0; i < n; i++) {
      const at = start + 2 + i * 12
      const type = u16(at + 2) ?? 0
      const values = u32(at + 4) ?? 0
      const size = (TYPE_SIZES[type] ?? 0) * values
      if (size > 4) {
        const pointer = u32(at + 8)
        if (pointer !== undefined && inside(base + pointer, size))
          buf.fill(0, base + pointer, base + pointer + size)
      }
    }
    buf.fill(0, start, start + 2 + n * 12 + (inside(start + 2 + n * 12, 4) ? 4 : 0))
  }
}

/** The photo's bytes without GPS (the same Buffer when there was none to remove). */
export function stripGps(bytes: Buffer): Stripped {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8) return stripJpeg(bytes)
  if (bytes.length > 8 && bytes.toString('latin1', 1, 4) === 'PNG') return stripPng(bytes)
  if (
    bytes.length > 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return stripWebp(bytes)
  if (bytes.length > 6 && bytes.toString('latin1', 0, 4) === 'GIF8') return stripGif(bytes)
  if (isIsoBmff(bytes)) {
    const buf = Buffer.from(bytes)
    const { changed, unsure } = stripIsoBmff(buf, stripGpsFromTiff)
    return { bytes: changed ? buf : bytes, changed, ...(unsure ? { unsure } : {}) }
  }
  return { bytes, changed: false }
}

function stripJpeg(input: Buffer): Stripped {
  const buf = Buffer.from(input)
  const keep: Buffer[] = [buf.subarray(0, 2)]
  let changed = false
  let at = 2
  while (at + 4 <= buf.length) {
    if (buf[at] !== 0xff) break
    const marker = buf[at + 1]
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      keep.push(buf.subarray(at, at + 1))
      at += 1
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      keep.push(buf.subarray(at, at + 2))
      at += 2
      continue
    }
    // End of image: nothing after it belongs to the picture.
    if (marker === 0xd9) {
      keep.push(buf.subarray(at, at + 2))
      if (at + 2 < buf.length) changed = true
      return changed ? { bytes: Buffer.concat(keep), changed } : { bytes: input, changed }
    }
    // Start of scan: the rest is entropy-coded data, copied as it is up to the end-of-image marker.
    if (marker === 0xda) {
      const end = endOfImage(buf, at)
      keep.push(buf.subarray(at, end))
      if (end < buf.length) changed = true
      return changed ? { bytes: Buffer.concat(keep), changed } : { bytes: input, changed }
    }
    const length = buf.readUInt16BE(at + 2)
    if (length < 2 || at + 2 + length > buf.length) break
    const segment = buf.subarray(at, at + 2 + length)
    const body = segment.subarray(4)
    const starts = (header: Buffer) => body.subarray(0, header.length).equals(header)
    if (
      (marker === 0xe1 && (starts(XMP_HEADER) || starts(XMP_EXTENSION_HEADER))) ||
      (marker === 0xe2 && starts(MPF_HEADER))
    ) {
      changed = true
    } else {
      if (marker === 0xe1 && body.subarray(0, 6).equals(EXIF_HEADER) && stripGpsFromTiff(body)) changed = true
      keep.push(segment)
    }
    at += 2 + length
  }
  keep.push(buf.subarray(at))
  return changed ? { bytes: Buffer.concat(keep), changed } : { bytes: input, changed }
}

function stripPng(input: Buffer): Stripped {
  const buf = Buffer.from(input)
  const keep: Buffer[] = [buf.subarray(0, 8)]
  let changed = false
  let at = 8
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    if (at + 12 + length > buf.length) break
    const chunk = buf.subarray(at, at + 12 + length)
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const data = chunk.subarray(8, 8 + length)
      const keyword = data.toString('latin1', 0, Math.max(0, data.indexOf(0)))
      if (PNG_METADATA_KEYWORD.test(keyword)) {
        changed = true
        at += 12 + length
        continue
      }
    }
    if (type === 'eXIf' && stripGpsFromTiff(buf.subarray(at + 8, at + 8 + length))) {
      buf.writeUInt32BE(crc32(buf.subarray(at + 4, at + 8 + length)) >>> 0, at + 8 + length)
      changed = true
    }
    keep.push(chunk)
    at += 12 + length
    if (type === 'IEND') break
  }
  keep.push(buf.subarray(at))
  return changed ? { bytes: Buffer.concat(keep), changed } : { bytes: input, changed }
}

function stripWebp(input: Buffer): Stripped {
  const buf = Buffer.from(input)
  let changed = false
  let at = 12
  while (at + 8 <= buf.length) {
    const type = buf.toString('latin1', at, at + 4)
    const size = buf.readUInt32LE(at + 4)
    if (at + 8 + size > buf.length) break
    if (type === 'EXIF' && stripGpsFromTiff(buf.subarray(at + 8, at + 8 + size))) changed = true
    if (type === 'XMP ' && blankXmpGps(buf.subarray(at + 8, at + 8 + size))) changed = true
    at += 8 + size + (size % 2)
  }
  return changed ? { bytes: buf, changed } : { bytes: input, changed }
}

/**
 * A GIF's XMP is an application extension ('XMP DataXMP') whose packet is written raw, followed by a
 * trailer that turns any byte of it into a sub-block length leading to the end; blanking with spaces
 * (0x20, a forward jump like any text byte) keeps that working.
 */
function stripGif(input: Buffer): Stripped {
  const at = input.indexOf('XMP DataXMP', 0, 'latin1')
  if (at < 0) return { bytes: input, changed: false }
  const buf = Buffer.from(input)
  const end = buf.indexOf('<?xpacket end', at, 'latin1')
  const changed = blankXmpGps(buf.subarray(at, end < 0 ? buf.length : end))
  return changed ? { bytes: buf, changed } : { bytes: input, changed }
}

/**
 * Where the image ends: scans from the first start-of-scan marker through the entropy-coded data (0xFF
 * is followed by 0x00 there, or is a restart marker) and the segments between the scans of a
 * progressive JPEG, to just after the end-of-image marker. The file's length when there is none (a cut
 * file: nothing follows its end, so nothing to drop).
 */
function endOfImage(buf: Buffer, from: number): number {
  let at = from
  while (at + 1 < buf.length) {
    at = buf.indexOf(0xff, at)
    if (at < 0 || at + 1 >= buf.length) break
    const marker = buf[at + 1]
    if (marker === 0xd9) return at + 2
    if (marker === 0x00 || marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += marker === 0xff ? 1 : 2
      continue
    }
    // A segment with a length (another scan's header, tables, a comment).
    if (at + 4 > buf.length) break
    const length = buf.readUInt16BE(at + 2)
    if (length < 2) break
    at += 2 + length
  }
  return buf.length
}
