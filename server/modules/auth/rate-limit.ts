/**
 * Counts failed attempts per key in a sliding window. In memory: one server process serves a firm,
 * and a restart forgetting counts is acceptable for a brute-force brake.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>()
  constructor(private windowMs: number) {}

  /** Milliseconds until the key may try again, or 0 when it is under `limit`. */
  retryAfter(key: string, limit: number, now = Date.now()): number {
    const recent = this.prune(key, now)
    if (recent.length < limit) return 0
    return recent[recent.length - limit] + this.windowMs - now
  }

  hit(key: string, now = Date.now()): void {
    const recent = this.prune(key, now)
    recent.push(now)
    this.hits.set(key, recent)
    if (this.hits.size > 50_000) this.sweep(now)
  }

  reset(key: string): void {
    this.hits.delete(key)
  }

  private prune(key: string, now: number): number[] {
    const list = this.hits.get(key)
    if (!list) return []
    const recent = list.filter((t) => t > now - this.windowMs)
    if (recent.length) this.hits.set(key, recent)
    else this.hits.delete(key)
    return recent
  }

  private sweep(now: number) {
    for (const key of [...this.hits.keys()]) this.prune(key, now)
  }
}
