import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifCaptureTime, exifPlace } from './exif'
import { box, exifItem, heif, itemBytes } from './heif-fixture'
import { stripGps } from './strip-gps'

/* HEIC and AVIF photos lose their GPS like the other formats (issue 31): strip-gps-isobmff.ts. */

const GPS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '6/1 12/1 3000/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '106/1 49/1 0/1',
}
const EXIF = {
  IFD0: { Make: 'Apple', Model: 'iPhone 15' },
  IFD2: { DateTimeOriginal: '2026:11:24 09:14:00', OffsetTimeOriginal: '+07:00' },
  IFD3: GPS,
}
const PLACE = { lat: -6.2083333, lng: 106.8166667, accuracy_m: null }
const XMP = Buffer.from(
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,12.5S" ' +
    'exif:GPSLongitude="106,49.0E" exif:DateTimeOriginal="2026-11-24T09:14:00+07:00">' +
    '<exif:GPSAltitude>12/1</exif:GPSAltitude><exif:GPSVersionID><rdf:Seq><rdf:li>2.2.0.0</rdf:li></rdf:Seq>' +
    '</exif:GPSVersionID></rdf:Description></rdf:RDF></x:xmpmeta>',
)

/** An EXIF block ('Exif\0\0' + TIFF) with GPS, as a phone writes it. */
async function exifBlock() {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'gray' } })
    .jpeg()
    .withExif(EXIF)
    .toBuffer()
  return (await sharp(jpeg).metadata()).exif as Buffer
}

const avif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .avif({ quality: 50, effort: 0 })
    .withExif(EXIF)
    .toBuffer()

