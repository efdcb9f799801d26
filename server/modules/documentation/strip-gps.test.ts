import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifCaptureTime } from './exif'
import { stripGps } from './strip-gps'

const GPS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '6/1 12/1 3000/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '106/1 49/1 0/1',
}

async function withGps(format: 'jpeg' | 'png' | 'webp') {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 9, g: 8, b: 7 } } })
    [format]()
    .withExif({
      IFD0: { Make: 'Uji', Model: 'Kamera' },
      IFD2: { DateTimeOriginal: '2026:11:24 09:14:00' },
      IFD3: GPS,
    })
    .withMetadata({ orientation: 3 })
    .toBuffer()
}

/** Tags of IFD0. */
function tags(exif: Buffer | undefined): number[] {
  if (!exif) return []
  const base = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0
  const little = exif.toString('latin1', base, base + 2) === 'II'
  const u16 = (at: number) => (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at))
  const u32 = (at: number) => (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at))
  const ifd = base + u32(base + 4)
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12))
}

describe('stripGps', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    '%s: the GPS directory goes, the other tags and the pixels stay',
    async (format) => {
      const input = await withGps(format)
      const before = await sharp(input).metadata()
      expect(tags(before.exif)).toContain(0x8825)
      const { bytes, changed } = stripGps(input)
      expect(changed).toBe(true)
      const after = await sharp(bytes).metadata()
      expect(tags(after.exif)).not.toContain(0x8825)
      expect(tags(after.exif)).toEqual(tags(before.exif).filter((t) => t !== 0x8825))
      expect(after.orientation).toBe(3)
      expect(exifCaptureTime(after.exif)).toBe(exifCaptureTime(before.exif))
      // Nothing but metadata changed: the same pixels.
      expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(true)
      // Stripping again changes nothing.
      expect(stripGps(bytes).changed).toBe(false)
    },
  )

  it('a photo without GPS, or bytes that are no image, come back untouched', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer()
    expect(stripGps(plain)).toEqual({ bytes: plain, changed: false })
    const text = Buffer.from('bukan gambar')
    expect(stripGps(text)).toEqual({ bytes: text, changed: false })
  })

  it('damaged or hostile bytes never throw (cut, flipped)', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const input = await withGps(format)
      let seed = 7
      const rand = () => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff
        return seed
      }
      for (let i = 0; i < 300; i++) {
        const copy = Buffer.from(input.subarray(0, 1 + (rand() % input.length)))
        for (let k = 0; k < 4; k++) if (copy.length > 0) copy[rand() % copy.length] = rand() & 0xff
        expect(() => stripGps(copy)).not.toThrow()
      }
      // Whole files with bytes flipped in their head, where the EXIF block is.
      for (let i = 0; i < 1000; i++) {
        const copy = Buffer.from(input)
        for (let k = 0; k < 3; k++) copy[rand() % Math.min(400, copy.length)] = rand() & 0xff
        expect(() => stripGps(copy)).not.toThrow()
      }
    }
  })
})

const GPS_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" ' +
  'exif:GPSLatitude="6,12.5S" exif:GPSLongitude="106,49.0E"/></rdf:RDF></x:xmpmeta>'

/** A JPEG segment: marker, length, body. */
const segment = (marker: number, body: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body])

