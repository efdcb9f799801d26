import { DIARY_LIMITS, DIARY_MSG, SIGNATURE_PATTERN } from '../../../src/contracts/diary'
import { AppError } from '../../http'

/*
 * A drawn signature arrives as a data URL. The schema checks its form and length; here its bytes: it must
 * really be a PNG (signature and IHDR chunk) or a JPEG (SOI marker ... EOI), whatever the URL claims, and
 * at most 200 KB. Anything else is 422 on the field `signature`, and nothing is stored.
 */

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const refuse = (message: string) => new AppError(422, message, { signature: message })

function isPng(b: Buffer): boolean {
  if (b.length < 33 || !b.subarray(0, 8).equals(PNG_MAGIC)) return false
  // The first chunk is IHDR, 13 bytes, with a width and height above 0.
  return (
    b.readUInt32BE(8) === 13 &&
    b.toString('latin1', 12, 16) === 'IHDR' &&
    b.readUInt32BE(16) > 0 &&
    b.readUInt32BE(20) > 0
  )
}

function isJpeg(b: Buffer): boolean {
  return (
    b.length > 4 &&
    b[0] === 0xff &&
    b[1] === 0xd8 &&
    b[2] === 0xff &&
    b[b.length - 2] === 0xff &&
    b[b.length - 1] === 0xd9
  )
}

/** Checks a signature's bytes; returns it unchanged (normalised to what it really is) when it passes. */
export function checkSignatureImage(dataUrl: string): string {
  if (!SIGNATURE_PATTERN.test(dataUrl)) throw refuse(DIARY_MSG.signature)
  const comma = dataUrl.indexOf(',')
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64')
  if (bytes.length > DIARY_LIMITS.signatureBytes) throw refuse(DIARY_MSG.signatureLarge)
  if (isPng(bytes)) return `data:image/png;base64,${bytes.toString('base64')}`
  if (isJpeg(bytes)) return `data:image/jpeg;base64,${bytes.toString('base64')}`
  throw refuse(DIARY_MSG.signature)
}
