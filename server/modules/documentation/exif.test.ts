import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifCaptureTime, exifDateToIso } from './exif'

async function exifOf(ifd2: Record<string, string>, orientation?: number) {
  let img = sharp({ create: { width: 8, height: 6, channels: 3, background: '#777' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Uji' }, IFD2: ifd2 })
  if (orientation) img = img.withMetadata({ orientation })
  return (await sharp(await img.toBuffer()).metadata()).exif
}

describe('EXIF capture time', () => {
  it('reads DateTimeOriginal with its offset as UTC, without it as the wall clock', async () => {
    expect(
      exifCaptureTime(
        await exifOf({ DateTimeOriginal: '2024:05:01 10:20:30', OffsetTimeOriginal: '+07:00' }),
      ),
    ).toBe('2024-05-01T03:20:30.000Z')
    expect(
      exifCaptureTime(
        await exifOf({ DateTimeOriginal: '2024:05:01 01:00:00', OffsetTimeOriginal: '-03:30' }),
      ),
    ).toBe('2024-05-01T04:30:00.000Z')
    expect(exifCaptureTime(await exifOf({ DateTimeOriginal: '2024:02:29 08:00:00' }, 6))).toBe(
      '2024-02-29T08:00:00',
    )
  })

  it('falls back to DateTimeDigitized; blank or impossible dates are no date', async () => {
    expect(exifCaptureTime(await exifOf({ DateTimeDigitized: '2022:01:02 03:04:05' }))).toBe(
      '2022-01-02T03:04:05',
    )
    expect(exifCaptureTime(await exifOf({ DateTimeOriginal: '0000:00:00 00:00:00' }))).toBeUndefined()
    expect(exifDateToIso('2023:02:29 10:00:00')).toBeUndefined()
    expect(exifDateToIso('2023:13:01 10:00:00')).toBeUndefined()
    expect(exifDateToIso('2023:01:01 24:00:00')).toBeUndefined()
    expect(exifDateToIso('    :  :     :  :  ')).toBeUndefined()
    // A nonsense offset is ignored rather than trusted.
    expect(exifDateToIso('2023:01:01 10:00:00', '+99:00')).toBe('2023-01-01T10:00:00')
  })

  it('never throws on damaged or hostile blocks', async () => {
    const good = (await exifOf({ DateTimeOriginal: '2024:05:01 10:20:30' })) as Buffer
    expect(exifCaptureTime(undefined)).toBeUndefined()
    expect(exifCaptureTime(Buffer.alloc(0))).toBeUndefined()
    for (let cut = 0; cut < good.length; cut += 3)
      expect(() => exifCaptureTime(good.subarray(0, cut))).not.toThrow()
    for (let i = 0; i < 2000; i++) {
      const noisy = Buffer.from(good)
      for (let j = 0; j < 4; j++)
        noisy[6 + Math.floor(Math.random() * (noisy.length - 6))] = Math.floor(Math.random() * 256)
      expect(() => exifCaptureTime(noisy)).not.toThrow()
      expect(() =>
        exifCaptureTime(Buffer.concat([Buffer.from('Exif\0\0II*\0'), randomBytes(64)])),
      ).not.toThrow()
    }
  })
})
