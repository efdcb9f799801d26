/*
 * HEIF files for the tests, built box by box: this sharp build writes AVIF (with EXIF) but not HEIC, and
 * an iPhone's HEIC is the same container (ISO-BMFF, a 'meta' box with item info and locations) with an
 * HEVC picture. The picture here is a few opaque bytes: the GPS stripping never decodes pixels.
 */

const u16 = (n: number) => Buffer.from([n >> 8, n & 255])
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

export const box = (type: string, ...body: Buffer[]) => {
  const content = Buffer.concat(body)
  return Buffer.concat([u32(8 + content.length), Buffer.from(type, 'latin1'), content])
}
const fullBox = (type: string, version: number, ...body: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...body)

export type HeifItem = {
  type: string
  data: Buffer
  /** 0: in 'mdat' (the usual), 1: in the meta box's 'idat'. */
  method?: 0 | 1
  /** Split the data into this many extents. */
  extents?: number
  contentType?: string
}

/**
 * A HEIC ('heic' brand) holding an 'hvc1' picture and `items`. `ilocVersion` 1 (the usual) or 2 (32-bit
 * ids and counts), `infeVersion` 2 or 3; `moov` adds an image sequence's movie box.
 */
export function heif(
  items: HeifItem[],
  opts: { ilocVersion?: 1 | 2; infeVersion?: 2 | 3; moov?: boolean; brand?: string } = {},
): Buffer {
  const all: HeifItem[] = [{ type: 'hvc1', data: Buffer.from('not-really-hevc-pixels') }, ...items]
  const ilocVersion = opts.ilocVersion ?? 1
  const infeVersion = opts.infeVersion ?? 2
  const brand = opts.brand ?? 'heic'
  const ftyp = box('ftyp', Buffer.from(brand), u32(0), Buffer.from(`mif1${brand}`))
  const build = (mdatDataStart: number) => {
    const infes = all.map((item, i) =>
      fullBox(
        'infe',
        infeVersion,
        infeVersion === 2 ? u16(i + 1) : u32(i + 1),
        u16(0),
        Buffer.from(item.type, 'latin1'),
        Buffer.from('\0'),
        item.contentType ? Buffer.from(`${item.contentType}\0`) : Buffer.alloc(0),
      ),
    )
    const iinf = fullBox('iinf', 0, u16(all.length), ...infes)
    let inMdat = 0
    let inIdat = 0
    const idatParts: Buffer[] = []
    const entries = all.map((item, i) => {
      const method = item.method ?? 0
      const n = item.extents ?? 1
      const size = Math.ceil(item.data.length / n)
      const extents: Buffer[] = []
      for (let e = 0; e < n; e++) {
        const part = item.data.subarray(e * size, (e + 1) * size)
        const offset = method === 0 ? mdatDataStart + inMdat : inIdat
        if (method === 0) inMdat += part.length
        else {
          inIdat += part.length
          idatParts.push(part)
        }
        extents.push(u32(offset), u32(part.length))
      }
      return Buffer.concat([
        ilocVersion === 1 ? u16(i + 1) : u32(i + 1),
        u16(method),
        u16(0),
        u16(n),
        ...extents,
      ])
    })
    // offset_size 4, length_size 4, base_offset_size 0, index_size 0.
    const iloc = fullBox(
      'iloc',
      ilocVersion,
      Buffer.from([0x44, 0x00]),
      ilocVersion === 1 ? u16(all.length) : u32(all.length),
      ...entries,
    )
    const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('pict'), Buffer.alloc(12), Buffer.from('\0'))
    const pitm = fullBox('pitm', 0, u16(1))
    const idat = idatParts.length > 0 ? [box('idat', ...idatParts)] : []
    return fullBox('meta', 0, hdlr, pitm, iinf, iloc, ...idat)
  }
  const mdatData = Buffer.concat(all.filter((i) => (i.method ?? 0) === 0).map((i) => i.data))
  const probe = build(0)
  const meta = build(ftyp.length + probe.length + 8)
  const moov = opts.moov ? [box('moov', box('udta', box('\xa9xyz', Buffer.from('-06.2083+106.8167/'))))] : []
  return Buffer.concat([ftyp, meta, box('mdat', mdatData), ...moov])
}

/** A HEIF Exif item's payload: the offset to the TIFF header (past 'Exif\0\0'), then the block. */
export const exifItem = (exif: Buffer) => Buffer.concat([u32(6), exif])

/** The bytes of item `id` (1-based, as heif() numbers them) of a file heif() built, read back. */
export function itemBytes(file: Buffer, id: number): Buffer {
  // Small enough to read the simple way: find 'iloc' and walk its entries like heif() wrote them.
  const at = file.indexOf('iloc', 0, 'latin1')
  const version = file[at + 4]
  let p = at + 10
  const count = version === 1 ? file.readUInt16BE(p) : file.readUInt32BE(p)
  p += version === 1 ? 2 : 4
  const idatAt = file.indexOf('idat', 0, 'latin1')
  for (let i = 0; i < count; i++) {
    const itemId = version === 1 ? file.readUInt16BE(p) : file.readUInt32BE(p)
    p += version === 1 ? 2 : 4
    const method = file.readUInt16BE(p)
    const n = file.readUInt16BE(p + 4)
    p += 6
    const parts: Buffer[] = []
    for (let e = 0; e < n; e++) {
      const offset = file.readUInt32BE(p) + (method === 1 ? idatAt + 4 : 0)
      parts.push(file.subarray(offset, offset + file.readUInt32BE(p + 4)))
      p += 8
    }
    if (itemId === id) return Buffer.concat(parts)
  }
  throw new Error(`no item ${id}`)
}
