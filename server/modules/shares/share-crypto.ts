import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

/*
 * The secrets of a share link (docs/decisions/0066-share-links-and-public-pages.md):
 * - the token: 24 random bytes (192 bits) in base64url, the only key to the public page;
 * - the PIN: scrypt with a salt of its own, so a stolen database does not hand out the 6 digits at a glance
 *   (10^6 guesses remain cheap offline; the link's token is the real secret, the PIN guards a forwarded one);
 * - the sign key: per link, signs the short-lived photo and PDF URLs the page hands out, so those URLs
 *   stop working when the link is revoked (the check reads the link) or after their hour.
 */

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>

export const TOKEN_BYTES = 24
/** base64url of TOKEN_BYTES bytes: 32 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

export const newShareToken = () => randomBytes(TOKEN_BYTES).toString('base64url')
export const newSignKey = () => randomBytes(32).toString('base64url')

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(pin, salt, 32)
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash || !/^\d{6}$/.test(pin)) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(pin, Buffer.from(salt, 'base64url'), expected.length)
  return timingSafeEqual(actual, expected)
}

/** What one signed URL is for: a photo of the link (thumb or full) or the link's report PDF. */
export type Signed = { token: string; what: string; size: string; exp: number }

export function signUrl(key: string, s: Signed): string {
  return createHmac('sha256', key).update(`${s.token}|${s.what}|${s.size}|${s.exp}`).digest('base64url')
}

/** Compares in constant time; a malformed signature is simply wrong. */
export function signatureMatches(key: string, s: Signed, sig: string | undefined): boolean {
  if (!sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false
  return timingSafeEqual(Buffer.from(signUrl(key, s)), Buffer.from(sig))
}

const HOUR_S = 3600

/**
 * The pass a right PIN earns in the client's browser: a cookie on the link's own path, `{exp}.{sig}`
 * signed with the link's key, so the page opens again (a reload, Back from the PDF) without re-posting
 * the form. Revoking the link ends it with the link; it never holds the PIN.
 */
export const PIN_PASS_COOKIE = 'berkas_pin'
/** How long a pass lasts: a working day on the client's phone (the link's own expiry ends it sooner). */
export const PIN_PASS_S = 12 * HOUR_S

export function pinPass(key: string, token: string, exp: number): string {
  return `${exp}.${signUrl(key, { token, what: 'pin-pass', size: '', exp })}`
}

export function pinPassMatches(
  key: string,
  token: string,
  value: string | undefined,
  nowMs = Date.now(),
): boolean {
  const [exp, sig] = (value ?? '').split('.')
  if (!exp || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return false
  return signatureMatches(key, { token, what: 'pin-pass', size: '', exp: Number(exp) }, sig)
}

/**
 * When URLs handed out now expire: the end of the next whole hour (60-120 minutes away). Rounded, so a
 * page opened twice within the hour hands out the same URLs and the browser's cache serves them again.
 */
export function urlExpiry(nowMs = Date.now()): number {
  return (Math.floor(nowMs / 1000 / HOUR_S) + 2) * HOUR_S
}
