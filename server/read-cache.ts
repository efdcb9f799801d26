/**
 * Answers of hot reads (the session behind a token, the project list, the dashboard analysis), reused
 * until the next write.
 *
 * Why: the admin project list is ~2 ms of CPU (200 projects, their counters, 78 KB of JSON) and the
 * token lookup runs on every call; at 50 concurrent clients that queues far past the p99 budget, while
 * writes are rare by comparison.
 * Correctness rests on one rule: every write goes through this process's API, and app.ts calls
 * invalidate() after every non-GET API request, before its response is sent, so a client always
 * reads its own writes. An entry computed while a write was in flight carries the older epoch and is
 * never served after that write. Anything that writes outside an API request (a future background
 * job) must call invalidate() too. One server process per database, as with the login rate limiter.
 */
export class ReadCache {
  private epoch = 0
  private entries = new Map<string, { epoch: number; value: unknown }>()

  constructor(private enabled = true) {}

  invalidate(): void {
    this.epoch += 1
    this.entries.clear()
  }

  /** The kept answer for `key`, or compute() now; `keep` says which answers are worth keeping. */
  async get<T>(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.enabled) return compute()
    const hit = this.entries.get(key)
    if (hit && hit.epoch === this.epoch) return hit.value as T
    const epoch = this.epoch
    const value = await compute()
    if (epoch === this.epoch && keep(value)) this.entries.set(key, { epoch, value })
    return value
  }
}
