import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { readPhotoExif } from './photo-exif'

const GPS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '6/1 54/1 5318/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '107/1 36/1 3530/100',
  GPSHPositioningError: '12/1',
}

async function photo(format: 'jpeg' | 'png' | 'webp', exif: Record<string, Record<string, string>>) {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'gray' } })
    [format]()
    .withExif({ IFD0: { Make: 'Uji' }, ...exif })
    .toBuffer()
  return new Blob([new Uint8Array(bytes)])
}

describe('readPhotoExif (on the phone, before compression)', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    '%s: the GPS place and the zoned capture time',
    async (format) => {
      const exif = await readPhotoExif(
        await photo(format, {
          IFD2: { DateTimeOriginal: '2026:11:26 23:30:00', OffsetTimeOriginal: '+07:00' },
          IFD3: GPS,
        }),
      )
      expect(exif?.takenAt).toBe(Date.parse('2026-11-26T16:30:00Z'))
      expect(exif?.place?.lat).toBeCloseTo(-6.9147722, 6)
      expect(exif?.place?.lng).toBeCloseTo(107.6098056, 6)
      expect(exif?.place?.accuracy_m).toBe(12)
    },
  )

  it('a photo without EXIF, or bytes that are no photo, give nothing', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer()
    expect(await readPhotoExif(new Blob([new Uint8Array(plain)]))).toBeNull()
    expect(await readPhotoExif(new Blob(['Exif\0\0MM\0*garbage that is cut off']))).toBeNull()
    expect(await readPhotoExif(new Blob([new Uint8Array(2000)]))).toBeNull()
  })

  it('a capture time without GPS, and no place at 0,0', async () => {
    const exif = await readPhotoExif(
      await photo('jpeg', {
        IFD2: { DateTimeOriginal: '2026:11:26 10:00:00' },
        IFD3: { ...GPS, GPSLatitude: '0/1 0/1 0/1', GPSLongitude: '0/1 0/1 0/1' },
      }),
    )
    expect(exif?.place).toBeNull()
    expect(exif?.takenAt).toBe(new Date(2026, 10, 26, 10, 0, 0).getTime())
  })
})
