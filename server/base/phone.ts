/**
 * A WhatsApp address from the phone number a user typed (issue 11): Indonesian numbers are written
 * 0812..., +62 812..., 62812... or 812...; WhatsApp wants the international digits (62812...).
 * Separators (spaces, dashes, dots, brackets) are ignored. Anything that is not a plausible number
 * answers null and gets no WhatsApp message.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null
  const trimmed = raw.trim()
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null
  let digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) {
    // Already international: +62..., or another country's number.
  } else if (digits.startsWith('0')) {
    digits = `62${digits.replace(/^0+/, '')}`
  } else if (digits.startsWith('8')) {
    digits = `62${digits}`
  } else if (!digits.startsWith('62')) {
    return null
  }
  // Indonesian mobile numbers: 62 8xx, 9 to 13 digits after the country code.
  if (digits.startsWith('62')) return /^628\d{7,11}$/.test(digits) ? digits : null
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null
}

/** The WhatsApp user address of normalised digits. */
export const phoneJid = (digits: string) => `${digits}@s.whatsapp.net`
