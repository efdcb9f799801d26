import { blankXmpGps } from './xmp-gps'

/**
 * GPS out of HEIC and AVIF photos (issue 31), in place, without re-encoding: both are ISO-BMFF (HEIF)
 * files whose metadata are items of the top-level 'meta' box. The item info ('iinf') names each item's
 * type; the item locations ('iloc') say where its bytes are (in the file, usually in 'mdat', or in the
 * meta box's own 'idat'). An 'Exif' item is a 4-byte offset and then the EXIF block: its GPS directory
 * goes with the TIFF routine the other formats use (stripGpsFromTiff, which keeps the block's length);
 * a 'mime' item (XMP) has its GPS properties blanked (xmp-gps.ts); a top-level box that is no part of a
 * still image (a motion photo's video) becomes a 'free' box of zeros. No byte moves, so every offset in
 * the file stays right.
 *
 * Read defensively and bounded (box counts, item counts, extents): anything this cannot read with
 * certainty (a damaged box tree, items built from other items, data in another file, an image sequence
 * whose 'moov' may carry a place of its own) answers `unsure`, and the caller refuses to publish it.
 */

export type IsoResult = { changed: boolean; unsure: boolean }

const MAX_BOXES = 256
const MAX_ITEMS = 4096
const MAX_EXTENTS = 64
const MAX_ITEM_BYTES = 16 * 1024 * 1024

type Box = { type: string; start: number; body: number; end: number }
type Extent = { offset: number; length: number }
type Location = { method: number; extents: Extent[] }

class Unsure extends Error {}

export function isIsoBmff(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp'
}

/**
 * Strips `buf` in place (the caller passes its own copy). Never throws: `stripTiff` is the EXIF
 * routine (injected, as strip-gps.ts imports this file).
 */
export function stripIsoBmff(buf: Buffer, stripTiff: (tiff: Buffer) => boolean): IsoResult {
  try {
    return strip(buf, stripTiff)
  } catch {
    return { changed: false, unsure: true }
  }
}

/** The top-level boxes a still HEIF image is made of; any other is emptied (see `strip`). */
const IMAGE_BOXES = new Set(['ftyp', 'meta', 'mdat', 'free', 'skip'])

function strip(buf: Buffer, stripTiff: (tiff: Buffer) => boolean): IsoResult {
  const top = boxes(buf, 0, buf.length)
  // An image sequence (AVIS, HEIF burst) keeps a movie's metadata too, where a place may be written.
  if (top.some((b) => b.type === 'moov')) return { changed: false, unsure: true }
  const metas = top.filter((b) => b.type === 'meta')
  if (metas.length > 1) throw new Unsure()
  const items: Items =
    metas.length === 1 ? metaItems(buf, metas[0]) : { types: new Map(), locations: new Map() }

  let changed = false
  // Other top-level boxes (a Samsung motion photo's video in 'mpvd', a vendor's 'uuid' box) are no
  // part of the still picture and may hold a place: each becomes a 'free' box of zeros, so no offset
  // moves, unless an item's bytes lie in it (then nothing is certain).
  for (const b of top) {
    if (IMAGE_BOXES.has(b.type)) continue
    for (const location of items.locations.values()) {
      if (location.method !== 0) continue
      for (const r of absolute(location, buf.length, undefined))
        if (r.offset < b.end && r.offset + r.length > b.start) throw new Unsure()
    }
    buf.write('free', b.start + 4, 'latin1')
    buf.fill(0, b.body, b.end)
    changed = true
  }

  for (const [id, type] of items.types) {
    if (type !== 'Exif' && type !== 'mime') continue
    const location = items.locations.get(id)
    if (!location) throw new Unsure()
    const ranges = absolute(location, buf.length, items.idat)
    const total = ranges.reduce((sum, r) => sum + r.length, 0)
    if (total > MAX_ITEM_BYTES) throw new Unsure()
    // One extent is edited where it lies; several are gathered, edited and put back.
    const data =
      ranges.length === 1
        ? buf.subarray(ranges[0].offset, ranges[0].offset + ranges[0].length)
        : Buffer.concat(ranges.map((r) => buf.subarray(r.offset, r.offset + r.length)))
    let edited: boolean
    if (type === 'Exif') {
      if (data.length < 4) throw new Unsure()
      const prefix = data.readUInt32BE(0)
      if (4 + prefix > data.length) throw new Unsure()
      edited = stripTiff(data.subarray(4 + prefix))
    } else edited = blankXmpGps(data)
    if (edited && ranges.length > 1) {
      let at = 0
      for (const r of ranges) at += data.copy(buf, r.offset, at, at + r.length)
    }
    changed ||= edited
  }
  return { changed, unsure: false }
}

type Items = { types: Map<number, string>; locations: Map<number, Location>; idat?: Box }

