// Shared with the password shown once (issue 32): it lives in src/lib.
export { copyText } from '../../lib/clipboard'

/** A 6-digit PIN from the browser's cryptographic random source (no modulo bias worth noting at 10^6 of 2^32). */
export function randomPin(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] as number
  return String(n % 1_000_000).padStart(6, '0')
}
