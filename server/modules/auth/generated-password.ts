import { randomInt } from 'node:crypto'

/*
 * A password an admin reads aloud or types from a phone screen (issue 32): no character that looks like
 * another (0/O/o, 1/l/I, 5/S, 2/Z, 8/B, u/v), in three groups of four, 14 characters with the dashes:
 * 12 symbols of 45, about 66 bits, well past the 8-character rule of every password form.
 */
const ALPHABET = 'abcdefghjkmnpqrstwxyzACDEFGHJKLMNPQRTWXY34679'

export function readablePassword(): string {
  const groups: string[] = []
  for (let g = 0; g < 3; g++) {
    let group = ''
    for (let i = 0; i < 4; i++) group += ALPHABET[randomInt(ALPHABET.length)]
    groups.push(group)
  }
  return groups.join('-')
}

/** A 6-digit one-time code, uniform over 000000-999999. */
export const oneTimeCode = () => String(randomInt(1_000_000)).padStart(6, '0')