describe('stripGps on HEIC and AVIF', () => {
  it('AVIF as sharp writes it: the place is read from it, then the GPS goes; time, pixels and length stay', async () => {
    const input = await avif()
    const before = await sharp(input).metadata()
    expect(exifPlace(before.exif)).toEqual(PLACE)
    const { bytes, changed, unsure } = stripGps(input)
    expect({ changed, unsure }).toEqual({ changed: true, unsure: undefined })
    expect(bytes.length).toBe(input.length)
    const after = await sharp(bytes).metadata()
    expect(exifPlace(after.exif)).toBeUndefined()
    expect(exifCaptureTime(after.exif)).toBe('2026-11-24T02:14:00.000Z')
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(true)
    expect(stripGps(bytes).changed).toBe(false)
  })

  it.each([
    ['in mdat, iloc 1, infe 2', {}, {}],
    ['in idat (construction method 1)', { method: 1 as const }, {}],
    ['in three extents', { extents: 3 }, {}],
    ['iloc 2 and infe 3 (32-bit ids)', {}, { ilocVersion: 2 as const, infeVersion: 3 as const }],
  ])('HEIC, Exif item %s: no GPS left, the rest of the block as it was', async (_name, item, opts) => {
    const exif = await exifBlock()
    const file = heif([{ type: 'Exif', data: exifItem(exif), ...item }], opts)
    expect(exifPlace(itemBytes(file, 2).subarray(4))).toEqual(PLACE)
    const { bytes, changed, unsure } = stripGps(file)
    expect({ changed, unsure }).toEqual({ changed: true, unsure: undefined })
    expect(bytes.length).toBe(file.length)
    const after = itemBytes(bytes, 2).subarray(4)
    expect(exifPlace(after)).toBeUndefined()
    expect(exifCaptureTime(after)).toBe('2026-11-24T02:14:00.000Z')
    // The picture's bytes are untouched.
    expect(itemBytes(bytes, 1)).toEqual(itemBytes(file, 1))
    expect(stripGps(bytes).changed).toBe(false)
  })

  it('HEIC with an XMP item: its GPS properties blanked, the packet still XML of the same length', () => {
    const file = heif([{ type: 'mime', data: Buffer.from(XMP), contentType: 'application/rdf+xml' }])
    const { bytes, changed } = stripGps(file)
    expect(changed).toBe(true)
    const text = itemBytes(bytes, 2).toString('latin1')
    expect(text.length).toBe(XMP.length)
    expect(text).not.toMatch(/GPS|6,12|106,49|2\.2\.0\.0/)
    expect(text).toContain('exif:DateTimeOriginal="2026-11-24T09:14:00+07:00"')
    expect(text).toMatch(/<\/rdf:Description><\/rdf:RDF><\/x:xmpmeta>$/)
  })

  it("a Samsung motion photo's video box (and any other box no still image needs) is emptied in place", async () => {
    const file = heif([{ type: 'Exif', data: exifItem(await exifBlock()) }])
    const video = box(
      'mpvd',
      box('ftyp', Buffer.from('mp42')),
      Buffer.from('\xa9xyz-06.2083+106.8167/', 'latin1'),
    )
    const input = Buffer.concat([file, video])
    const { bytes, changed } = stripGps(input)
    expect(changed).toBe(true)
    expect(bytes.length).toBe(input.length)
    expect(bytes.subarray(file.length)).toEqual(
      Buffer.concat([video.subarray(0, 4), Buffer.from('free'), Buffer.alloc(video.length - 8)]),
    )
    expect(exifPlace(itemBytes(bytes, 2).subarray(4))).toBeUndefined()
    // A box an item's bytes lie in cannot be emptied: unsure.
    const inside = Buffer.from(input)
    inside.write('uuid', file.indexOf('mdat', 0, 'latin1'), 'latin1')
    expect(stripGps(inside).unsure).toBe(true)
  })

  it('a HEIC without metadata items, or no ISO-BMFF at all, comes back untouched', () => {
    const plain = heif([])
    expect(stripGps(plain)).toEqual({ bytes: plain, changed: false })
  })

  it('what cannot be read for certain is unsure, never passed as clean', async () => {
    const exif = exifItem(await exifBlock())
    // An image sequence: its movie box may carry a place of its own.
    expect(stripGps(heif([{ type: 'Exif', data: exif }], { moov: true })).unsure).toBe(true)
    // A meta box cut short.
    const file = heif([{ type: 'Exif', data: exif }])
    const metaAt = file.indexOf('meta', 0, 'latin1') - 4
    const cut = Buffer.from(file)
    cut.writeUInt32BE(file.readUInt32BE(metaAt) + 4096, metaAt)
    expect(stripGps(cut).unsure).toBe(true)
    // The Exif item's data in another file (data_reference_index 1).
    const elsewhere = Buffer.from(file)
    const iloc = file.indexOf('iloc', 0, 'latin1')
    // The second entry (the Exif item): id, method, then the data reference.
    const second = iloc + 12 + (2 + 2 + 2 + 2 + 8)
    elsewhere.writeUInt16BE(1, second + 4)
    expect(stripGps(elsewhere).unsure).toBe(true)
  })

  it('damaged or hostile HEIF bytes never throw', async () => {
    const inputs = [await avif(), heif([{ type: 'Exif', data: exifItem(await exifBlock()), extents: 2 }])]
    let seed = 11
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed
    }
    for (const input of inputs) {
      for (let i = 0; i < 300; i++) {
        const copy = Buffer.from(input.subarray(0, 12 + (rand() % input.length)))
        for (let k = 0; k < 4; k++) copy[rand() % copy.length] = rand() & 0xff
        copy.write('ftyp', 4, 'latin1')
        expect(() => stripGps(copy)).not.toThrow()
      }
      // Whole files with bytes flipped where the boxes' sizes, counts and offsets are.
      for (let i = 0; i < 1000; i++) {
        const copy = Buffer.from(input)
        for (let k = 0; k < 3; k++) copy[12 + (rand() % Math.min(500, copy.length - 12))] = rand() & 0xff
        expect(() => stripGps(copy)).not.toThrow()
      }
    }
  })
})
