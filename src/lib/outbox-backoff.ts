/* When the outbox tries a waiting item again, and which answers are worth trying again at all. */

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 10 * 60_000

/** Exponential backoff with jitter (50-100 %), at least what the server's Retry-After asked for. */
export function backoffDelay(attempts: number, random: () => number = Math.random, retryAfterMs?: number) {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  const jittered = Math.round(exp * (0.5 + random() / 2))
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, BACKOFF_MAX_MS * 3))
}

export function isRetryableStatus(status: number): boolean {
  // 409: the same key is still being worked on elsewhere (another attempt in flight); ask again later.
  return status === 0 || status === 408 || status === 409 || status === 429 || status >= 500
}

/** Retry-After as seconds or an HTTP date, in ms from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
