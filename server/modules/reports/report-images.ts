import type { Readable } from 'node:stream'
import sharp from 'sharp'

/*
 * Photos as a report prints them: turned upright by their EXIF orientation, scaled to fit their box at
 * print resolution (never enlarged) and re-encoded as a plain JPEG without metadata. A phone's 12 MP
 * original of ~3 MB becomes ~60-150 KB; JPEG's shrink-on-load decodes it at a fraction of its size.
 */

/** Print resolution of a photo on paper: 150 dpi is sharp at arm's length and keeps files small. */
export const PRINT_DPI = 150
export const PRINT_QUALITY = 70
// Decompression bombs: the same ceiling as the upload's header check (doc-images.ts).
const LIMIT_INPUT_PIXELS = 100_000_000

export type PrintImage = { jpeg: Buffer; width: number; height: number }

/** The box's size in pixels at PRINT_DPI, from points (1/72 inch). */
export const boxPixels = (points: number) => Math.round((points / 72) * PRINT_DPI)

/** One photo resized for a `boxWidth` x `boxHeight` point box; null when its bytes do not decode. */
export async function printImage(
  bytes: Buffer,
  boxWidth: number,
  boxHeight: number,
): Promise<PrintImage | null> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({
        width: boxPixels(boxWidth),
        height: boxPixels(boxHeight),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: PRINT_QUALITY, progressive: false, chromaSubsampling: '4:2:0' })
      .toBuffer({ resolveWithObject: true })
    return { jpeg: data, width: info.width, height: info.height }
  } catch {
    return null
  }
}

/** All of a stream's bytes (one photo: a few MB at most, read one or two at a time). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The photos of a report in order, `ahead` of them being read and resized while the one before is drawn
 * (two cores: one draws and writes, sharp's threads resize). Never more than `ahead` photos in memory,
 * whatever the report's size.
 */
export function imagesInOrder(
  count: number,
  load: (index: number) => Promise<PrintImage | null>,
  ahead = 2,
): { take(index: number): Promise<PrintImage | null> } {
  const pending = new Map<number, Promise<PrintImage | null>>()
  let next = 0
  const fill = (upTo: number) => {
    while (next < count && next <= upTo) {
      const i = next++
      // A failure is the photo's own (a placeholder is drawn), never the report's.
      pending.set(
        i,
        load(i).catch(() => null),
      )
    }
  }
  return {
    async take(index) {
      fill(index + ahead)
      const image = pending.get(index) ?? load(index).catch(() => null)
      pending.delete(index)
      return image
    },
  }
}
