import fs from 'node:fs'
import sharp from 'sharp'
import { DOC_MSG } from '../../../src/contracts/docs'
import type { ReceivedFile } from '../../uploads/receive'
import { exifCaptureTime } from './exif'

// Decompression bombs: refuse images above ~100 MP before decoding them (as server/images.ts does).
const LIMIT_INPUT_PIXELS = 100_000_000
/** The thumbnail's shorter side: the grid crops to 4:3 and never shows a card wider than ~430 CSS px. */
export const THUMB_SIDE = 480
const THUMB_QUALITY = 72

/** An uploaded photo, read and thumbnailed, ready to commit. */
export type PreparedImage = {
  file: ReceivedFile
  /** As displayed: EXIF orientation applied. */
  width: number
  height: number
  takenAt: string | null
  thumb: { path: string; width: number; height: number }
}

export type ImageFailure = { file: ReceivedFile; message: string }

/**
 * Reads a photo's displayed size and capture time and writes its thumbnail: a WebP whose shorter side
 * is THUMB_SIDE (never enlarged), turned upright by the EXIF orientation, without metadata (no location
 * in the grid's images). Bytes that passed the magic-number check but do not decode (HEIC, which this
 * sharp build cannot read, or a truncated file) are a failure of that file, never of the request.
 */
export async function prepareImage(
  file: ReceivedFile,
  thumbPath: string,
): Promise<PreparedImage | ImageFailure> {
  try {
    const meta = await sharp(file.path, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata()
    const width = meta.autoOrient?.width ?? meta.width
    const height = meta.autoOrient?.height ?? meta.height
    if (!width || !height) return unreadable(file)
    const info = await sharp(file.path, { limitInputPixels: LIMIT_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'outside', withoutEnlargement: true })
      .webp({ quality: THUMB_QUALITY, effort: 3 })
      .toFile(thumbPath)
    return {
      file,
      width,
      height,
      takenAt: exifCaptureTime(meta.exif) ?? null,
      thumb: { path: thumbPath, width: info.width, height: info.height },
    }
  } catch {
    await fs.promises.rm(thumbPath, { force: true })
    return unreadable(file)
  }
}

const unreadable = (file: ReceivedFile): ImageFailure => ({
  file,
  message: file.kind === 'heic' ? DOC_MSG.heic(file.name) : DOC_MSG.undecodable(file.name),
})

export const isFailure = (x: PreparedImage | ImageFailure): x is ImageFailure => 'message' in x
