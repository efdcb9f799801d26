import fs from 'node:fs'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { DOC_MSG } from '../../../src/contracts/documentation'
import type { ReceivedFile } from '../../uploads/receive'
import { type ExifPlace, exifCaptureTime, exifPlace } from './exif'

// Decompression bombs: refuse images above ~100 MP before decoding them (as server/images.ts does).
const LIMIT_INPUT_PIXELS = 100_000_000
/** The thumbnail's shorter side: the grid crops to 4:3 and never shows a card wider than ~430 CSS px. */
export const THUMB_SIDE = 480
const THUMB_QUALITY = 72

/** An uploaded photo whose header was read: ready to commit, its thumbnail still to make. */
export type InspectedImage = {
  file: ReceivedFile
  /** As displayed: EXIF orientation applied. */
  width: number
  height: number
  takenAt: string | null
  /** The camera's GPS place, read before the stored copy loses it (strip-gps.ts). */
  place: ExifPlace | null
}

export type ImageFailure = { file: ReceivedFile; message: string }

/**
 * Reads a photo's header only (no pixel is decoded: ~1 ms, so the upload can answer at once): its
 * displayed size and the capture time and place the camera wrote into EXIF. Bytes that passed the magic-number
 * check but have no readable header (HEIC, which this sharp build cannot read, or a cut-off head) are a
 * failure of that file, never of the request. A photo whose pixels turn out broken is found by its
 * thumbnail job, which then marks it failed (the grid shows the original).
 */
export async function inspectImage(file: ReceivedFile): Promise<InspectedImage | ImageFailure> {
  try {
    const meta = await sharp(file.path, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata()
    const width = meta.autoOrient?.width ?? meta.width
    const height = meta.autoOrient?.height ?? meta.height
    if (!width || !height) return unreadable(file)
    return {
      file,
      width,
      height,
      takenAt: exifCaptureTime(meta.exif) ?? null,
      place: exifPlace(meta.exif) ?? null,
    }
  } catch {
    return unreadable(file)
  }
}

/**
 * The thumbnail: a WebP whose shorter side is THUMB_SIDE (never enlarged), turned upright by the EXIF
 * orientation, without metadata (no location in the grid's images). Throws when the pixels do not decode.
 */
export async function renderThumbnail(
  input: Readable,
  out: string,
): Promise<{ width: number; height: number }> {
  const pipeline = sharp({ limitInputPixels: LIMIT_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'outside', withoutEnlargement: true })
    .webp({ quality: THUMB_QUALITY, effort: 3 })
  try {
    input.on('error', (err) => pipeline.destroy(err))
    const info = await input.pipe(pipeline).toFile(out)
    return { width: info.width, height: info.height }
  } catch (err) {
    await fs.promises.rm(out, { force: true })
    throw err
  }
}

const unreadable = (file: ReceivedFile): ImageFailure => ({
  file,
  message: file.kind === 'heic' ? DOC_MSG.heic(file.name) : DOC_MSG.undecodable(file.name),
})

export const isFailure = (x: InspectedImage | ImageFailure): x is ImageFailure => 'message' in x
