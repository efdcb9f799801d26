import fs from 'node:fs'
import sharp from 'sharp'

// Decompression bombs: refuse images above ~100 MP before decoding them.
const LIMIT_INPUT_PIXELS = 100_000_000

/**
 * Re-encodes an avatar to a square WebP: strips EXIF (location of the phone), honours orientation,
 * and bounds its size whatever was uploaded. Writes to `out`; throws when the input is not an image.
 */
export async function renderAvatar(input: string, out: string): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: LIMIT_INPUT_PIXELS })
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 82 })
      .toFile(out)
  } catch (err) {
    await fs.promises.rm(out, { force: true })
    throw err
  }
}