/** The meta box's items: their types ('iinf') and where their bytes are ('iloc', 'idat'). */
function metaItems(buf: Buffer, meta: Box): Items {
  if (meta.body + 4 > meta.end) throw new Unsure()
  const children = boxes(buf, meta.body + 4, meta.end)
  const one = (type: string) => {
    const found = children.filter((b) => b.type === type)
    if (found.length > 1) throw new Unsure()
    return found[0]
  }
  const iinf = one('iinf')
  const iloc = one('iloc')
  const types = iinf ? itemTypes(buf, iinf) : new Map<number, string>()
  const metadata = [...types.values()].some((t) => t === 'Exif' || t === 'mime')
  if (metadata && !iloc) throw new Unsure()
  return { types, locations: iloc ? itemLocations(buf, iloc) : new Map(), idat: one('idat') }
}

/** The boxes between `from` and `to` (bounded; a box that does not fit is a damaged file). */
function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = []
  let at = from
  while (at + 8 <= to) {
    if (out.length >= MAX_BOXES) throw new Unsure()
    let size = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    let body = at + 8
    if (size === 1) {
      if (at + 16 > to) throw new Unsure()
      size = safe(buf.readBigUInt64BE(at + 8))
      body = at + 16
    } else if (size === 0) size = to - at
    if (size < body - at || at + size > to) throw new Unsure()
    out.push({ type, start: at, body, end: at + size })
    at += size
  }
  return out
}

const safe = (n: bigint) => {
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new Unsure()
  return Number(n)
}

/** item_ID -> item_type, from the 'infe' entries (version 2 and 3; older ones have no type). */
function itemTypes(buf: Buffer, iinf: Box): Map<number, string> {
  const version = buf[iinf.body]
  if (iinf.body + (version === 0 ? 6 : 8) > iinf.end) throw new Unsure()
  const count = version === 0 ? buf.readUInt16BE(iinf.body + 4) : buf.readUInt32BE(iinf.body + 4)
  if (count > MAX_ITEMS) throw new Unsure()
  const entries = boxes(buf, iinf.body + 4 + (version === 0 ? 2 : 4), iinf.end)
  const types = new Map<number, string>()
  for (const infe of entries) {
    if (infe.type !== 'infe') continue
    const v = buf[infe.body]
    if (v < 2) continue
    const idSize = v === 2 ? 2 : 4
    const at = infe.body + 4
    if (at + idSize + 6 > infe.end) throw new Unsure()
    const id = idSize === 2 ? buf.readUInt16BE(at) : buf.readUInt32BE(at)
    types.set(id, buf.toString('latin1', at + idSize + 2, at + idSize + 6))
  }
  return types
}

/** item_ID -> where its bytes are, from 'iloc' (versions 0, 1 and 2). */
function itemLocations(buf: Buffer, iloc: Box): Map<number, Location> {
  const version = buf[iloc.body]
  if (version > 2 || iloc.body + 4 > iloc.end) throw new Unsure()
  let at = iloc.body + 4
  // Field sizes of 0, 4 or 8 bytes (iloc's own words), and 16-bit counts and ids.
  const read = (size: number): number => {
    if (at + size > iloc.end) throw new Unsure()
    if (size !== 0 && size !== 4 && size !== 8) throw new Unsure()
    const v = size === 0 ? 0 : size === 4 ? buf.readUInt32BE(at) : safe(buf.readBigUInt64BE(at))
    at += size
    return v
  }
  const u16 = () => {
    if (at + 2 > iloc.end) throw new Unsure()
    at += 2
    return buf.readUInt16BE(at - 2)
  }
  const sizes = u16()
  const offsetSize = sizes >> 12
  const lengthSize = (sizes >> 8) & 15
  const baseOffsetSize = (sizes >> 4) & 15
  const indexSize = version === 0 ? 0 : sizes & 15
  const items = new Map<number, Location>()
  const count = version < 2 ? u16() : read(4)
  if (count > MAX_ITEMS) throw new Unsure()
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? u16() : read(4)
    const method = version === 0 ? 0 : u16() & 15
    const dataReference = u16()
    const base = read(baseOffsetSize)
    const extentCount = u16()
    if (extentCount > MAX_EXTENTS) throw new Unsure()
    const extents: Extent[] = []
    for (let e = 0; e < extentCount; e++) {
      if (indexSize > 0) read(indexSize)
      const offset = read(offsetSize)
      extents.push({ offset: base + offset, length: read(lengthSize) })
    }
    // Data in another file (a data reference) cannot be checked: no method this reads.
    items.set(id, { method: dataReference === 0 ? method : -1, extents })
  }
  return items
}

/** The extents as ranges of the file: method 0 counts from the file's start, 1 from idat's data. */
function absolute(location: Location, fileSize: number, idat: Box | undefined): Extent[] {
  if (location.extents.length === 0) throw new Unsure()
  let start: number
  let end: number
  if (location.method === 0) {
    start = 0
    end = fileSize
  } else if (location.method === 1 && idat) {
    start = idat.body
    end = idat.end
  } else throw new Unsure()
  return location.extents.map((e) => {
    const offset = start + e.offset
    // A length of 0 means "to the end of the source".
    const length = e.length === 0 ? end - offset : e.length
    if (offset < start || length < 0 || offset + length > end) throw new Unsure()
    return { offset, length }
  })
}
