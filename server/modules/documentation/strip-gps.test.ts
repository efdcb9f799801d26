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