describe('stripGps: the other places a JPEG, PNG or WebP keeps a place (issue 31)', () => {
  it.each([false, true])(
    'a JPEG (progressive: %s) with a motion-photo trailer and a second picture after its end: cut at the end of image, the MPF index dropped',
    async (progressive) => {
      const main = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'teal' } })
        .jpeg({ progressive })
        .withExif({ IFD0: { Make: 'Uji' }, IFD3: GPS })
        .toBuffer()
      const secondary = await withGps('jpeg')
      const video = Buffer.concat([
        Buffer.from('\0\0\0\x18ftypmp42'),
        Buffer.from('\xa9xyz-06.2083+106.8167/'),
      ])
      // The MPF index a multi-picture file carries (APP2 'MPF\0'), among the first segments.
      const mpf = segment(0xe2, Buffer.concat([Buffer.from('MPF\0'), Buffer.alloc(40, 1)]))
      const first = 4 + main.readUInt16BE(4) // the end of the first segment after the start of image
      const input = Buffer.concat([main.subarray(0, first), mpf, main.subarray(first), secondary, video])
      const { bytes, changed } = stripGps(input)
      expect(changed).toBe(true)
      expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
      expect(bytes.length).toBe(main.length)
      expect(bytes.includes('ftypmp42')).toBe(false)
      expect(bytes.includes('MPF\0')).toBe(false)
      expect(tags((await sharp(bytes).metadata()).exif)).not.toContain(0x8825)
      expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(main).raw().toBuffer())).toBe(true)
      expect(stripGps(bytes).changed).toBe(false)
      // A trailer alone is reason enough to change the file.
      expect(stripGps(Buffer.concat([bytes, video]))).toEqual({ bytes, changed: true })
    },
  )

  it('a JPEG with XMP and Extended XMP segments: both dropped', async () => {
    const plain = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer()
    const extension = segment(
      0xe1,
      Buffer.concat([
        Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1'),
        Buffer.from('0123456789ABCDEF0123456789ABCDEF'), // the packet's GUID
        Buffer.from([0, 0, 0, GPS_XMP.length, 0, 0, 0, 0]),
        Buffer.from(GPS_XMP),
      ]),
    )
    const main = segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${GPS_XMP}`, 'latin1'))
    const input = Buffer.concat([plain.subarray(0, 2), main, extension, plain.subarray(2)])
    const { bytes, changed } = stripGps(input)
    expect(changed).toBe(true)
    expect(bytes).toEqual(plain)
  })

  it.each(['png', 'webp'] as const)('%s: the GPS in its XMP goes too', async (format) => {
    const input = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'white' } })
      [format]()
      .withXmp(GPS_XMP)
      .toBuffer()
    expect((await sharp(input).metadata()).xmp?.toString()).toContain('GPSLatitude')
    const { bytes, changed } = stripGps(input)
    expect(changed).toBe(true)
    expect((await sharp(bytes).metadata()).xmp?.toString() ?? '').not.toMatch(/GPS|106,49/)
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(true)
  })

  it("a PNG's EXIF as ImageMagick writes it (hex in a 'Raw profile type exif' text chunk) is dropped", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } })
      .png()
      .toBuffer()
    const text = Buffer.from('Raw profile type exif\0\nexif\n      12\n457869660000\n', 'latin1')
    const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('tEXt'), text, Buffer.alloc(4)])
    chunk.writeUInt32BE(text.length, 0)
    const input = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)])
    expect(stripGps(input)).toEqual({ bytes: png, changed: true })
  })
})

describe('stripGps: GIF', () => {
  it("a GIF's XMP application extension loses its GPS properties and still decodes", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer()
    const packet = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>${GPS_XMP}<?xpacket end="w"?>`
    // The XMP spec's magic trailer: 0x01, 0xFF down to 0x00, then the block terminator.
    const trailer = Buffer.from([1, ...Array.from({ length: 256 }, (_, i) => 255 - i), 0])
    const extension = Buffer.concat([
      Buffer.from([0x21, 0xff, 0x0b]),
      Buffer.from('XMP DataXMP'),
      Buffer.from(packet),
      trailer,
    ])
    const input = Buffer.concat([gif.subarray(0, -1), extension, gif.subarray(-1)])
    const { bytes, changed } = stripGps(input)
    expect(changed).toBe(true)
    expect(bytes.length).toBe(input.length)
    expect(bytes.includes('GPS')).toBe(false)
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(gif).raw().toBuffer())).toBe(true)
  })
})
